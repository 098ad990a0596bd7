/**
 * The supplier's answer link of a cotação (issue 24, SECURITY.md "public links"): one live link
 * per solicitação (= per supplier per cotação). Only the SHA-256 of the token is kept
 * (`token_hash`); issuing a new link for the same solicitação replaces the row, so the previous
 * token stops working at once. `expires_at` is the cotação's deadline (end of that day in
 * Brasília) when the link was issued; the deadline in force is read again at every use.
 * A tenant table (row-level security); the token lookup runs on the app's identity handle, which
 * finds the tenant from the hash before anything of that tenant is read.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const SUPPLIER_LINK_TABLES = ['supplier_links'] as const;

const up = [
  `CREATE TABLE supplier_links (
    request_id text PRIMARY KEY REFERENCES quote_requests(id) ON DELETE CASCADE,
    org_id text NOT NULL REFERENCES organizations(id),
    quote_id text NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    token_hash text NOT NULL,
    sent_to text NOT NULL,
    created_at timestamptz NOT NULL,
    created_by text,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    CONSTRAINT supplier_links_token_hash_unique UNIQUE (token_hash)
  )`,
  `CREATE INDEX supplier_links_quote_idx ON supplier_links (org_id, quote_id)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON supplier_links TO ${APP_ROLE}`,
  ...tenantTableStatements('supplier_links'),
];

const down = [`DROP POLICY IF EXISTS ${TENANT_POLICY} ON supplier_links`, 'DROP TABLE supplier_links'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
