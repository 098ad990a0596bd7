/**
 * BI (issue 26): saldos de conta, and the summary tables the reports read.
 *
 * - `account_balances`: a bank account's balance at the start of a date (unique per account and
 *   date), what the fluxo de caixa's running balance starts from.
 * - `bi_installment_facts`: what each parcela contributes right now, one row per (basis, day,
 *   cost-centre share): `due` (vencimento: its due date and account), `competence` (the
 *   lançamento's month), `paid` (each live baixa: its payment date and account). The rateio splits
 *   every figure by the allocations' amounts, centavo-exact (the remainder to the first centre).
 * - `bi_monthly` (organisation × basis × month × direction × category × cost centre × account) and
 *   `bi_daily` (organisation × account × basis × day × direction, for the fluxo by day/week):
 *   sums in centavos (`amount` principal, `paid` settled — cash with juros/multa − desconto on
 *   the `paid` basis —, `open` still owed) and the count of contributions.
 *
 * Kept in the same transaction as every write by statement-level triggers (transition tables) on
 * installments, installment_settlements, finance_entries and finance_entry_allocations, which note
 * the touched parcelas in `bi_pending`; at commit a deferred constraint trigger (`bi_flush`)
 * deletes each touched parcela's old facts, computes its new ones from the raw rows and adds the
 * difference to the summaries in key order (one upsert per table for the whole transaction), so
 * the summaries stay exact after updates, moves, cancels and deletes whatever path wrote them.
 */
import type { Kysely } from 'kysely';
import { TENANT_POLICY, tenantTableStatements } from '../tenant.js';
import { runStatements } from './0001_identity.js';

const APP_ROLE = 'retaguarda_app';

export const BI_TABLES = ['account_balances', 'bi_installment_facts', 'bi_monthly', 'bi_daily'] as const;
/** Every tenant table of this migration (row-level security test). */
export const BI_TENANT_TABLES = [...BI_TABLES, 'bi_pending'] as const;

const KEY = `basis text NOT NULL CHECK (basis IN ('due', 'competence', 'paid')),
    direction text NOT NULL CHECK (direction IN ('payable', 'receivable'))`;
const SUMS = `amount bigint NOT NULL,
    paid bigint NOT NULL,
    open bigint NOT NULL,
    entries bigint NOT NULL`;

/**
 * The facts of parcelas `ids` from the raw rows (cancelled parcelas contribute nothing). PL/pgSQL
 * with a generic plan, like bi_refresh: planned once per connection. Planning these CTEs took
 * ~5 ms against ~1.5 ms of execution for one parcela, and PostgreSQL kept choosing custom plans
 * (an SQL function is even planned at every call) — measured with auto_explain, bench/bi-reports.ts.
 */
export const FACTS = `CREATE FUNCTION bi_facts(ids text[]) RETURNS TABLE (org_id text, installment_id text, basis text, day date, direction text, category_id text, cost_center_id text, bank_account_id text, amount bigint, paid bigint, open bigint, first boolean)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
  -- One figure split by the shares: the floor of each share, the remainder to the first.
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
  FROM baixas;
END
$fn$`;

/** Replaces the facts of parcelas `ids` and adds the difference to the summaries, in key order. */
const REFRESH = `CREATE FUNCTION bi_refresh(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  WITH old AS (DELETE FROM bi_installment_facts f USING (SELECT DISTINCT x.id FROM unnest(ids) AS x(id)) AS x WHERE f.installment_id = x.id RETURNING f.*),
  new AS (INSERT INTO bi_installment_facts SELECT * FROM bi_facts(ids) RETURNING *),
  delta AS (
    SELECT org_id, basis, day, direction, category_id, cost_center_id, bank_account_id, amount, paid, open, 1 AS n, first::int AS f FROM new
    UNION ALL
    SELECT org_id, basis, day, direction, category_id, cost_center_id, bank_account_id, -amount, -paid, -open, -1, -(first::int) FROM old
  ),
  monthly AS (
    INSERT INTO bi_monthly AS m (org_id, basis, month, direction, category_id, cost_center_id, bank_account_id, amount, paid, open, entries)
    SELECT org_id, basis, date_trunc('month', day)::date, direction, category_id, cost_center_id, bank_account_id, sum(amount), sum(paid), sum(open), sum(n)
    FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(amount) <> 0 OR sum(paid) <> 0 OR sum(open) <> 0 OR sum(n) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (org_id, basis, month, direction, category_id, cost_center_id, bank_account_id) DO UPDATE
      SET amount = m.amount + EXCLUDED.amount, paid = m.paid + EXCLUDED.paid, open = m.open + EXCLUDED.open, entries = m.entries + EXCLUDED.entries
    RETURNING 1
  )
  INSERT INTO bi_daily AS d (org_id, bank_account_id, basis, day, direction, amount, paid, open, entries)
  SELECT org_id, bank_account_id, basis, day, direction, sum(amount), sum(paid), sum(open), sum(f)
  FROM delta WHERE basis <> 'competence' GROUP BY 1, 2, 3, 4, 5
  HAVING sum(amount) <> 0 OR sum(paid) <> 0 OR sum(open) <> 0 OR sum(f) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (org_id, bank_account_id, basis, day, direction) DO UPDATE
    SET amount = d.amount + EXCLUDED.amount, paid = d.paid + EXCLUDED.paid, open = d.open + EXCLUDED.open, entries = d.entries + EXCLUDED.entries;
  -- Cells that no parcela feeds any more (a partial index finds them).
  DELETE FROM bi_monthly WHERE entries = 0 AND amount = 0 AND paid = 0 AND open = 0;
  DELETE FROM bi_daily WHERE entries = 0 AND amount = 0 AND paid = 0 AND open = 0;
END
$fn$`;

