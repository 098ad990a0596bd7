/**
 * A match of the conciliação is a group (issue 25, N:1): one or more statement lines ↔ one or more
 * baixas whose signed sums are equal, never many ↔ many (docs/decisions.md "N:1 matches").
 * - `bank_statement_matches` becomes the group's row: its account, its signed amount and `one_side`
 *   — the side with exactly one member (`line`: 1:1 and 1:N; `settlement`: N:1);
 * - `bank_statement_match_lines`: the group's lines, `line_id` the primary key — a line is in at
 *   most one live group;
 * - `bank_statement_match_settlements`: the group's baixas, `settlement_id` the primary key — a baixa
 *   is in at most one live group (the old UNIQUE(settlement_id) wall, kept);
 * - the single side is single by the schema: each member row repeats `one_side` (a composite
 *   foreign key to the group keeps it true) and a partial unique index allows one line per group
 *   whose single side is the line, one baixa per group whose single side is the baixa.
 * Deleting the group deletes its members (undo removes the whole group). The matches of 0031 (one
 * row per baixa of a line) become one group per line.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

/** The tenant tables this migration adds (tests/api/row-level-security.test.ts). */
export const MATCH_MEMBER_TABLES = ['bank_statement_match_lines', 'bank_statement_match_settlements'] as const;

const member = (table: string, column: string, references: string) => `CREATE TABLE ${table} (
    ${column} text PRIMARY KEY REFERENCES ${references}(id),
    match_id text NOT NULL,
    org_id text NOT NULL REFERENCES organizations(id),
    one_side text NOT NULL,
    amount bigint NOT NULL CHECK (amount <> 0),
    CONSTRAINT ${table}_match_fk FOREIGN KEY (match_id, one_side) REFERENCES bank_statement_matches(id, one_side) ON DELETE CASCADE
  )`;

const up = [
  // The group's row, from the old pair rows: one group per line, with the id of its first pair row.
  `ALTER TABLE bank_statement_matches ADD COLUMN bank_account_id text REFERENCES bank_accounts(id)`,
  `ALTER TABLE bank_statement_matches ADD COLUMN one_side text NOT NULL DEFAULT 'line' CHECK (one_side IN ('line', 'settlement'))`,
  `ALTER TABLE bank_statement_matches ADD CONSTRAINT bank_statement_matches_side_unique UNIQUE (id, one_side)`,
  member('bank_statement_match_lines', 'line_id', 'bank_statement_lines'),
  member('bank_statement_match_settlements', 'settlement_id', 'installment_settlements'),
  `INSERT INTO bank_statement_match_lines (line_id, match_id, org_id, one_side, amount)
    SELECT m.line_id, min(m.id), m.org_id, 'line', min(l.amount) FROM bank_statement_matches m JOIN bank_statement_lines l ON l.id = m.line_id GROUP BY m.line_id, m.org_id`,
  `INSERT INTO bank_statement_match_settlements (settlement_id, match_id, org_id, one_side, amount)
    SELECT m.settlement_id, g.match_id, m.org_id, 'line', m.amount FROM bank_statement_matches m JOIN bank_statement_match_lines g ON g.line_id = m.line_id`,
  `DELETE FROM bank_statement_matches m WHERE NOT EXISTS (SELECT 1 FROM bank_statement_match_lines g WHERE g.match_id = m.id)`,
  `UPDATE bank_statement_matches m SET bank_account_id = l.bank_account_id, amount = g.amount
    FROM bank_statement_match_lines g JOIN bank_statement_lines l ON l.id = g.line_id WHERE g.match_id = m.id`,
  `ALTER TABLE bank_statement_matches DROP CONSTRAINT bank_statement_matches_settlement_unique`,
  `DROP INDEX bank_statement_matches_line_idx`,
  `ALTER TABLE bank_statement_matches DROP COLUMN line_id`,
  `ALTER TABLE bank_statement_matches DROP COLUMN settlement_id`,
  `ALTER TABLE bank_statement_matches ALTER COLUMN bank_account_id SET NOT NULL`,
  `ALTER TABLE bank_statement_matches ALTER COLUMN one_side DROP DEFAULT`,
  // Never many ↔ many: the single side has one row per group.
  `CREATE UNIQUE INDEX bank_statement_match_lines_single ON bank_statement_match_lines (match_id) WHERE one_side = 'line'`,
  `CREATE UNIQUE INDEX bank_statement_match_settlements_single ON bank_statement_match_settlements (match_id) WHERE one_side = 'settlement'`,
  `CREATE INDEX bank_statement_match_lines_match_idx ON bank_statement_match_lines (match_id)`,
  `CREATE INDEX bank_statement_match_settlements_match_idx ON bank_statement_match_settlements (match_id)`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${MATCH_MEMBER_TABLES.join(', ')} TO retaguarda_app`,
  ...MATCH_MEMBER_TABLES.flatMap((table) => tenantTableStatements(table)),
];

/** Back to one row per (line, baixa): an N:1 group has no such form, so its lines are opened again. */
const down = [
  `UPDATE bank_statement_lines l SET status = 'open', reconciled_at = NULL, reconciled_by = NULL, version = version + 1
    FROM bank_statement_match_lines g WHERE g.line_id = l.id AND g.one_side = 'settlement' AND (SELECT count(*) FROM bank_statement_match_lines o WHERE o.match_id = g.match_id) > 1`,
  `DELETE FROM bank_statement_matches m WHERE one_side = 'settlement' AND (SELECT count(*) FROM bank_statement_match_lines o WHERE o.match_id = m.id) > 1`,
  `CREATE TABLE bank_statement_matches_0031 AS SELECT s.match_id || '-' || s.settlement_id AS id, s.org_id, g.line_id, s.settlement_id, s.amount, m.created_at, m.created_by
    FROM bank_statement_match_settlements s JOIN bank_statement_match_lines g ON g.match_id = s.match_id JOIN bank_statement_matches m ON m.id = s.match_id`,
  ...MATCH_MEMBER_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  ...MATCH_MEMBER_TABLES.map((table) => `DROP TABLE ${table}`),
  `DELETE FROM bank_statement_matches`,
  `ALTER TABLE bank_statement_matches DROP CONSTRAINT bank_statement_matches_side_unique`,
  `ALTER TABLE bank_statement_matches DROP COLUMN one_side`,
  `ALTER TABLE bank_statement_matches DROP COLUMN bank_account_id`,
  `ALTER TABLE bank_statement_matches ADD COLUMN line_id text NOT NULL REFERENCES bank_statement_lines(id) ON DELETE CASCADE`,
  `ALTER TABLE bank_statement_matches ADD COLUMN settlement_id text NOT NULL REFERENCES installment_settlements(id)`,
  `ALTER TABLE bank_statement_matches ADD CONSTRAINT bank_statement_matches_settlement_unique UNIQUE (settlement_id)`,
  `CREATE INDEX bank_statement_matches_line_idx ON bank_statement_matches (line_id)`,
  `INSERT INTO bank_statement_matches (id, org_id, line_id, settlement_id, amount, created_at, created_by) SELECT id, org_id, line_id, settlement_id, amount, created_at, created_by FROM bank_statement_matches_0031`,
  `DROP TABLE bank_statement_matches_0031`,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
