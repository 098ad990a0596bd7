/**
 * Bank statements and conciliação (issue 25): an imported OFX (`bank_statements`, one per import
 * that brought at least one new line), its lines (`bank_statement_lines`: the same FITID on the same
 * account exists once — `bank_statement_lines_fitid_unique` — so a file or an overlapping one
 * imported again adds nothing), and the matches of a line with the baixas it pays
 * (`bank_statement_matches`: a baixa is reconciled with at most one line — unique
 * `settlement_id` — the last wall when two treasurers confirm at once).
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';
export const STATEMENT_TABLES = ['bank_statements', 'bank_statement_lines', 'bank_statement_matches'] as const;

const up = [
  `CREATE TABLE bank_statements (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    file_name text NOT NULL,
    sha256 text NOT NULL,
    format text NOT NULL CHECK (format IN ('ofx1', 'ofx2')),
    bank_code text,
    account_code text NOT NULL,
    start_date date,
    end_date date,
    ledger_balance bigint,
    ledger_balance_date date,
    line_count integer NOT NULL CHECK (line_count >= 0),
    imported_count integer NOT NULL CHECK (imported_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text
  )`,
  `CREATE INDEX bank_statements_account_idx ON bank_statements (bank_account_id, created_at DESC)`,
  `CREATE TABLE bank_statement_lines (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    statement_id text NOT NULL REFERENCES bank_statements(id) ON DELETE CASCADE,
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    fit_id text NOT NULL,
    trn_type text NOT NULL,
    posted_on date NOT NULL,
    posted_at timestamptz NOT NULL,
    amount bigint NOT NULL CHECK (amount <> 0),
    check_number text,
    memo text,
    name text,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reconciled')),
    reconciled_at timestamptz,
    reconciled_by text,
    version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    CONSTRAINT bank_statement_lines_fitid_unique UNIQUE (bank_account_id, fit_id)
  )`,
  `CREATE INDEX bank_statement_lines_account_idx ON bank_statement_lines (bank_account_id, posted_on)`,
  `CREATE TABLE bank_statement_matches (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    line_id text NOT NULL REFERENCES bank_statement_lines(id) ON DELETE CASCADE,
    settlement_id text NOT NULL REFERENCES installment_settlements(id),
    amount bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    CONSTRAINT bank_statement_matches_settlement_unique UNIQUE (settlement_id)
  )`,
  `CREATE INDEX bank_statement_matches_line_idx ON bank_statement_matches (line_id)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${STATEMENT_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...STATEMENT_TABLES.flatMap((table) => tenantTableStatements(table)),
];

const down = [...STATEMENT_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`), ...[...STATEMENT_TABLES].reverse().map((table) => `DROP TABLE ${table}`)];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
