/**
 * The registry's workflow spine (issue 7): who created and last changed every record
 * (`created_by`, `updated_by`), the status history of workflow records, and per-organisation
 * counters for human record numbers (pedido nº 12), taken with one atomic UPDATE … RETURNING.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

/** Tables of every served declaration (child and link tables excluded; import_batches below). */
export const RECORD_TABLES = [
  'accounting_groups', 'bank_account_agreements', 'bank_accounts', 'banks', 'product_categories', 'chart_accounts',
  'companies', 'company_bills', 'company_types', 'cost_centers', 'departments', 'expense_categories', 'ledger_accounts',
  'products', 'revenue_categories', 'persons', 'application_acls', 'application_resources',
  'applications', 'org_settings', 'organizations', 'policies', 'user_groups', 'users',
] as const;

const up = [
  ...RECORD_TABLES.map((table) => `ALTER TABLE ${table} ADD COLUMN created_by text, ADD COLUMN updated_by text`),
  // import_batches has had its created_by since 0003.
  `ALTER TABLE import_batches ADD COLUMN updated_by text`,
  `CREATE TABLE status_history (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    entity_type text NOT NULL,
    entity_id text NOT NULL,
    action text NOT NULL,
    from_status text,
    to_status text NOT NULL,
    input jsonb,
    actor_user_id text,
    version integer NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX status_history_entity_idx ON status_history (org_id, entity_type, entity_id, at)`,
  `CREATE TABLE org_counters (
    org_id text NOT NULL REFERENCES organizations(id),
    name text NOT NULL,
    value bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (org_id, name)
  )`,
  `GRANT SELECT, INSERT ON status_history TO ${APP_ROLE}`,
  `REVOKE UPDATE, DELETE, TRUNCATE ON status_history FROM ${APP_ROLE}`,
  `GRANT SELECT, INSERT, UPDATE ON org_counters TO ${APP_ROLE}`,
  ...tenantTableStatements('status_history'),
  ...tenantTableStatements('org_counters'),
];

const down = [
  `DROP POLICY IF EXISTS ${TENANT_POLICY} ON status_history`,
  `DROP POLICY IF EXISTS ${TENANT_POLICY} ON org_counters`,
  'DROP TABLE org_counters',
  'DROP TABLE status_history',
  ...RECORD_TABLES.map((table) => `ALTER TABLE ${table} DROP COLUMN created_by, DROP COLUMN updated_by`),
  'ALTER TABLE import_batches DROP COLUMN updated_by',
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
