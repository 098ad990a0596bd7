/**
 * Figure: what a lançamento's write costs now that its parcelas follow it (issue 23 leftovers:
 * `syncInstallments` — supplier, category, requester, description and account copied onto the
 * parcelas). Through the API, as admin@demo.com.br: `ENTRIES` lançamentos a pagar of
 * `PARCELAS` parcelas each are created (every parcela gets the copied values), then each is edited
 * twice — a new description (every parcela's description changes) and a new note only (nothing
 * of the parcelas changes) — and finally sent for approval (approved at once: the parcelas are
 * released). Median and p90 milliseconds per request of each kind, and the CPU each took (the
 * server's process tree — PGlite runs inside it — plus PostgreSQL's processes; steadier than wall
 * time on a loaded machine), then a SQL count of the parcelas' audit entries.
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import { sql } from 'kysely';
import { nextBusinessDay } from '../src/contracts/brazil/businessDays';
import { signIn, type Client } from './import-data';
import { openBenchDatabase, prepareDatabase, onScratchPglite, onScratchPostgres, type BenchDatabase } from './registry-data';
import { median, processStats, processTree, startServer } from './server-process';

const ENTRIES = Number(process.env.ENTRIES ?? 40);
const PARCELAS = 12;
const PORT = Number(process.env.BENCH_PORT ?? 3237);
const FINANCE = '/api/finance';

async function api<T>(client: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ body: T; ms: number }> {
  const t = performance.now();
  const response = await fetch(`${client.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - t;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, ms };
}

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
const show = (values: number[], cpu: number | undefined) => `median ${median(values).toFixed(1)} ms, p90 ${p90(values).toFixed(1)} ms, CPU ${cpu?.toFixed(1)} ms per request`;

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  await prepareDatabase(target, async () => {});
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  const timings = { create: [] as number[], describe: [] as number[], note: [] as number[], submit: [] as number[] };
  const cpuMs: Partial<Record<keyof typeof timings, number>> = {};
  try {
    const admin = await signIn(server.url);
    const clerk = admin;
    const first = async (path: string) => (await api<{ id: string }[]>(admin, 'GET', `${path}?perPage=2`)).body.map((r) => r.id);
    const [supplierId] = await first('/v1/companies/suppliers');
    const [categoryId] = await first(`${FINANCE}/expense-categories`);
    const [centre] = await first(`${FINANCE}/cost-centers`);
    const [accountId] = await first(`${FINANCE}/bank-accounts`);
    const amount = 10_000;
    const installments = Array.from({ length: PARCELAS }, (_, i) => ({
      number: i + 1, dueDate: nextBusinessDay(`2027-${String(i + 1).padStart(2, '0')}-10`), amount, paymentMethod: 'cash', boletoLine: null,
      pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null,
    }));
    const body = {
      supplierId, categoryId, requesterId: null, orderId: null, documentType: 'nfe', documentNumber: null, issueDate: '2026-11-20', competence: '11/2026',
      description: 'Locação de equipamentos', total: amount * PARCELAS, bankAccountId: accountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
      allocations: [{ costCenterId: centre, percent: 10000, amount: amount * PARCELAS }], installments,
    };
    type Entry = { id: string; version: number; installments: { id: string }[]; allocations: { id: string }[] };
    // Warm-up (first requests compile and plan).
    for (let i = 0; i < 3; i++) await api(clerk, 'POST', `${FINANCE}/payables`, body);
    // Phase by phase, so that each phase's CPU time (the server's process: PGlite runs inside it) is its own.
    const cpu = (): number => {
      const stats = processStats();
      const tree = new Set(processTree(server.pid, stats));
      return stats.filter((stat) => tree.has(stat.pid) || (target.databaseUrl && stat.name === 'postgres')).reduce((total, stat) => total + stat.cpuTicks, 0) * 10;
    };
    const phase = async (name: keyof typeof timings, step: (i: number) => Promise<number>) => {
      const before = cpu();
      for (let i = 0; i < ENTRIES; i++) timings[name].push(await step(i));
      cpuMs[name] = (cpu() - before) / ENTRIES;
    };
    const entries: Entry[] = [];
    const keep = (entry: Entry) => ({ ...body, installments: installments.map((line, n) => ({ ...line, id: entry.installments[n].id })), allocations: [{ ...body.allocations[0], id: entry.allocations[0].id }] });
    const next = async (i: number, answer: Promise<{ body: Entry; ms: number }>) => {
      const { body: entry, ms } = await answer;
      entries[i] = entry;
      return ms;
    };
    await phase('create', (i) => next(i, api<Entry>(clerk, 'POST', `${FINANCE}/payables`, body)));
    await phase('describe', (i) => next(i, api<Entry>(clerk, 'PUT', `${FINANCE}/payables/${entries[i].id}`, { ...keep(entries[i]), description: `Locação de equipamentos ${i}` }, { 'if-match': `"${entries[i].version}"` })));
    await phase('note', (i) => next(i, api<Entry>(clerk, 'PUT', `${FINANCE}/payables/${entries[i].id}`, { ...keep(entries[i]), description: `Locação de equipamentos ${i}`, notes: 'Conferido.' }, { 'if-match': `"${entries[i].version}"` })));
    await phase('submit', (i) => next(i, api<Entry>(clerk, 'POST', `${FINANCE}/payables/${entries[i].id}/actions/submit`, {}, { 'if-match': `"${entries[i].version}"` })));
  } finally {
    await server.stop();
  }
  console.log(`entry-sync [${kind}]: ${ENTRIES} lançamentos a pagar × ${PARCELAS} parcelas`);
  console.log(`entry-sync [${kind}]:   POST (parcelas filled)            ${show(timings.create, cpuMs.create)}`);
  console.log(`entry-sync [${kind}]:   PUT description (12 parcelas move) ${show(timings.describe, cpuMs.describe)}`);
  console.log(`entry-sync [${kind}]:   PUT notes (no parcela changes)     ${show(timings.note, cpuMs.note)}`);
  console.log(`entry-sync [${kind}]:   submit (approved, released)        ${show(timings.submit, cpuMs.submit)}`);
  const handle = await openBenchDatabase(target);
  try {
    const rows = await sql<{ action: string; n: string }>`SELECT action, count(*)::text AS n FROM audit_log WHERE entity_type = 'payableInstallments' GROUP BY action ORDER BY action`.execute(handle.db);
    console.log(`entry-sync [${kind}]:   parcelas' audit entries (SQL): ${rows.rows.map((r) => `${r.action} ${r.n}`).join(', ') || 'none'}`);
  } finally {
    await handle.close();
  }
}

if (process.env.DATABASE_URL) await onScratchPostgres(process.env.DATABASE_URL, 'entry_sync', (target) => benchOne('PostgreSQL', target));
else await onScratchPglite('entry_sync', (target) => benchOne('PGlite', target));
