/**
 * What a rule is written with: a part of zod/mini (`z`), the Brazilian documents' schemas
 * (`brazil`), the money/date/percent rules and the shared helpers. Only `provide.ts` imports it:
 * the server at start and the screens that validate; a list never loads it.
 */
export * as z from './zod';
export * as brazil from '../brazil/schemas';
export { date, money, percent } from '../documents';
export { idList, optional, requiredText } from './common';