/** Every summary of the organisations visible to the caller rebuilt from the raw rows (the backfill; the benchmark's bulk load). */
const REBUILD = `CREATE FUNCTION bi_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM bi_installment_facts;
  DELETE FROM bi_monthly;
  DELETE FROM bi_daily;
  INSERT INTO bi_installment_facts SELECT * FROM bi_facts(ARRAY(SELECT id FROM installments));
  INSERT INTO bi_monthly (org_id, basis, month, direction, category_id, cost_center_id, bank_account_id, amount, paid, open, entries)
    SELECT org_id, basis, date_trunc('month', day)::date, direction, category_id, cost_center_id, bank_account_id, sum(amount), sum(paid), sum(open), count(*)
    FROM bi_installment_facts GROUP BY 1, 2, 3, 4, 5, 6, 7;
  INSERT INTO bi_daily (org_id, bank_account_id, basis, day, direction, amount, paid, open, entries)
    SELECT org_id, bank_account_id, basis, day, direction, sum(amount), sum(paid), sum(open), count(*) FILTER (WHERE first)
    FROM bi_installment_facts WHERE basis <> 'competence' GROUP BY 1, 2, 3, 4, 5;
END
$fn$`;

/**
 * A trigger function marking the parcelas that `select` (org_id, id over the transition tables)
 * names as pending in this transaction; `bi_flush` refreshes them once, at commit.
 */
const trigger = (name: string, select: string) => `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO bi_pending (org_id, installment_id) ${select} ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$fn$`;

/**
 * At commit (a deferred constraint trigger on bi_pending), the first firing takes every parcela
 * this transaction touched and refreshes them in ONE statement: each parcela once however many
 * rows of it were written (a baixa writes the settlement and the parcela), and every summary cell
 * the transaction changes upserted in key order — two transactions cannot deadlock on the cells.
 * The later firings of the same transaction find nothing left.
 */
export const FLUSH = `CREATE FUNCTION bi_flush() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE ids text[];
BEGIN
  WITH d AS (DELETE FROM bi_pending WHERE tx = txid_current() RETURNING installment_id) SELECT array_agg(installment_id ORDER BY installment_id) INTO ids FROM d;
  PERFORM bi_refresh(ids);
  RETURN NULL;
END
$fn$`;

const WATCHED = ['amount', 'paid_amount', 'due_date', 'status', 'bank_account_id', 'direction', 'entry_id'];
const changed = (columns: string[]) => columns.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');

