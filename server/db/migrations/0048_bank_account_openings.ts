/**
 * A new conta financeira's bank data go through the same approval as a change of them
 * (server/finance/bankAccountOpening.ts): the account is created inactive with an "abertura" — an
 * alteração de dados bancários marked `opening`, whose "before" is empty — and its approval
 * activates the account when its creator asked for an active one (`opening_activates`). Accounts
 * and changes made before this migration are not openings.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE bank_account_changes ADD COLUMN opening boolean NOT NULL DEFAULT false`,
  `ALTER TABLE bank_account_changes ADD COLUMN opening_activates boolean NOT NULL DEFAULT false`,
  `CREATE UNIQUE INDEX bank_account_changes_one_opening ON bank_account_changes (bank_account_id) WHERE opening`,
];

const down = [`DROP INDEX bank_account_changes_one_opening`, `ALTER TABLE bank_account_changes DROP COLUMN opening_activates`, `ALTER TABLE bank_account_changes DROP COLUMN opening`];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
