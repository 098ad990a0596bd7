/**
 * Wire values shared by declarations, client and server. The Brazilian ones (CPF, CNPJ incl.
 * the alphanumeric CNPJ, CEP, phone, e-mail) live in `./brazil` and are re-exported here for
 * the declarations that already import them from this file.
 */
import * as z from 'zod/mini';
import { MAX_CENTAVOS, MONEY_MESSAGES } from './money';
import { schemas } from './brazil';

export { unmask, validCep, validCnpj, validCpf, validCpfCnpj, validEmail, validPhone } from './brazil';

export const cpf = schemas.cpf;
export const cnpj = schemas.cnpj;
export const cpfCnpj = schemas.cpfCnpj;
export const cep = schemas.cep;
export const phone = schemas.phone;
export const email = schemas.email;
/** `YYYY-MM-DD` that is a real calendar date. */
export const date = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Informe a data.' : 'Data inválida.') }).check(
    z.refine((v: string) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return false;
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
    }, 'Data inválida.'),
  );
/** Why a value is not integer centavos: missing, beyond the limit (too big for a safe integer), or not a number. */
function moneyTypeMessage(input: unknown): string {
  if (input === undefined || input === null) return 'Informe o valor.';
  if (typeof input === 'number' && Math.abs(input) > MAX_CENTAVOS) return input > 0 ? MONEY_MESSAGES.tooLarge : MONEY_MESSAGES.tooSmall;
  // A form's text that did not parse although well formed ("99.999.999.999.999,00"): too many digits.
  if (typeof input === 'string' && /^-?\s*(R\$)?\s*\d[\d.]*(,\d{0,2})?$/.test(input.trim())) return input.trim().startsWith('-') ? MONEY_MESSAGES.tooSmall : MONEY_MESSAGES.tooLarge;
  return 'Valor inválido.';
}
/** Integer centavos, at most ±R$ 90 trilhões (safe integers); one message per wrong value. */
export const money = () => z.int({ error: (issue) => moneyTypeMessage(issue.input), abort: true }).check(z.minimum(-MAX_CENTAVOS, MONEY_MESSAGES.tooSmall), z.maximum(MAX_CENTAVOS, MONEY_MESSAGES.tooLarge));
/** Integer basis points (0 – 100,00% by default). */
export const percent = (min = 0, max = 10_000) => z.int('Percentual inválido.').check(z.minimum(min), z.maximum(max));
