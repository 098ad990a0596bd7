/**
 * The request-flood counters (http/rate-limit-store.ts), shared by every API instance: one row
 * per limited key and window. UNLOGGED: counters of the last minute are not worth a WAL record
 * per request (PostgreSQL empties the table after a crash, which only forgives a minute).
 * No org_id (keys are users and addresses), so no row-level security; the app role gets DML
 * through the default privileges of migration 0002.
 * The app role may also read which migrations are applied (GET /readyz, http/health.ts).
 */
import type { Kysely } from 'kysely';
import { APP_ROLE } from '../connect.js';
import { runStatements } from './0001_identity.js';

export default {
  up: (db: Kysely<any>) =>
    runStatements(db, [
      'CREATE UNLOGGED TABLE rate_limit_hits (key text PRIMARY KEY, hits integer NOT NULL, resets_at timestamptz NOT NULL)',
      'CREATE INDEX rate_limit_hits_resets_at ON rate_limit_hits (resets_at)',
      `GRANT SELECT ON kysely_migration TO ${APP_ROLE}`,
    ]),
  down: (db: Kysely<any>) => runStatements(db, [`REVOKE SELECT ON kysely_migration FROM ${APP_ROLE}`, 'DROP TABLE rate_limit_hits']),
};
