/**
 * DFC by the direct method (issue 26): each expense and revenue category names the DFC group its
 * baixas fall in (`dfc_group`: operating | investing | financing). Null — every category that
 * existed before, and any not set — is operating (contracts/reports.ts `DFC_GROUPS`; the choice in
 * docs/decisions.md): the DRE's categories are the company's operations; buying equipment
 * (investimento) or taking and paying loans (financiamento) are categories set so on purpose.
 *
 * The analítico (contracts/resources/analyticInstallments.ts) lists the parcelas of both directions
 * by due date: `installments_org_due_idx` serves its first page (the queues' indexes lead with the
 * direction).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const TABLES = ['expense_categories', 'revenue_categories'] as const;

const up = [
  ...TABLES.map((table) => `ALTER TABLE ${table} ADD COLUMN dfc_group text CHECK (dfc_group IN ('operating', 'investing', 'financing'))`),
  'CREATE INDEX installments_org_due_idx ON installments (org_id, due_date, id)',
];
const down = ['DROP INDEX installments_org_due_idx', ...TABLES.map((table) => `ALTER TABLE ${table} DROP COLUMN dfc_group`)];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
