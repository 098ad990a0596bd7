/**
 * Tokens de conta (issue 26): read-only keys of external BI tools for the reports.
 *
 * - `account_tokens`: the registry (contracts/resources/accountTokens.ts). Only the SHA-256 of the
 *   secret is kept (`token_hash`, unique), with its first characters in clear (`prefix`) to name
 *   it; `reports` the reports it opens; `expires_on` inclusive; `status` active | revoked.
 *   The token is looked up by its hash on every use, on the app's identity handle (the tenant is
 *   not known before) — a revocation is one UPDATE, seen by every instance on the next request.
 * - `account_token_uses`: the audit of every use, granted or refused (which token, which report,
 *   when, from which address, the answer). Append-only for the app's role (SELECT, INSERT).
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const ACCOUNT_TOKEN_TABLES = ['account_tokens', 'account_token_uses'] as const;

const up = [
  `CREATE TABLE account_tokens (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    reports text[] NOT NULL CHECK (cardinality(reports) > 0 AND reports <@ ARRAY['dre', 'cashFlow']::text[]),
    expires_on date NOT NULL,
    prefix text NOT NULL,
    token_hash text NOT NULL,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
    last_used_at timestamptz,
    version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text,
    CONSTRAINT account_tokens_token_hash_unique UNIQUE (token_hash)
  )`,
  `CREATE INDEX account_tokens_org_created_idx ON account_tokens (org_id, created_at DESC, id)`,
  `CREATE TABLE account_token_uses (
    id bigserial PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    token_id text NOT NULL REFERENCES account_tokens(id),
    report text NOT NULL,
    format text NOT NULL CHECK (format IN ('json', 'csv')),
    outcome text NOT NULL CHECK (outcome IN ('granted', 'outOfScope', 'revoked', 'expired', 'limited', 'badRequest')),
    status integer NOT NULL,
    ip text NOT NULL,
    at timestamptz NOT NULL
  )`,
  `CREATE INDEX account_token_uses_token_idx ON account_token_uses (org_id, token_id, at DESC)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON account_tokens TO ${APP_ROLE}`,
  `GRANT SELECT, INSERT ON account_token_uses TO ${APP_ROLE}`,
  `GRANT USAGE ON SEQUENCE account_token_uses_id_seq TO ${APP_ROLE}`,
  ...ACCOUNT_TOKEN_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [...ACCOUNT_TOKEN_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`), 'DROP TABLE account_token_uses', 'DROP TABLE account_tokens'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
