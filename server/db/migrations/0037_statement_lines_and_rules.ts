/**
 * Statement lines typed by hand and the conciliação's saved rules (issue 25).
 *
 * Extrato de movimentações: the registry
 * `bankStatementLines` (src/contracts/resources/bankStatementLines.ts) lives on
 * `bank_statement_lines`, beside the OFX lines of migration 0031.
 * - `statement_id` may be empty: a hand line belongs to no imported file;
 * - `source`: `ofx` (imported, read-only) or `manual` (typed: editable and deletable until it is reconciled);
 * - the registry's base columns (`created_at`, `updated_at`, `created_by`, `updated_by`); the OFX
 *   lines already there take now.
 *
 * `reconciliation_rules` (registry `reconciliationRules`, src/contracts/resources/reconciliationRules.ts):
 * per organisation, "the memo contains TARIFA PACOTE → category Tarifas bancárias" (with the cost
 * centre and counterparty), suggested on "Criar lançamento quitado"; one rule per text, whatever its case.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';
export const RULE_TABLES = ['reconciliation_rules'] as const;

const up = [
  `ALTER TABLE bank_statement_lines ALTER COLUMN statement_id DROP NOT NULL`,
  `ALTER TABLE bank_statement_lines ADD COLUMN source text NOT NULL DEFAULT 'ofx' CHECK (source IN ('ofx', 'manual'))`,
  `ALTER TABLE bank_statement_lines ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE bank_statement_lines ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE bank_statement_lines ADD COLUMN created_by text`,
  `ALTER TABLE bank_statement_lines ADD COLUMN updated_by text`,
  `ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_source_statement CHECK (source = 'manual' OR statement_id IS NOT NULL)`,
  // The running balance of a line sums the account's lines up to it (date, id): an index-only range.
  `CREATE INDEX bank_statement_lines_balance_idx ON bank_statement_lines (bank_account_id, posted_on, id) INCLUDE (amount)`,
  `CREATE TABLE reconciliation_rules (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    pattern text NOT NULL,
    expense_category_id text REFERENCES expense_categories(id),
    revenue_category_id text REFERENCES revenue_categories(id),
    cost_center_id text REFERENCES cost_centers(id),
    supplier_id text REFERENCES persons(id),
    customer_id text REFERENCES persons(id),
    is_active boolean NOT NULL DEFAULT true,
    version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text
  )`,
  // One rule per text whatever its case ("Tarifa pacote" is "TARIFA PACOTE").
  `CREATE UNIQUE INDEX reconciliation_rules_pattern_unique ON reconciliation_rules (org_id, upper(pattern))`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON reconciliation_rules TO ${APP_ROLE}`,
  ...tenantTableStatements('reconciliation_rules'),
];

const down = [
  `DROP POLICY IF EXISTS ${TENANT_POLICY} ON reconciliation_rules`,
  `DROP TABLE reconciliation_rules`,
  `DELETE FROM bank_statement_lines WHERE source = 'manual'`,
  `DROP INDEX bank_statement_lines_balance_idx`,
  `ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_source_statement`,
  ...['updated_by', 'created_by', 'updated_at', 'created_at', 'source'].map((column) => `ALTER TABLE bank_statement_lines DROP COLUMN ${column}`),
  `ALTER TABLE bank_statement_lines ALTER COLUMN statement_id SET NOT NULL`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
