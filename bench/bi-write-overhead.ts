/**
 * The per-write overhead of keeping the BI summaries (issue 26), on a PostgreSQL database that
 * already holds bench/finance-data.ts' parcelas (bench/bi-reports.ts builds one and calls this):
 * a baixa (INSERT settlement + UPDATE parcela), its estorno, and a category change of a lançamento
 * (4 parcelas), each in its own transaction, with the summary triggers on and off; the medians of
 * WRITES each, and their difference, against two baselines:
 * - `replica` (the first measurement of issue 26): writes alternating one by one, the plain ones
 *   under `session_replication_role = replica` — which also skips the foreign-key checks and the
 *   row locks they take, so it charges the summaries with the baixa's three FK checks;
 * - `user triggers off`: blocks of BLOCK writes alternating, the plain blocks with the BI triggers
 *   disabled (`ALTER TABLE … DISABLE TRIGGER USER`: the FK checks stay), the first WARM writes of
 *   every block not counted (the DDL invalidates the cached plans).
 * Standalone, on a database kept from an earlier run (nothing else is written but these rows):
 *   DATABASE_URL=postgres://…/rt_bench_bi_… npx tsx bench/bi-write-overhead.ts [writes]
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import type { Database } from '../server/db/types';
import { openBenchDatabase } from './registry-data';
import { median } from './server-process';

const ms = (n: number) => `${n.toFixed(2)} ms`;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** One transaction of the demo tenant; `plain`: with the triggers off for it alone. */
export const asTenant = <T>(db: Kysely<Database>, fn: (trx: any) => Promise<T>, plain = false) =>
  db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('app.org_id', ${DEMO_ORG_ID}, true), set_config('app.bypass_rls', 'off', true), set_config('session_replication_role', ${plain ? 'replica' : 'origin'}, true)`.execute(trx);
    return fn(trx);
  });

export type WriteKind = 'baixa' | 'estorno' | 'category';
export const WRITE_LABELS: Readonly<Record<WriteKind, string>> = { baixa: 'baixa (settlement + parcela)', estorno: 'estorno (settlement + parcela)', category: 'category change (4 parcelas)' };

const TRIGGER_TABLES = ['installments', 'installment_settlements', 'finance_entries', 'finance_entry_allocations'];
const BLOCK = 10;
const WARM = 2;
export type Baseline = 'replica' | 'user triggers off';

/** Medians (ms) of `writes` writes of each kind with and without the summaries; prints them. */
export async function writeOverhead(db: Kysely<Database>, writes: number, baseline: Baseline = 'replica'): Promise<Record<WriteKind, { on: number; off: number }>> {
  const account = 'bench-account-1';
  // Parcelas not written by an earlier run of this script (it leaves a settlement on each).
  const needed = baseline === 'replica' ? writes * 2 : Math.ceil((writes * 2 * BLOCK) / (BLOCK - WARM)) + BLOCK * 2;
  const open = (await sql<{ id: string }>`SELECT i.id FROM installments i WHERE i.status = 'queued' AND i.id LIKE 'bench-parcela-%'
    AND NOT EXISTS (SELECT 1 FROM installment_settlements s WHERE s.installment_id = i.id) ORDER BY i.id LIMIT ${needed}`.execute(db)).rows;
  // Lançamentos of untouched parcelas (a baseline's writes never share rows with the other's).
  const entries = (await sql<{ id: string }>`SELECT id FROM finance_entries WHERE id LIKE 'bench-entry-%' ORDER BY id ${sql.raw(baseline === 'replica' ? 'ASC' : 'DESC')} LIMIT ${needed}`.execute(db)).rows;
  const categories = (await sql<{ id: string }>`SELECT id FROM expense_categories WHERE org_id = ${DEMO_ORG_ID} ORDER BY id DESC LIMIT 2`.execute(db)).rows.map((r) => r.id);
  if (open.length < needed) throw new Error(`only ${open.length} untouched parcelas left`);
  const baixa = (p: { id: string }, plain: boolean) => asTenant(db, async (trx) => {
    const id = randomUUID();
    await sql`INSERT INTO installment_settlements (id, org_id, installment_id, paid_on, amount, paid_total, bank_account_id) VALUES (${id}, ${DEMO_ORG_ID}, ${p.id}, '2026-11-20', 100, 100, ${account})`.execute(trx);
    await sql`UPDATE installments SET paid_amount = paid_amount + 100, last_paid_on = '2026-11-20', version = version + 1 WHERE id = ${p.id}`.execute(trx);
    return id;
  }, plain);
  const estorno = (p: { id: string }, settlement: string, plain: boolean) => asTenant(db, async (trx) => {
    await sql`UPDATE installment_settlements SET reversed_at = now(), reversal_reason = 'bench' WHERE id = ${settlement}`.execute(trx);
    await sql`UPDATE installments SET paid_amount = paid_amount - 100, version = version + 1 WHERE id = ${p.id}`.execute(trx);
  }, plain);
  // Each lançamento to the other category than it has (a real change every time).
  const recategorise = (e: { id: string }, plain: boolean) => asTenant(db, (trx) => sql`UPDATE finance_entries
    SET category_id = CASE WHEN category_id = ${categories[0]} THEN ${categories[1]} ELSE ${categories[0]} END, version = version + 1 WHERE id = ${e.id}`.execute(trx), plain);
  // Alternating writes (with, without, with…) so the machine's other load hits both alike.
  const times = { on: { baixa: [] as number[], estorno: [] as number[], category: [] as number[] }, off: { baixa: [] as number[], estorno: [] as number[], category: [] as number[] } };
  const write = async (i: number, mode: 'on' | 'off', plain: boolean, counted: boolean) => {
    let settlement = '';
    const b = await timed(async () => { settlement = await baixa(open[i], plain); });
    const e = await timed(() => estorno(open[i], settlement, plain));
    const c = await timed(() => recategorise(entries[i], plain));
    if (!counted) return;
    times[mode].baixa.push(b);
    times[mode].estorno.push(e);
    times[mode].category.push(c);
  };
  const setTriggers = (on: boolean) => Promise.all(TRIGGER_TABLES.map((table) => sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`).execute(db)));
  if (baseline === 'replica') {
    for (let i = 0; i < writes * 2; i++) await write(i, i % 2 === 0 ? 'on' : 'off', i % 2 === 1, true);
  } else {
    let i = 0;
    try {
      for (let block = 0; times.on.baixa.length < writes || times.off.baixa.length < writes; block++) {
        const mode = block % 2 === 0 ? 'on' : 'off';
        await setTriggers(mode === 'on');
        for (let k = 0; k < BLOCK; k++) await write(i++, mode, false, k >= WARM && times[mode].baixa.length < writes);
      }
    } finally {
      await setTriggers(true);
    }
  }
  console.log(`  baseline: ${baseline}`);
  const out = {} as Record<WriteKind, { on: number; off: number }>;
  for (const kind of ['baixa', 'estorno', 'category'] as const) {
    const on = median(times.on[kind]);
    const off = median(times.off[kind]);
    out[kind] = { on, off };
    console.log(`  write: ${WRITE_LABELS[kind].padEnd(32)} ${ms(on)} with summaries, ${ms(off)} without → +${ms(on - off)} per write (medians of ${writes} each)`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a database bench/bi-reports.ts filled.');
  const handle = await openBenchDatabase({ databaseUrl: url, dataDir: '' });
  try {
    const parcelas = (await sql<{ n: string }>`SELECT count(*)::text AS n FROM installments`.execute(handle.db)).rows[0].n;
    console.log(`BI write overhead on PostgreSQL — ${Number(parcelas).toLocaleString('pt-BR')} parcelas`);
    for (const baseline of ['replica', 'user triggers off'] as const) await writeOverhead(handle.db, Number(process.argv[2] ?? 200), baseline);
  } finally {
    await handle.close();
  }
}