/** The statement triggers' functions (migration 0042 replaces them; its down puts these back). */
export const TRIGGER_FUNCTIONS = [
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
  `CREATE TABLE account_balances (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES organizations(id),
    bank_account_id text NOT NULL REFERENCES bank_accounts(id),
    date date NOT NULL,
    amount bigint NOT NULL,
    description text NOT NULL,
    notes text,
    version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    updated_by text,
    CONSTRAINT account_balances_bank_account_id_date_unique UNIQUE (org_id, bank_account_id, date)
  )`,
  `CREATE INDEX account_balances_org_date_idx ON account_balances (org_id, date DESC, id)`,
  `CREATE TABLE bi_installment_facts (
    org_id text NOT NULL,
    installment_id text NOT NULL,
    basis text NOT NULL CHECK (basis IN ('due', 'competence', 'paid')),
    day date NOT NULL,
    direction text NOT NULL CHECK (direction IN ('payable', 'receivable')),
    category_id text NOT NULL,
    cost_center_id text NOT NULL,
    bank_account_id text NOT NULL,
    amount bigint NOT NULL,
    paid bigint NOT NULL,
    open bigint NOT NULL,
    first boolean NOT NULL
  )`,
  `CREATE INDEX bi_installment_facts_installment_idx ON bi_installment_facts (installment_id)`,
  `CREATE TABLE bi_monthly (
    org_id text NOT NULL,
    ${KEY},
    month date NOT NULL,
    category_id text NOT NULL,
    cost_center_id text NOT NULL,
    bank_account_id text NOT NULL,
    ${SUMS},
    PRIMARY KEY (org_id, basis, month, direction, category_id, cost_center_id, bank_account_id)
  )`,
  `CREATE INDEX bi_monthly_empty_idx ON bi_monthly (org_id) WHERE entries = 0`,
  `CREATE TABLE bi_daily (
    org_id text NOT NULL,
    bank_account_id text NOT NULL,
    ${KEY},
    day date NOT NULL,
    ${SUMS},
    PRIMARY KEY (org_id, bank_account_id, basis, day, direction)
  )`,
  `CREATE INDEX bi_daily_empty_idx ON bi_daily (org_id) WHERE entries = 0`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${BI_TABLES.join(', ')} TO ${APP_ROLE}`,
  ...BI_TABLES.flatMap((table) => tenantTableStatements(table)),
  `CREATE TABLE bi_pending (
    org_id text NOT NULL,
    tx bigint NOT NULL DEFAULT txid_current(),
    installment_id text NOT NULL,
    PRIMARY KEY (tx, installment_id)
  )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON bi_pending TO ${APP_ROLE}`,
  ...tenantTableStatements('bi_pending'),
  FACTS,
  REFRESH,
  REBUILD,
  FLUSH,
  `CREATE CONSTRAINT TRIGGER bi_flush AFTER INSERT ON bi_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bi_flush()`,
  ...TRIGGER_FUNCTIONS,
  `CREATE TRIGGER bi_installments_inserted AFTER INSERT ON installments REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_installments_inserted()`,
  `CREATE TRIGGER bi_installments_updated AFTER UPDATE ON installments REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_installments_updated()`,
  `CREATE TRIGGER bi_installments_deleted AFTER DELETE ON installments REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION bi_installments_deleted()`,
  `CREATE TRIGGER bi_settlements_inserted AFTER INSERT ON installment_settlements REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_settlements_inserted()`,
  `CREATE TRIGGER bi_settlements_updated AFTER UPDATE ON installment_settlements REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_settlements_updated()`,
  `CREATE TRIGGER bi_settlements_deleted AFTER DELETE ON installment_settlements REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION bi_settlements_deleted()`,
  `CREATE TRIGGER bi_entries_updated AFTER UPDATE ON finance_entries REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_entries_updated()`,
  `CREATE TRIGGER bi_allocations_inserted AFTER INSERT ON finance_entry_allocations REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_allocations_inserted()`,
  `CREATE TRIGGER bi_allocations_updated AFTER UPDATE ON finance_entry_allocations REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION bi_allocations_updated()`,
  `CREATE TRIGGER bi_allocations_deleted AFTER DELETE ON finance_entry_allocations REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION bi_allocations_deleted()`,
  // The backfill of what is already there, across organisations.
  `SELECT set_config('app.bypass_rls', 'on', true)`,
  `SELECT bi_rebuild()`,
  `SELECT set_config('app.bypass_rls', '', true)`,
];

const TRIGGERS: [table: string, name: string][] = [
  ['installments', 'bi_installments_inserted'], ['installments', 'bi_installments_updated'], ['installments', 'bi_installments_deleted'],
  ['installment_settlements', 'bi_settlements_inserted'], ['installment_settlements', 'bi_settlements_updated'], ['installment_settlements', 'bi_settlements_deleted'],
  ['finance_entries', 'bi_entries_updated'],
  ['finance_entry_allocations', 'bi_allocations_inserted'], ['finance_entry_allocations', 'bi_allocations_updated'], ['finance_entry_allocations', 'bi_allocations_deleted'],
];

const down = [
  ...TRIGGERS.map(([table, name]) => `DROP TRIGGER ${name} ON ${table}`),
  ...TRIGGERS.map(([, name]) => `DROP FUNCTION ${name}()`),
  'DROP TRIGGER bi_flush ON bi_pending',
  'DROP FUNCTION bi_flush()',
  `DROP POLICY IF EXISTS ${TENANT_POLICY} ON bi_pending`,
  'DROP TABLE bi_pending',
  'DROP FUNCTION bi_rebuild()',
  'DROP FUNCTION bi_refresh(text[])',
  'DROP FUNCTION bi_facts(text[])',
  ...BI_TABLES.map((table) => `DROP POLICY IF EXISTS ${TENANT_POLICY} ON ${table}`),
  ...[...BI_TABLES].reverse().map((table) => `DROP TABLE ${table}`),
];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
