/**
 * Brazilian data rules, isomorphic (client AND server): normalisers of what people paste,
 * validators of stored values, zod/mini schemas with pt-BR messages, the 27 UFs, CEP ranges,
 * PIX keys and copia e cola, boletos, bank business days, IE/IM, bank-data shapes and the DRE
 * skeleton.
 *
 * Not re-exported here on purpose (heavy data, never in the browser's first load):
 * `./banks` (official bank list: server seed) and `./municipalities` (IBGE list: `import()`).
 */
export * from './bankAccount';
export * from './boleto';
export * from './businessDays';
export * from './cep';
export * from './documents';
export * from './dre';
export * from './email';
export * from './phone';
export * from './pix';
export * from './pixPayload';
export * from './stateRegistration';
export * from './text';
export * from './ufs';
export * as schemas from './schemas';
export { MESSAGES } from './schemas';
