/**
 * BI summaries (issue 26): less work per write (migration 0030's triggers; docs/decisions.md
 * "The summaries' write overhead").
 *
 * - `bi_facts` becomes an inlinable SQL function (one SELECT, STABLE, no SET clause): it is planned
 *   inside the statement that calls it instead of running as a PL/pgSQL function whose result is
 *   materialised in a tuplestore and scanned again. `bi_refresh` (PL/pgSQL, generic plan) now
 *   holds the whole refresh — old facts out, new facts in, the difference into `bi_monthly` and
 *   `bi_daily` — in ONE cached plan; the drill-down and `bi_rebuild` plan the facts with their real
 *   arrays.
 * - The deferred flush fires once per transaction, not once per touched parcela: the statement
 *   triggers add, next to the parcelas they note, one marker row per transaction (installment ''),
 *   and the constraint trigger's WHEN — evaluated when the row is written, not at commit — queues
 *   the flush for the marker alone. The flush deletes the marker with the rest, so a write after
 *   it (another deferred trigger) queues a new one; a rolled-back savepoint takes back its rows
 *   and the events they queued together.
 *
 * The analítico's cost-centre filter (server/bi/analytic.ts): `bi_installment_cost_centers`, a view
 * of each parcela's rateio centres (security_invoker: the caller's row-level security), read as the
 * list's link table — the filter becomes `EXISTS (… l.installment_id = t.id AND l.cost_center_id
 * IN (…))`, a semi-join the planner runs from either side — and `finance_entry_allocations
 * (cost_center_id, entry_id)`, the index it starts from. Before, every row's rateio was
 * aggregated into an array and compared (the count of the list evaluated it 10,001 times).
 */
import type { Kysely } from 'kysely';

const APP_ROLE = 'retaguarda_app';
import { runStatements } from './0001_identity.js';
import { FACTS as FACTS_0030, FLUSH as FLUSH_0030, TRIGGER_FUNCTIONS as TRIGGER_FUNCTIONS_0030 } from './0030_bi_reports.js';

/** The facts of parcelas `ids` from the raw rows (unchanged rules: migration 0030). */
const FACTS = (name: string) => `CREATE OR REPLACE FUNCTION ${name}(ids text[]) RETURNS TABLE (org_id text, installment_id text, basis text, day date, direction text, category_id text, cost_center_id text, bank_account_id text, amount bigint, paid bigint, open bigint, first boolean)
  LANGUAGE sql STABLE AS $fn$
  WITH p AS (
    SELECT i.id, i.org_id, i.direction, i.amount, i.paid_amount, i.due_date, COALESCE(i.bank_account_id, '') AS bank, COALESCE(e.category_id, '') AS category,
      to_date('01/' || e.competence, 'DD/MM/YYYY') AS competence, e.id AS entry_id
    FROM (SELECT DISTINCT x.id FROM unnest(ids) AS x(id)) AS x JOIN installments i ON i.id = x.id JOIN finance_entries e ON e.id = i.entry_id
    WHERE i.status <> 'cancelled' AND i.direction IS NOT NULL
  ),
  shares AS (
    SELECT p.id, COALESCE(a.cost_center_id, '') AS cc, COALESCE(a.amount, 1)::numeric AS w,
      sum(COALESCE(a.amount, 1)) OVER (PARTITION BY p.id)::numeric AS wt,
      row_number() OVER (PARTITION BY p.id ORDER BY a.position, a.id) AS rn
    FROM p LEFT JOIN finance_entry_allocations a ON a.entry_id = p.entry_id
  ),
  owed AS (
    SELECT p.*, s.cc, s.rn,
      CASE WHEN s.wt = 0 THEN (s.rn = 1)::int * p.amount ELSE div(p.amount * s.w, s.wt) END AS a0,
      CASE WHEN s.wt = 0 THEN (s.rn = 1)::int * p.paid_amount ELSE div(p.paid_amount * s.w, s.wt) END AS p0
    FROM p JOIN shares s ON s.id = p.id
  ),
  owed_split AS (
    SELECT o.*, (o.a0 + CASE WHEN o.rn = 1 THEN o.amount - sum(o.a0) OVER (PARTITION BY o.id) ELSE 0 END)::bigint AS a,
      (o.p0 + CASE WHEN o.rn = 1 THEN o.paid_amount - sum(o.p0) OVER (PARTITION BY o.id) ELSE 0 END)::bigint AS pd
    FROM owed o
  ),
  baixas AS (
    SELECT p.id, p.org_id, p.direction, p.category, s.id AS sid, s.paid_on, s.bank_account_id AS bank, s.amount, s.paid_total, sh.cc, sh.rn,
      CASE WHEN sh.wt = 0 THEN (sh.rn = 1)::int * s.amount ELSE div(s.amount * sh.w, sh.wt) END AS a0,
      CASE WHEN sh.wt = 0 THEN (sh.rn = 1)::int * s.paid_total ELSE div(s.paid_total * sh.w, sh.wt) END AS t0
    FROM p JOIN installment_settlements s ON s.installment_id = p.id AND s.reversed_at IS NULL JOIN shares sh ON sh.id = p.id
  )
  SELECT org_id, id, 'due', due_date, direction, category, cc, bank, a, pd, a - pd, rn = 1 FROM owed_split
  UNION ALL
  SELECT org_id, id, 'competence', competence, direction, category, cc, bank, a, pd, a - pd, rn = 1 FROM owed_split
  UNION ALL
  SELECT org_id, id, 'paid', paid_on, direction, category, cc, bank,
    (a0 + CASE WHEN rn = 1 THEN amount - sum(a0) OVER (PARTITION BY sid) ELSE 0 END)::bigint,
    (t0 + CASE WHEN rn = 1 THEN paid_total - sum(t0) OVER (PARTITION BY sid) ELSE 0 END)::bigint, 0, rn = 1
  FROM baixas
$fn$`;

