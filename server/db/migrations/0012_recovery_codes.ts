/**
 * One-time recovery codes of the second factor (SECURITY.md "two-factor"): a set of 10 per user,
 * each stored as an HMAC (never in clear), spent by one guarded UPDATE (`used_at IS NULL`), so two
 * parallel requests with the same code cannot both pass. A new set replaces the old one.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

export const RECOVERY_TENANT_TABLES = ['recovery_codes'] as const;

const APP_ROLE = 'retaguarda_app';

const up = [
  `CREATE TABLE recovery_codes (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    user_id text NOT NULL REFERENCES users(id),
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL,
    used_at timestamptz,
    CONSTRAINT recovery_codes_user_hash_unique UNIQUE (user_id, code_hash)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON recovery_codes TO ${APP_ROLE}`,
  ...RECOVERY_TENANT_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [`DROP POLICY IF EXISTS ${TENANT_POLICY} ON recovery_codes`, 'DROP TABLE recovery_codes'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
