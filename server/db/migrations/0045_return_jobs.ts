/**
 * Retornos applied by a background job (issue 25): the request validates the whole file and
 * stores it with its import record in `processing`; the job applies its payments in steps
 * (`processed_count` of `payments` is the resume point and the progress), then `processed`.
 * Imports made before this migration were synchronous and complete: `processed`, full progress.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE remittance_returns ADD COLUMN status text NOT NULL DEFAULT 'processed' CHECK (status IN ('processing', 'processed', 'failed'))`,
  `ALTER TABLE remittance_returns ADD COLUMN processed_count integer NOT NULL DEFAULT 0 CHECK (processed_count >= 0)`,
  `ALTER TABLE remittance_returns ADD COLUMN agreement_id text REFERENCES bank_account_agreements(id)`,
  `ALTER TABLE remittance_returns ADD COLUMN content bytea`,
  // The payments as the request read and validated them (line, seu número, ocorrências, date, amount): what the steps apply.
  `ALTER TABLE remittance_returns ADD COLUMN plan jsonb`,
  `ALTER TABLE remittance_returns ADD COLUMN failure_reason text`,
  `ALTER TABLE remittance_returns ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `UPDATE remittance_returns SET processed_count = payments`,
  `ALTER TABLE remittance_returns ALTER COLUMN status SET DEFAULT 'processing'`,
  // The job's recovery scan: retornos still being applied.
  `CREATE INDEX remittance_returns_processing_idx ON remittance_returns (updated_at) WHERE status = 'processing'`,
];

const down = [
  `DROP INDEX remittance_returns_processing_idx`,
  `DELETE FROM remittance_returns WHERE status <> 'processed'`,
  ...['updated_at', 'failure_reason', 'plan', 'content', 'agreement_id', 'processed_count', 'status'].map((column) => `ALTER TABLE remittance_returns DROP COLUMN ${column}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
