/**
 * zod/mini schemas of Brazilian values ON THE WIRE (already normalised: unmasked, canonical),
 * with pt-BR messages. Declarations use them; the client validates with them before sending and
 * the server validates the same body with them, so both answer with the same message.
 */
import * as z from 'zod/mini';
import { validAccountDigit, validAccountNumber, validAgency, validAgencyDigit, validBankCode, validIspb } from './bankAccount';
import { validCep } from './cep';
import { validCnpj, validCpf, validCpfCnpj } from './documents';
import { EMAIL_MAX_LENGTH, validEmail } from './email';
import { validPhone } from './phone';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, validPixKey, type PixKeyType } from './pix';
import { validIeFormat, validIm } from './stateRegistration';
import { UF_CODES, ufOfIbgeCode } from './ufs';

export const MESSAGES = {
  cpf: 'CPF inválido.',
  cnpj: 'CNPJ inválido.',
  cpfCnpj: 'CPF ou CNPJ inválido.',
  cep: 'CEP inválido.',
  phone: 'Telefone inválido. Informe o DDD e o número (10 ou 11 dígitos).',
  email: 'E-mail inválido.',
  pixKey: 'Chave PIX inválida.',
  pixKeyOfType: (type: PixKeyType) => `Chave PIX inválida para o tipo ${PIX_KEY_TYPE_LABELS[type]}.`,
  uf: 'UF inválida.',
  city: 'Município inválido.',
  ie: 'Inscrição estadual inválida. Use somente números ou ISENTO.',
  im: 'Inscrição municipal inválida.',
  bankCode: 'Código do banco inválido (3 dígitos).',
  ispb: 'ISPB inválido (8 dígitos).',
  agency: 'Agência inválida (até 5 dígitos).',
  agencyDigit: 'Dígito da agência inválido.',
  account: 'Conta inválida (até 13 dígitos).',
  accountDigit: 'Dígito da conta inválido.',
  pixKeyRepeated: 'Esta chave PIX já aparece acima.',
  onePrincipal: 'Marque no máximo uma chave como principal.',
} as const;

const str = (valid: (v: string) => boolean, message: string) => z.string().check(z.refine(valid, message));

export const cpf = () => str(validCpf, MESSAGES.cpf);
export const cnpj = () => str(validCnpj, MESSAGES.cnpj);
export const cpfCnpj = () => str(validCpfCnpj, MESSAGES.cpfCnpj);
export const cep = () => str(validCep, MESSAGES.cep);
export const phone = () => str(validPhone, MESSAGES.phone);
export const email = () => z.string().check(z.maxLength(EMAIL_MAX_LENGTH, MESSAGES.email), z.refine(validEmail, MESSAGES.email));
/** A PIX key in canonical form, of any type (see `pixKeyEntry` for a key with its type). */
export const pixKey = () => str((v) => validPixKey(v), MESSAGES.pixKey);
export const uf = () => z.enum(UF_CODES, MESSAGES.uf);
/** A 7-digit IBGE municipality code whose first two digits name a UF (existence: server). */
export const ibgeCity = () => str((v) => ufOfIbgeCode(v) !== null, MESSAGES.city);
export const stateRegistration = () => str(validIeFormat, MESSAGES.ie);
export const municipalRegistration = () => str(validIm, MESSAGES.im);
export const bankCode = () => str(validBankCode, MESSAGES.bankCode);
export const ispb = () => str(validIspb, MESSAGES.ispb);
export const agency = () => str(validAgency, MESSAGES.agency);
export const agencyDigit = () => str(validAgencyDigit, MESSAGES.agencyDigit);
export const accountNumber = () => str(validAccountNumber, MESSAGES.account);
export const accountDigit = () => str(validAccountDigit, MESSAGES.accountDigit);

/** The key of a `{type, key}` entry as typed (its validity for the type: `pixKeyMatchesType`). */
export const pixKeyText = () => z.string().check(z.trim(), z.minLength(1, 'Informe a chave.'), z.maxLength(77));

/** Check of a `{type, key}` object: the key must be a valid key OF THAT TYPE (the error is on `key`). */
export const pixKeyMatchesType = () =>
  z.superRefine((value: unknown, ctx) => {
    const entry = value as { type: PixKeyType; key: string };
    if (!entry.key || !(PIX_KEY_TYPES as readonly string[]).includes(entry.type)) return;
    if (!validPixKey(entry.key, entry.type)) ctx.addIssue({ code: 'custom', message: MESSAGES.pixKeyOfType(entry.type), path: ['key'], input: entry.key });
  });

/**
 * Check of a list of `{key, isDefault}` entries: no key twice (the error on the repeated one's
 * `key`) and at most one marked principal (on each `isDefault` after the first).
 */
export const pixKeyListChecks = () =>
  z.superRefine((value: unknown, ctx) => {
    const entries = Array.isArray(value) ? (value as { key?: unknown; isDefault?: unknown }[]) : [];
    const seen = new Set<string>();
    let principal = false;
    entries.forEach((entry, index) => {
      const key = typeof entry?.key === 'string' ? entry.key.trim() : '';
      if (key && seen.has(key)) ctx.addIssue({ code: 'custom', message: MESSAGES.pixKeyRepeated, path: [index, 'key'], input: key });
      seen.add(key);
      if (entry?.isDefault === true) {
        if (principal) ctx.addIssue({ code: 'custom', message: MESSAGES.onePrincipal, path: [index, 'isDefault'], input: true });
        principal = true;
      }
    });
  });

/**
 * `{type, key}`: the key must be a valid key OF THAT TYPE (the error is on `key`, with the
 * type's name in the message).
 */
export const pixKeyEntry = <Extra extends z.core.$ZodShape = Record<never, never>>(extra?: Extra) =>
  z
    .object({
      type: z.enum(PIX_KEY_TYPES),
      key: pixKeyText(),
      ...(extra ?? ({} as Extra)),
    })
    .check(pixKeyMatchesType());
