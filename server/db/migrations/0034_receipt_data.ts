/**
 * Receipt data of the parcelas a receber (issue 27 §3): how the customer pays us. A receivable's
 * parcela now says which of our contas financeiras receives (`bank_account_id`, as before), our PIX
 * key (`pix_key_type`, `pix_key`) and the boleto we issue: its linha digitável (`boleto_line`) and
 * its nosso número — the one new column, `our_number` (digits, at most 20; NULL until the boleto
 * exists).
 *
 * Existing rows, safely: nothing is dropped nor rewritten in place. A receivable parcela without a
 * receiving account takes its lançamento's conta financeira (what every write of the lançamento
 * already did). The payee-only columns a receivable used to be asked for (the customer's bank,
 * agência, conta, holder, PIX copia e cola) stay in their rows, untouched: the receivable's
 * declaration no longer reads or writes them, and the lançamento's history keeps what was typed.
 * Payables are unchanged.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE installments ADD COLUMN our_number text CONSTRAINT installments_our_number_digits CHECK (our_number ~ '^[0-9]{1,20}$')`,
  `UPDATE installments AS i SET bank_account_id = e.bank_account_id
    FROM finance_entries e WHERE e.id = i.entry_id AND i.direction = 'receivable' AND i.bank_account_id IS NULL AND e.bank_account_id IS NOT NULL`,
];

const down = [`ALTER TABLE installments DROP COLUMN our_number`];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