/** At commit, once per transaction: every pending parcela refreshed in one statement (bi_refresh). */
const FLUSH = `CREATE OR REPLACE FUNCTION bi_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ids text[];
BEGIN
  WITH d AS (DELETE FROM bi_pending WHERE tx = txid_current() RETURNING installment_id)
  SELECT array_agg(installment_id ORDER BY installment_id) FILTER (WHERE installment_id <> '') INTO ids FROM d;
  PERFORM bi_refresh(ids);
  RETURN NULL;
END
$fn$`;

/** Statement triggers of 0030: note the parcelas, and the transaction's marker that queues the flush (the WHEN below). */
export const trigger = (name: string, select: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO bi_pending (org_id, installment_id) ${select} ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO bi_pending (org_id, installment_id) VALUES (COALESCE(current_setting('app.org_id', true), ''), '') ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$fn$`;
const WATCHED = ['amount', 'paid_amount', 'due_date', 'status', 'bank_account_id', 'direction', 'entry_id'];
export const changed = (columns: string[]) => columns.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
export const TRIGGERS = [
  trigger('bi_installments_inserted', 'SELECT n.org_id, n.id FROM n'),
  trigger('bi_installments_updated', `SELECT n.org_id, n.id FROM n JOIN o ON o.id = n.id WHERE ${changed(WATCHED)}`),
  trigger('bi_installments_deleted', 'SELECT o.org_id, o.id FROM o'),
  trigger('bi_settlements_inserted', 'SELECT DISTINCT n.org_id, n.installment_id FROM n'),
  trigger('bi_settlements_updated', `SELECT DISTINCT n.org_id, n.installment_id FROM n JOIN o ON o.id = n.id WHERE ${changed(['reversed_at', 'amount', 'paid_total', 'paid_on', 'bank_account_id', 'installment_id'])}`),
  trigger('bi_settlements_deleted', 'SELECT DISTINCT o.org_id, o.installment_id FROM o'),
  trigger('bi_entries_updated', `SELECT i.org_id, i.id FROM installments i JOIN n ON n.id = i.entry_id JOIN o ON o.id = n.id WHERE ${changed(['category_id', 'competence'])}`),
  trigger('bi_allocations_inserted', 'SELECT i.org_id, i.id FROM installments i WHERE i.entry_id IN (SELECT n.entry_id FROM n)'),
  trigger('bi_allocations_updated', `SELECT i.org_id, i.id FROM installments i WHERE i.entry_id IN (SELECT n.entry_id FROM n JOIN o ON o.id = n.id WHERE ${changed(['cost_center_id', 'amount', 'position', 'entry_id'])} UNION SELECT o.entry_id FROM n JOIN o ON o.id = n.id WHERE o.entry_id IS DISTINCT FROM n.entry_id)`),
  trigger('bi_allocations_deleted', 'SELECT i.org_id, i.id FROM installments i WHERE i.entry_id IN (SELECT o.entry_id FROM o)'),
];

const up = [
  // bi_refresh calls bi_facts: replaced together (the PL/pgSQL one returned the same columns).
  'DROP FUNCTION bi_facts(text[])',
  FACTS('bi_facts'),
  FLUSH,
  ...TRIGGERS,
  'DROP TRIGGER bi_flush ON bi_pending',
  `CREATE CONSTRAINT TRIGGER bi_flush AFTER INSERT ON bi_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.installment_id = '') EXECUTE FUNCTION bi_flush()`,
  `CREATE VIEW bi_installment_cost_centers WITH (security_invoker = true) AS
    SELECT a.org_id, i.id AS installment_id, a.cost_center_id FROM finance_entry_allocations a JOIN installments i ON i.entry_id = a.entry_id`,
  `GRANT SELECT ON bi_installment_cost_centers TO ${APP_ROLE}`,
  'CREATE INDEX finance_entry_allocations_cost_center_idx ON finance_entry_allocations (cost_center_id, entry_id)',
];

const replace = (statement: string) => statement.replace(/^CREATE FUNCTION/, 'CREATE OR REPLACE FUNCTION');
const down = [
  'DROP INDEX finance_entry_allocations_cost_center_idx',
  'DROP VIEW bi_installment_cost_centers',
  'DROP TRIGGER bi_flush ON bi_pending',
  'CREATE CONSTRAINT TRIGGER bi_flush AFTER INSERT ON bi_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bi_flush()',
  ...TRIGGER_FUNCTIONS_0030.map(replace),
  replace(FLUSH_0030),
  'DROP FUNCTION bi_facts(text[])',
  FACTS_0030,
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
