/**
 * Figures of the BI reports (issue 26) on PostgreSQL (DATABASE_URL; a scratch database, dropped
 * after):
 * - PARCELAS parcelas a pagar (bench/finance-data.ts: lançamentos with a 60/40 rateio, 4 parcelas
 *   each, twelve months, three accounts), a third of them paid (one baixa each, on the due date),
 *   written with the summary triggers off, then the summaries built by `bi_rebuild()` (timed);
 * - the DRE of a year (12 months, competência and baixa) and the fluxo de caixa of a year by week
 *   (all accounts, and one account) read from the summaries (server/bi/reports.ts, the functions the
 *   routes call): median of RUNS sequential runs; beside them the same DRE computed on the fly from
 *   the raw rows (GROUP BY over installments ⋈ finance_entries), for reference; the DFC of the
 *   year (server/bi/dfc.ts) and the DRE by cost centre alike;
 * - the analítico through the real server (bench/bi-analytic.ts: first page, one cost centre,
 *   footer totals);
 * - the per-write overhead of keeping the summaries (bench/bi-write-overhead.ts: a baixa, an
 *   estorno, a category change of a lançamento of 4 parcelas, WRITES each with the triggers on and
 *   off; medians, against the `replica` baseline of the first measurement and the fair one that
 *   keeps the FK checks and the plan cache).
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bi-reports.ts [parcelas]
 */
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { dfcReport } from '../server/bi/dfc';
import { cashFlowReport, dreByCostCenterReport, dreReport } from '../server/bi/reports';
import { DEMO_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { insertPayables, PARCELAS_PER_ENTRY } from './finance-data';
import { analyticFigures } from './bi-analytic';
import { asTenant, writeOverhead } from './bi-write-overhead';
import { onScratchPostgres, openBenchDatabase, prepareDatabase } from './registry-data';
import { median } from './server-process';

const PARCELAS = Number(process.argv[2] ?? 1_000_000);
const ENTRIES = Math.ceil(PARCELAS / PARCELAS_PER_ENTRY);
const RUNS = 15;
const WRITES = 200;
const TODAY = '2026-11-27';

const ms = (n: number) => `${n.toFixed(2)} ms`;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
async function medianOf(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(fn));
  return median(times);
}
const TRIGGER_TABLES = ['installments', 'installment_settlements', 'finance_entries', 'finance_entry_allocations'];
const triggers = (db: Kysely<Database>, on: boolean) =>
  Promise.all(TRIGGER_TABLES.map((table) => sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`).execute(db)));

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL (PostgreSQL): this benchmark is about the server database.');
  await onScratchPostgres(url, 'bi', async (target) => {
    let seeded = 0;
    let rebuilt = 0;
    await prepareDatabase(target, async (db) => {
      await triggers(db, false);
      seeded = await timed(async () => {
        await insertPayables(db, ENTRIES, 'financeiro@demo.com.br');
        // A third paid: one baixa on the due date, on the parcela's account.
        await sql`INSERT INTO installment_settlements (id, org_id, installment_id, paid_on, amount, paid_total, bank_account_id)
          SELECT 'bench-baixa-' || i.id, i.org_id, i.id, i.due_date, i.amount, i.amount + 150, i.bank_account_id FROM installments i WHERE i.id LIKE 'bench-parcela-%' AND hashtext(i.id) % 3 = 0`.execute(db);
        await sql`UPDATE installments SET paid_amount = amount, status = 'paid', last_paid_on = due_date WHERE id LIKE 'bench-parcela-%' AND hashtext(id) % 3 = 0`.execute(db);
      });
      await triggers(db, true);
      rebuilt = await timed(() => db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('app.bypass_rls', 'on', true)`.execute(trx);
        await sql`SELECT bi_rebuild()`.execute(trx);
      }));
    });
    const handle = await openBenchDatabase(target);
    const db = handle.db;
    try {
      const counts = (await sql<{ parcelas: string; facts: string; monthly: string; daily: string }>`SELECT (SELECT count(*) FROM installments)::text AS parcelas,
        (SELECT count(*) FROM bi_installment_facts)::text AS facts, (SELECT count(*) FROM bi_monthly)::text AS monthly, (SELECT count(*) FROM bi_daily)::text AS daily`.execute(db)).rows[0];
      console.log(`BI reports on PostgreSQL — ${Number(counts.parcelas).toLocaleString('pt-BR')} parcelas; facts ${counts.facts}, bi_monthly ${counts.monthly} rows, bi_daily ${counts.daily} rows`);
      console.log(`  raw data written in ${(seeded / 1000).toFixed(1)} s; summaries built (bi_rebuild) in ${(rebuilt / 1000).toFixed(1)} s`);
      const account = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE id = 'bench-account-1'`.execute(db)).rows[0].id;

      const dre = await medianOf(() => asTenant(db, (trx) => dreReport(trx, DEMO_ORG_ID, { year: 2026, basis: 'competence' }, TODAY)));
      const drePaid = await medianOf(() => asTenant(db, (trx) => dreReport(trx, DEMO_ORG_ID, { year: 2026, basis: 'paid' }, TODAY)));
      const flow = await medianOf(() => asTenant(db, (trx) => cashFlowReport(trx, DEMO_ORG_ID, { from: '2026-01-01', to: '2026-12-31', grain: 'week' }, TODAY)));
      const flowDay = await medianOf(() => asTenant(db, (trx) => cashFlowReport(trx, DEMO_ORG_ID, { from: '2026-01-01', to: '2026-12-31', grain: 'day', bankAccountId: account }, TODAY)));
      const onTheFly = await medianOf(() => asTenant(db, (trx) => sql`SELECT date_trunc('month', to_date('01/' || e.competence, 'DD/MM/YYYY')) AS m, i.direction, e.category_id, sum(i.amount)
        FROM installments i JOIN finance_entries e ON e.id = i.entry_id WHERE i.org_id = ${DEMO_ORG_ID} AND i.status <> 'cancelled' AND e.competence LIKE '%/2026' GROUP BY 1, 2, 3`.execute(trx)));
      console.log(`  DRE 2026 by month (competência), from the summaries: median ${ms(dre)} of ${RUNS}`);
      console.log(`  DRE 2026 by month (baixa), from the summaries:       median ${ms(drePaid)}`);
      console.log(`  DRE 2026 on the fly from the raw rows (reference):   median ${ms(onTheFly)}`);
      console.log(`  Fluxo de caixa 2026 by week, all accounts:          median ${ms(flow)}`);
      console.log(`  Fluxo de caixa 2026 by day, one account:            median ${ms(flowDay)}`);
      const dfc = await medianOf(() => asTenant(db, (trx) => dfcReport(trx, DEMO_ORG_ID, { year: 2026 }, TODAY)));
      const dre2 = await medianOf(() => asTenant(db, (trx) => dreByCostCenterReport(trx, DEMO_ORG_ID, { year: 2026, basis: 'competence' }, TODAY)));
      console.log(`  DFC 2026 by month (baixas by DFC group):            median ${ms(dfc)}`);
      console.log(`  DRE 2026 by cost centre (competência):              median ${ms(dre2)}`);

      // The analítico through the real server (its list route: paging, sort, filters, totals).
      await analyticFigures(target.databaseUrl!, db);
      // Per-write overhead: the same writes with the summary triggers on and off, against both baselines.
      for (const baseline of ['replica', 'user triggers off'] as const) await writeOverhead(db, WRITES, baseline);
    } finally {
      await handle.close();
    }
  });
}

await main();
