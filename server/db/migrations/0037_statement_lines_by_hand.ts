/**
 * Statement lines typed by hand (issue 25, extrato de movimentações): the registry
 * `bankStatementLines` (src/contracts/resources/bankStatementLines.ts) lives on
 * `bank_statement_lines`, beside the OFX lines of migration 0031.
 * - `statement_id` may be empty: a hand line belongs to no imported file;
 * - `source`: `ofx` (imported, read-only) or `manual` (typed: editable and deletable until it is reconciled);
 * - the registry's base columns (`created_at`, `updated_at`, `created_by`, `updated_by`); the OFX
 *   lines already there take their reconciliation time or now.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE bank_statement_lines ALTER COLUMN statement_id DROP NOT NULL`,
  `ALTER TABLE bank_statement_lines ADD COLUMN source text NOT NULL DEFAULT 'ofx' CHECK (source IN ('ofx', 'manual'))`,
  `ALTER TABLE bank_statement_lines ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE bank_statement_lines ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE bank_statement_lines ADD COLUMN created_by text`,
  `ALTER TABLE bank_statement_lines ADD COLUMN updated_by text`,
  `ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_source_statement CHECK (source = 'manual' OR statement_id IS NOT NULL)`,
];

const down = [
  `DELETE FROM bank_statement_lines WHERE source = 'manual'`,
  `ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_source_statement`,
  ...['updated_by', 'created_by', 'updated_at', 'created_at', 'source'].map((column) => `ALTER TABLE bank_statement_lines DROP COLUMN ${column}`),
  `ALTER TABLE bank_statement_lines ALTER COLUMN statement_id SET NOT NULL`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
