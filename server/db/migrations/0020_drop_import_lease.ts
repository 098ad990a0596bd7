/**
 * The lease columns of `import_batches` (`locked_by`, `locked_until`, migration 0003) are unused
 * since the imports run on the job queue (jobs/queue.ts: pg-boss holds the lease): dropped, with
 * the partial index on `locked_until` that goes with them. `down` puts both back (empty).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = ['ALTER TABLE import_batches DROP COLUMN locked_by, DROP COLUMN locked_until'];
const down = [
  'ALTER TABLE import_batches ADD COLUMN locked_by text, ADD COLUMN locked_until timestamptz',
  `CREATE INDEX import_batches_running_idx ON import_batches (locked_until) WHERE status = 'running'`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
