/**
 * BI (issue 26): the summary tables (migration 0030) equal a full recomputation from the raw rows
 * after every kind of write — create, change of category / competência / due date / amount /
 * rateio, cancel, baixa, partial baixa, estorno, and (on PostgreSQL) baixas and estornos in
 * parallel —; the DRE and the fluxo de caixa against a hand-computed fixture; the drill-down adds
 * up to its number; saldos de conta unique per account and date; 403 without the permission, and
 * another organisation's numbers never show. The DFC (direct method, by DFC group) and the DRE by
 * cost centre against their own fixture, and every report's CSV/XLSX read back; the analítico
 * (a read-only registry list of every parcela) paged, filtered, totalled and exported.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestEnv } from './fixture.js';
import { download, parseCsv, xlsxRows } from './registry-support.js';

const FINANCE = '/api/finance';
const BI = '/api/finance-reporting';
const NO_PAYMENT_DATA = { boletoLine: null, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };

interface Parcela { dueDate: string; amount: number }
interface EntrySpec { direction: 'payable' | 'receivable'; categoryId: string; competence: string; allocations: { costCenterId: string; amount: number }[]; installments: Parcela[] }

// ---------------------------------------------------------------- the recomputation, in TypeScript

type Sums = [amount: bigint, paid: bigint, open: bigint, entries: bigint];
/** `x` split by weights, floor of each share and the remainder to the first (the summaries' rule). */
function split(x: bigint, weights: bigint[]): bigint[] {
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return weights.map((_, i) => (i === 0 ? x : 0n));
  const shares = weights.map((w) => (x * w) / total);
  shares[0] += x - shares.reduce((a, b) => a + b, 0n);
  return shares;
}

async function recomputed(env: TestEnv, orgId: string) {
  const parcelas = (await sql<{ id: string; direction: string; amount: string; paid_amount: string; due_date: string; status: string; bank: string; category_id: string; competence: string; entry_id: string }>`
    SELECT i.id, i.direction, i.amount::text, i.paid_amount::text, i.due_date::text, i.status, COALESCE(i.bank_account_id, '') AS bank, e.category_id, e.competence, e.id AS entry_id
    FROM installments i JOIN finance_entries e ON e.id = i.entry_id WHERE i.org_id = ${orgId}`.execute(env.db)).rows;
  const allocations = (await sql<{ entry_id: string; cost_center_id: string; amount: string }>`SELECT entry_id, cost_center_id, amount::text FROM finance_entry_allocations WHERE org_id = ${orgId} ORDER BY entry_id, position, id`.execute(env.db)).rows;
  const baixas = (await sql<{ installment_id: string; paid_on: string; amount: string; paid_total: string; bank_account_id: string }>`
    SELECT installment_id, paid_on::text, amount::text, paid_total::text, bank_account_id FROM installment_settlements WHERE org_id = ${orgId} AND reversed_at IS NULL`.execute(env.db)).rows;
  const monthly = new Map<string, Sums>();
  const daily = new Map<string, Sums>();
  const add = (map: Map<string, Sums>, key: string, v: Sums) => {
    const s = map.get(key) ?? [0n, 0n, 0n, 0n];
    map.set(key, [s[0] + v[0], s[1] + v[1], s[2] + v[2], s[3] + v[3]]);
  };
  for (const p of parcelas) {
    if (p.status === 'cancelled' || !p.direction) continue;
    const own = allocations.filter((a) => a.entry_id === p.entry_id);
    const centres = own.length ? own.map((a) => a.cost_center_id) : [''];
    const weights = own.length ? own.map((a) => BigInt(a.amount)) : [1n];
    const amounts = split(BigInt(p.amount), weights);
    const paids = split(BigInt(p.paid_amount), weights);
    const competence = `${p.competence.slice(3)}-${p.competence.slice(0, 2)}-01`;
    centres.forEach((cc, i) => {
      const v: Sums = [amounts[i], paids[i], amounts[i] - paids[i], 1n];
      add(monthly, ['due', `${p.due_date.slice(0, 7)}-01`, p.direction, p.category_id, cc, p.bank].join('|'), v);
      add(monthly, ['competence', competence, p.direction, p.category_id, cc, p.bank].join('|'), v);
      add(daily, [p.bank, 'due', p.due_date, p.direction].join('|'), [v[0], v[1], v[2], i === 0 ? 1n : 0n]);
    });
    for (const b of baixas.filter((s) => s.installment_id === p.id)) {
      const principal = split(BigInt(b.amount), weights);
      const cash = split(BigInt(b.paid_total), weights);
      centres.forEach((cc, i) => {
        add(monthly, ['paid', `${b.paid_on.slice(0, 7)}-01`, p.direction, p.category_id, cc, b.bank_account_id].join('|'), [principal[i], cash[i], 0n, 1n]);
        add(daily, [b.bank_account_id, 'paid', b.paid_on, p.direction].join('|'), [principal[i], cash[i], 0n, i === 0 ? 1n : 0n]);
      });
    }
  }
  const live = (map: Map<string, Sums>) => Object.fromEntries([...map].filter(([, s]) => s.some((v) => v !== 0n)).map(([k, s]) => [k, s.map(String)]).sort());
  return { monthly: live(monthly), daily: live(daily) };
}

async function stored(env: TestEnv, orgId: string) {
  const monthly = (await sql<{ k: string; amount: string; paid: string; open: string; entries: string }>`
    SELECT concat_ws('|', basis, month::text, direction, category_id, cost_center_id, bank_account_id) AS k, amount::text, paid::text, open::text, entries::text FROM bi_monthly WHERE org_id = ${orgId}`.execute(env.db)).rows;
  const daily = (await sql<{ k: string; amount: string; paid: string; open: string; entries: string }>`
    SELECT concat_ws('|', bank_account_id, basis, day::text, direction) AS k, amount::text, paid::text, open::text, entries::text FROM bi_daily WHERE org_id = ${orgId}`.execute(env.db)).rows;
  const shape = (rows: typeof monthly) => Object.fromEntries(rows.map((r) => [r.k, [r.amount, r.paid, r.open, r.entries]]).sort());
  return { monthly: shape(monthly), daily: shape(daily) };
}

async function expectExact(env: TestEnv, when: string) {
  for (const orgId of [DEMO_ORG_ID, OTHER_ORG_ID]) expect(await stored(env, orgId), when).toEqual(await recomputed(env, orgId));
}

// ---------------------------------------------------------------- the test

describe.each(databaseKinds())('BI: summaries, DRE and fluxo de caixa [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: Session;
  let supplierId: string;
  let customerId: string;
  let accountId: string;
  const cat: Record<string, string> = {};
  const cc: string[] = [];

  const post = (path: string, session: Session, body: unknown, headers: Record<string, string> = {}) => call(env, 'POST', path, { session, body, headers });

  async function category(kind: 'expense' | 'revenue', dreLine: string, dfcGroup?: string) {
    const created = await post(`${FINANCE}/${kind}-categories`, admin, { code: `BI${randomUUID().slice(0, 6)}`, name: `BI ${dreLine}`, parentId: null, isActive: true, description: null, dreLine, ...(dfcGroup ? { dfcGroup } : {}), ledgerAccountId: null });
    expect(created.status, created.raw).toBe(201);
    return created.body.id as string;
  }

  function entryBody(spec: EntrySpec) {
    const total = spec.installments.reduce((s, i) => s + i.amount, 0);
    return {
      ...(spec.direction === 'payable' ? { supplierId, requesterId: null, orderId: null } : { customerId }),
      categoryId: spec.categoryId, documentType: 'invoice', documentNumber: `BI-${randomUUID().slice(0, 6)}`, issueDate: '2024-02-01', competence: spec.competence,
      description: 'Fixture do BI', total, bankAccountId: accountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
      allocations: spec.allocations.map((a) => ({ ...a, percent: null })),
      // A payable's PIX key is the supplier's; a receivable is received in cash, into the fixture's caixa.
      installments: spec.installments.map((p, i) => ({ number: i + 1, dueDate: p.dueDate, amount: p.amount,
        ...(spec.direction === 'payable' ? { paymentMethod: 'pix', ...NO_PAYMENT_DATA, pixKeyType: 'email', pixKey: `bi${i}@exemplo.com.br` } : { paymentMethod: 'cash', bankAccountId: accountId }) })),
    };
  }
  const path = (direction: 'payable' | 'receivable') => `${FINANCE}/${direction === 'payable' ? 'payables' : 'receivables'}`;
  const parcelasPath = (direction: 'payable' | 'receivable') => `${FINANCE}/${direction}-installments`;

  async function createEntry(spec: EntrySpec) {
    const created = await post(path(spec.direction), clerk, entryBody(spec));
    expect(created.status, created.raw).toBe(201);
    return created.body as { id: string; version: number; installments: { id: string }[] };
  }

  /** A payable approved at once and its parcelas authorised by the treasurer: ready for a baixa. */
  async function authorised(spec: EntrySpec) {
    const entry = await createEntry(spec);
    const submitted = await post(`${path('payable')}/${entry.id}/actions/submit`, clerk, {}, { 'if-match': `"${entry.version}"` });
    expect(submitted.status, submitted.raw).toBe(200);
    const ids = entry.installments.map((i) => i.id);
    const bulk = await post(`${parcelasPath('payable')}/bulk/authorize`, treasurer, { ids });
    expect(bulk.body.failed, bulk.raw).toEqual([]);
    return ids;
  }

  async function settle(direction: 'payable' | 'receivable', id: string, body: Record<string, unknown>) {
    const parcela = (await call(env, 'GET', `${parcelasPath(direction)}/${id}`, { session: treasurer })).body;
    return post(`${parcelasPath(direction)}/${id}/actions/settle`, treasurer, { bankAccountId: accountId, ...body }, { 'if-match': `"${parcela.version}"` });
  }

  async function reverse(direction: 'payable' | 'receivable', id: string, which = 0) {
    const parcela = (await call(env, 'GET', `${parcelasPath(direction)}/${id}`, { session: treasurer })).body;
    const live = parcela.settlements.filter((s: { reversed: boolean }) => !s.reversed);
    return post(`${parcelasPath(direction)}/${id}/actions/reverse`, treasurer, { settlementId: live[which].id, reason: 'Baixa em duplicidade' }, { 'if-match': `"${parcela.version}"` });
  }

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    supplierId = (await call(env, 'GET', `/v1/companies/suppliers?perPage=1`, { session: admin })).body[0].id;
    customerId = (await call(env, 'GET', `/v1/companies/customers?perPage=1`, { session: admin })).body[0].id;
    for (const name of ['A', 'B']) {
      const centre = await post(`${FINANCE}/cost-centers`, admin, { code: `BI${name}${randomUUID().slice(0, 4)}`, name: `BI ${name}`, parentId: null, isActive: true, description: null });
      expect(centre.status, centre.raw).toBe(201);
      cc.push(centre.body.id);
    }
    cat.revenue = await category('revenue', 'grossRevenue');
    cat.costs = await category('expense', 'costs');
    cat.opex = await category('expense', 'operatingExpenses');
    cat.tax = await category('expense', 'incomeTax');
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `BI ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1000000, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
    expect(account.status, account.raw).toBe(201);
    accountId = account.body.id;
  });

  it('keeps the summaries exact through create, change, cancel, baixa, partial baixa and estorno', async () => {
    await expectExact(env, 'seeded');
    const payable = await createEntry({ direction: 'payable', categoryId: cat.costs, competence: '01/2024', allocations: [{ costCenterId: cc[0], amount: 6667 }, { costCenterId: cc[1], amount: 3334 }], installments: [{ dueDate: '2024-01-15', amount: 3334 }, { dueDate: '2024-02-15', amount: 3333 }, { dueDate: '2024-03-15', amount: 3334 }] });
    await expectExact(env, 'created');
    // Change category, competência, a due date, the amounts and the rateio, keeping the parcelas' ids.
    const read = (await call(env, 'GET', `${path('payable')}/${payable.id}`, { session: clerk })).body;
    const body = entryBody({ direction: 'payable', categoryId: cat.opex, competence: '02/2024', allocations: [{ costCenterId: cc[1], amount: 12001 }], installments: [{ dueDate: '2024-01-16', amount: 4000 }, { dueDate: '2024-02-15', amount: 4001 }, { dueDate: '2024-04-15', amount: 4000 }] });
    body.installments = body.installments.map((p, i) => ({ ...p, id: read.installments[i].id }));
    const changed = await call(env, 'PUT', `${path('payable')}/${payable.id}`, { session: clerk, body, headers: { 'if-match': `"${read.version}"` } });
    expect(changed.status, changed.raw).toBe(200);
    await expectExact(env, 'changed');
    const cancelled = await post(`${path('payable')}/${payable.id}/actions/cancel`, clerk, { reason: 'Lançado em duplicidade' }, { 'if-match': `"${changed.body.version}"` });
    expect(cancelled.status, cancelled.raw).toBe(200);
    await expectExact(env, 'cancelled');

    const [first, second] = await authorised({ direction: 'payable', categoryId: cat.tax, competence: '01/2024', allocations: [{ costCenterId: cc[0], amount: 4999 }, { costCenterId: cc[1], amount: 10001 }], installments: [{ dueDate: '2024-01-22', amount: 10000 }, { dueDate: '2024-01-23', amount: 5000 }] });
    await expectExact(env, 'authorised');
    expect((await settle('payable', first, { paidOn: '2024-01-22', amount: 4000, interest: 100, fine: 20, discount: 7 })).status).toBe(200);
    await expectExact(env, 'partial baixa');
    expect((await settle('payable', first, { paidOn: '2024-01-25', amount: 6000 })).status).toBe(200);
    await expectExact(env, 'last baixa');
    expect((await reverse('payable', first, 0)).status).toBe(200);
    await expectExact(env, 'estorno');
    expect((await settle('payable', second, { paidOn: '2024-02-01', amount: 5000 })).status).toBe(200);
    await expectExact(env, 'paid');

    const receivable = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '01/2024', allocations: [{ costCenterId: cc[0], amount: 9000 }], installments: [{ dueDate: '2024-01-31', amount: 9000 }] });
    expect((await settle('receivable', receivable.installments[0].id, { paidOn: '2024-01-31', amount: 9000 })).status).toBe(200);
    await expectExact(env, 'received');
  });

  it('refreshes at commit once per transaction: a rolled-back savepoint takes its marks back, a write after the flush queues another', async () => {
    const entry = await createEntry({ direction: 'payable', categoryId: cat.costs, competence: '07/2024', allocations: [{ costCenterId: cc[0], amount: 30000 }], installments: [{ dueDate: '2024-07-10', amount: 10000 }, { dueDate: '2024-07-11', amount: 20000 }] });
    const [a, b] = entry.installments.map((i) => i.id);
    await env.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.org_id', ${DEMO_ORG_ID}, true)`.execute(trx);
      await sql`SAVEPOINT moved`.execute(trx);
      await sql`UPDATE installments SET due_date = '2024-08-12' WHERE id = ${a}`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT moved`.execute(trx);
      await sql`UPDATE installments SET due_date = '2024-08-13', amount = 20001 WHERE id = ${b}`.execute(trx);
      // The flush runs here, as at a commit…
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
      // …and a write after it (another deferred trigger's, say) is refreshed at the real commit.
      await sql`UPDATE installments SET due_date = '2024-09-10' WHERE id = ${a}`.execute(trx);
      await sql`UPDATE installments SET due_date = '2024-09-11' WHERE id = ${b}`.execute(trx);
    });
    await expectExact(env, 'savepoint, flush, writes after the flush');
    const stored = await sql<{ day: string }>`SELECT DISTINCT day::text FROM bi_installment_facts WHERE installment_id IN (${a}, ${b}) AND basis = 'due' ORDER BY 1`.execute(env.db);
    expect(stored.rows.map((r) => r.day)).toEqual(['2024-09-10', '2024-09-11']);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM bi_pending`.execute(env.db)).rows[0].n).toBe(0);

    // A baixa through the API refreshes its own parcela, not the lançamento's others (their facts' row versions stay).
    const [first, second] = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '07/2024', allocations: [{ costCenterId: cc[0], amount: 20000 }], installments: [{ dueDate: '2024-07-15', amount: 10000 }, { dueDate: '2024-08-15', amount: 10000 }] });
    const versions = async (id: string) => (await sql<{ v: string }>`SELECT string_agg(f.xmin::text, ',' ORDER BY f.basis, f.day) AS v FROM bi_installment_facts f WHERE f.installment_id = ${id}`.execute(env.db)).rows[0].v;
    const [firstBefore, secondBefore] = [await versions(first), await versions(second)];
    expect((await settle('payable', first, { paidOn: '2024-07-15', amount: 10000, interest: 50 })).status).toBe(200);
    expect(await versions(second)).toBe(secondBefore);
    expect(await versions(first)).not.toBe(firstBefore);
    await expectExact(env, 'a baixa of one parcela of two');
  });

  it.skipIf(kind !== 'postgres')('stays exact under parallel baixas and estornos', async () => {
    const ids = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '05/2024', allocations: [{ costCenterId: cc[0], amount: 50000 }, { costCenterId: cc[1], amount: 10000 }], installments: Array.from({ length: 6 }, () => ({ dueDate: '2024-05-20', amount: 10000 })) });
    // Two baixas per parcela at once, all on the same day and account (the same summary cells).
    const baixas = await Promise.all(ids.flatMap((id) => [settle('payable', id, { paidOn: '2024-05-20', amount: 3000, interest: 11 }), settle('payable', id, { paidOn: '2024-05-20', amount: 2000 })]));
    for (const answer of baixas) expect([200, 409, 412], answer.raw).toContain(answer.status);
    expect(baixas.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(ids.length);
    await expectExact(env, 'parallel baixas');
    const more = await Promise.all(ids.map((id) => settle('payable', id, { paidOn: '2024-05-21', amount: 1000 })));
    for (const answer of more) expect(answer.status, answer.raw).toBe(200);
    const estornos = await Promise.all(ids.flatMap((id) => [reverse('payable', id, 0), settle('payable', id, { paidOn: '2024-05-22', amount: 500 })]));
    for (const answer of estornos) expect([200, 409, 412], answer.raw).toContain(answer.status);
    expect(estornos.some((a) => a.status === 200)).toBe(true);
    await expectExact(env, 'parallel estornos');
  });

  it('DRE and fluxo de caixa against a hand-computed fixture; drill-down; 403; another organisation', async () => {
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `Fluxo ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1000000, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
    accountId = account.body.id;
    const balance = await post(`${BI}/account-balances`, treasurer, { bankAccountId: accountId, date: '2024-02-29', amount: 500000, description: 'Extrato de 29/02', notes: null });
    expect(balance.status, balance.raw).toBe(201);
    const again = await post(`${BI}/account-balances`, treasurer, { bankAccountId: accountId, date: '2024-02-29', amount: 1, description: 'Outro', notes: null });
    expect(again.status, again.raw).toBe(409);
    expect(Object.values(again.body.errors ?? {}).flat()).toContain('Já existe um saldo desta conta nesta data.');

    const receivable = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '03/2024', allocations: [{ costCenterId: cc[0], amount: 100000 }], installments: [{ dueDate: '2024-03-11', amount: 100000 }] });
    expect((await settle('receivable', receivable.installments[0].id, { paidOn: '2024-03-12', amount: 100000 })).status).toBe(200);
    const [p1] = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '03/2024', allocations: [{ costCenterId: cc[0], amount: 20000 }, { costCenterId: cc[1], amount: 10000 }], installments: [{ dueDate: '2024-03-13', amount: 30000 }] });
    expect((await settle('payable', p1, { paidOn: '2024-03-13', amount: 10000, interest: 500 })).status).toBe(200);
    const [p2] = await authorised({ direction: 'payable', categoryId: cat.opex, competence: '02/2024', allocations: [{ costCenterId: cc[1], amount: 5000 }], installments: [{ dueDate: '2024-02-20', amount: 5000 }] });
    expect((await settle('payable', p2, { paidOn: '2024-02-28', amount: 5000 })).status).toBe(200);
    await expectExact(env, 'fixture');

    const dre = await call(env, 'GET', `${BI}/reports/dre?year=2024&bankAccountId=${accountId}`, { session: treasurer });
    expect(dre.status, dre.raw).toBe(200);
    const line = (answer: typeof dre, key: string) => answer.body.rows.find((r: { key: string }) => r.key === key);
    expect(dre.body.columns).toHaveLength(12);
    expect(line(dre, 'grossRevenue').values.slice(0, 4)).toEqual([0, 0, 100000, 0]);
    expect(line(dre, 'costs').values.slice(0, 4)).toEqual([0, 0, -30000, 0]);
    expect(line(dre, 'operatingExpenses').values.slice(0, 4)).toEqual([0, -5000, 0, 0]);
    expect(line(dre, 'grossProfit').values[2]).toBe(70000);
    // P1's baixa of 13/03 paid R$ 5,00 of juros: a despesa financeira of March (its competência is the baixa's date).
    expect(line(dre, 'financialResult').values.slice(0, 4)).toEqual([0, 0, -500, 0]);
    expect(line(dre, 'financialResult:baixas:payable').values[2]).toBe(-500);
    expect(line(dre, 'netIncome').values.slice(0, 4)).toEqual([0, -5000, 69500, 0]);
    expect(line(dre, 'netIncome').total).toBe(64500);
    expect(dre.body.percentOf).toBe('netRevenue');
    const detail = dre.body.rows.find((r: { parent?: string; drill?: { categoryId?: string } }) => r.parent === 'costs' && r.drill?.categoryId === cat.costs);
    expect(detail.values[2]).toBe(-30000);

    const paidBasis = await call(env, 'GET', `${BI}/reports/dre?year=2024&basis=paid&bankAccountId=${accountId}`, { session: treasurer });
    expect(line(paidBasis, 'costs').values[2]).toBe(-10000);
    expect(line(paidBasis, 'netIncome').total).toBe(84500);

    // Drill-down: the costs of March (competência) are P1; by cost centre, its share.
    const march = dre.body.columns[2];
    const drill = await call(env, 'GET', `${BI}/reports/drill?basis=competence&measure=amount&dreLine=costs&bankAccountId=${accountId}&from=${march.from}&to=${march.to}`, { session: treasurer });
    expect(drill.status, drill.raw).toBe(200);
    expect(drill.body).toMatchObject({ total: -30000, count: 1, truncated: false });
    expect(drill.body.rows[0]).toMatchObject({ id: p1, amount: -30000, direction: 'payable' });
    // Every number drills down, subtotals too: the parcelas add up to it.
    for (const key of ['costs', 'grossProfit', 'financialResult', 'financialResult:baixas:payable', 'netIncome']) {
      const row = line(dre, key);
      const cellDrill = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row.drill, from: march.from, to: march.to })}`, { session: treasurer });
      expect(cellDrill.body.total, key).toBe(row.values[2]);
      const yearDrill = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row.drill, from: dre.body.columns[0].from, to: dre.body.columns[11].to })}`, { session: treasurer });
      expect(yearDrill.body.total, key).toBe(row.total);
    }
    const share = await call(env, 'GET', `${BI}/reports/drill?basis=competence&measure=amount&direction=payable&categoryId=${cat.costs}&costCenterId=${cc[1]}&bankAccountId=${accountId}&from=${march.from}&to=${march.to}`, { session: treasurer });
    expect(share.body).toMatchObject({ total: -10000, count: 1 });

    // Fluxo de caixa of March by month: saldo de conta of 29/02 (not the opening balance), previsto × realizado.
    const flow = await call(env, 'GET', `${BI}/reports/cash-flow?from=2024-03-01&to=2024-03-31&grain=month&bankAccountId=${accountId}`, { session: treasurer });
    expect(flow.status, flow.raw).toBe(200);
    const values = Object.fromEntries(flow.body.rows.map((r: { key: string; values: number[] }) => [r.key, r.values[0]]));
    expect(values).toEqual({ opening: 500000, inForecast: 0, outForecast: -20000, inActual: 100000, outActual: -10500, closing: 589500 });
    for (const row of flow.body.rows.filter((r: { drill?: unknown }) => r.drill)) {
      const cellDrill = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row.drill, from: '2024-03-01', to: '2024-03-31' })}`, { session: treasurer });
      expect(cellDrill.body.total, row.key).toBe(row.values[0]);
    }
    const weeks = await call(env, 'GET', `${BI}/reports/cash-flow?from=2024-03-01&to=2024-03-31&grain=week&bankAccountId=${accountId}`, { session: treasurer });
    expect(weeks.body.columns.map((c: { from: string }) => c.from)).toEqual(['2024-03-01', '2024-03-04', '2024-03-11', '2024-03-18', '2024-03-25']);
    expect(weeks.body.rows.find((r: { key: string }) => r.key === 'closing').values).toEqual([500000, 500000, 589500, 589500, 589500]);
    const february = await call(env, 'GET', `${BI}/reports/cash-flow?from=2024-02-01&to=2024-02-29&grain=month&bankAccountId=${accountId}`, { session: treasurer });
    expect(february.body.rows.find((r: { key: string }) => r.key === 'opening').values).toEqual([1000000]);
    expect(february.body.rows.find((r: { key: string }) => r.key === 'closing').values).toEqual([995000]);
    // Future periods: previsto only.
    const future = await call(env, 'GET', `${BI}/reports/cash-flow?from=2099-01-01&to=2099-03-31&grain=month&bankAccountId=${accountId}`, { session: treasurer });
    expect(future.body.columns.every((c: { future: boolean }) => c.future)).toBe(true);
    expect(future.body.rows.find((r: { key: string }) => r.key === 'inActual').values).toEqual([null, null, null]);
    const backwards = await call(env, 'GET', `${BI}/reports/cash-flow?from=2024-03-31&to=2024-03-01`, { session: treasurer });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toEqual(['A data final deve ser igual ou posterior à inicial.']);

    // Without the permission: 403; anonymous: 401.
    const buyer = (await userInGroups(env, ['Comprador'])).session;
    expect((await call(env, 'GET', `${BI}/reports/dre?year=2024`, { session: buyer })).status).toBe(403);
    expect((await call(env, 'GET', `${BI}/reports/drill?basis=due&measure=open&from=2024-03-01&to=2024-03-31`, { session: buyer })).status).toBe(403);
    expect((await call(env, 'GET', `${BI}/reports/dre?year=2024`)).status).toBe(401);

    // Another organisation sees none of these numbers, and not the saldo de conta.
    const outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    const theirs = await call(env, 'GET', `${BI}/reports/dre?year=2024`, { session: outsider });
    expect(theirs.status, theirs.raw).toBe(200);
    expect(theirs.body.rows.every((r: { values: number[] }) => r.values.every((v) => v === 0))).toBe(true);
    const theirDrill = await call(env, 'GET', `${BI}/reports/drill?basis=competence&measure=amount&from=2024-03-01&to=2024-03-31`, { session: outsider });
    expect(theirDrill.body).toMatchObject({ count: 0, total: 0 });
    const theirFlow = await call(env, 'GET', `${BI}/reports/cash-flow?from=2024-03-01&to=2024-03-31&grain=month&bankAccountId=${accountId}`, { session: outsider });
    expect(theirFlow.body.rows.every((r: { values: (number | null)[] }) => r.values.every((v) => v === 0))).toBe(true);
    expect((await call(env, 'GET', `${BI}/account-balances/${balance.body.id}`, { session: outsider })).status).toBe(404);
  });

  it('DFC and DRE by cost centre against a hand-computed fixture; drills; exports read back; 401/403; another organisation', async () => {
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `DFC ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
    accountId = account.body.id;
    const equipment = await category('expense', 'operatingExpenses', 'investing');
    const loan = await category('revenue', 'financialResult', 'financing');
    const r1 = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '03/2024', allocations: [{ costCenterId: cc[0], amount: 100000 }], installments: [{ dueDate: '2024-03-11', amount: 100000 }] });
    expect((await settle('receivable', r1.installments[0].id, { paidOn: '2024-03-12', amount: 100000 })).status).toBe(200);
    const [p1] = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '03/2024', allocations: [{ costCenterId: cc[0], amount: 20000 }, { costCenterId: cc[1], amount: 10000 }], installments: [{ dueDate: '2024-03-13', amount: 30000 }] });
    expect((await settle('payable', p1, { paidOn: '2024-03-13', amount: 10000, interest: 500 })).status).toBe(200);
    const [p2] = await authorised({ direction: 'payable', categoryId: equipment, competence: '04/2024', allocations: [{ costCenterId: cc[1], amount: 50000 }], installments: [{ dueDate: '2024-04-10', amount: 50000 }] });
    expect((await settle('payable', p2, { paidOn: '2024-04-10', amount: 50000 })).status).toBe(200);
    const r2 = await createEntry({ direction: 'receivable', categoryId: loan, competence: '04/2024', allocations: [{ costCenterId: cc[0], amount: 200000 }], installments: [{ dueDate: '2024-04-01', amount: 200000 }] });
    expect((await settle('receivable', r2.installments[0].id, { paidOn: '2024-04-02', amount: 200000 })).status).toBe(200);
    // An estorno leaves the DFC: a baixa of R$ 70,00 reversed.
    const [p3] = await authorised({ direction: 'payable', categoryId: cat.opex, competence: '04/2024', allocations: [{ costCenterId: cc[1], amount: 7000 }], installments: [{ dueDate: '2024-04-22', amount: 7000 }] });
    expect((await settle('payable', p3, { paidOn: '2024-04-22', amount: 7000 })).status).toBe(200);
    expect((await reverse('payable', p3)).status).toBe(200);

    // DFC: operacional Mar +1.000,00 − (100,00 + 5,00 juros); investimento Abr −500,00; financiamento Abr +2.000,00.
    const dfc = await call(env, 'GET', `${BI}/reports/dfc?year=2024&bankAccountId=${accountId}`, { session: treasurer });
    expect(dfc.status, dfc.raw).toBe(200);
    const row = (answer: typeof dfc, key: string) => answer.body.rows.find((r: { key: string }) => r.key === key);
    expect(dfc.body.rows.filter((r: { parent?: string }) => !r.parent).map((r: { key: string }) => r.key)).toEqual(['operating', 'investing', 'financing', 'netChange']);
    expect(row(dfc, 'operating').values.slice(2, 4)).toEqual([89500, 0]);
    expect(row(dfc, 'investing').values.slice(2, 4)).toEqual([0, -50000]);
    expect(row(dfc, 'financing').values.slice(2, 4)).toEqual([0, 200000]);
    expect(row(dfc, 'netChange').values.slice(2, 4)).toEqual([89500, 150000]);
    expect(row(dfc, 'netChange').total).toBe(239500);
    expect(row(dfc, `operating:payable:${cat.costs}`).values[2]).toBe(-10500);
    expect(row(dfc, `investing:payable:${equipment}`).total).toBe(-50000);
    for (const r of dfc.body.rows as { key: string; values: number[]; total: number; drill: Record<string, string> }[]) {
      for (const [i, value] of r.values.entries()) {
        if (i < 2 || i > 3) continue;
        const cell = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...r.drill, from: dfc.body.columns[i].from, to: dfc.body.columns[i].to })}`, { session: treasurer });
        expect(cell.body.total, `${r.key} ${i}`).toBe(value);
      }
      const year = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...r.drill, from: '2024-01-01', to: '2024-12-31' })}`, { session: treasurer });
      expect(year.body.total, r.key).toBe(r.total);
    }
    const investing = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row(dfc, 'investing').drill, from: '2024-04-01', to: '2024-04-30' })}`, { session: treasurer });
    expect(investing.body.rows.map((r: { id: string }) => r.id)).toEqual([p2]);
    // By cost centre: cc[1]'s part of the baixas.
    const byCentre = await call(env, 'GET', `${BI}/reports/dfc?year=2024&bankAccountId=${accountId}&costCenterId=${cc[1]}`, { session: treasurer });
    expect(row(byCentre, 'netChange').values.slice(2, 4)).toEqual([-3500, -50000]);

    // DRE by cost centre (competência): one column per centre, drilling into the centre's share.
    const dre2 = await call(env, 'GET', `${BI}/reports/dre-by-cost-center?year=2024&bankAccountId=${accountId}`, { session: treasurer });
    expect(dre2.status, dre2.raw).toBe(200);
    expect(dre2.body.columns.map((c: { drill: { costCenterId: string } }) => c.drill.costCenterId)).toEqual([cc[0], cc[1]]);
    expect(row(dre2, 'grossRevenue').values).toEqual([100000, 0]);
    expect(row(dre2, 'costs').values).toEqual([-20000, -10000]);
    expect(row(dre2, 'operatingExpenses').values).toEqual([0, -57000]);
    // P1's R$ 5,00 of juros split by its rateio like its cash and principal: 70,00 − 66,67 and 35,00 − 33,33.
    expect(row(dre2, 'financialResult').values).toEqual([199667, -167]);
    expect(row(dre2, 'netIncome').values).toEqual([279667, -67167]);
    expect(row(dre2, 'netIncome').total).toBe(212500);
    for (const key of ['grossRevenue', 'costs', 'financialResult', 'netIncome']) {
      const r = row(dre2, key);
      for (const [i, column] of (dre2.body.columns as { from: string; to: string; drill: Record<string, string> }[]).entries()) {
        const cell = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...r.drill, ...column.drill, from: column.from, to: column.to })}`, { session: treasurer });
        expect(cell.body.total, `${key} ${i}`).toBe(r.values[i]);
      }
      const total = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...r.drill, from: '2024-01-01', to: '2024-12-31' })}`, { session: treasurer });
      expect(total.body.total, key).toBe(r.total);
    }

    // Exports: the grid as on screen, same filters. CSV in pt-BR (BOM, `;`, decimal comma); XLSX numbers in reais.
    const csv = await download(env, treasurer, `${BI}/reports/dfc/export.csv?year=2024&bankAccountId=${accountId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename="dfc-metodo-direto-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const lines = parseCsv(csv.body.toString('utf8'));
    expect(lines[0]).toEqual(['Atividade', ...['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'].map((m) => `${m}/2024`), 'Total']);
    const csvRow = (label: string) => lines.find((l) => l[0] === label)!;
    expect(csvRow('Atividades operacionais').slice(3, 5)).toEqual(['R$ 895,00', 'R$ 0,00']);
    expect(csvRow('Atividades de investimento')[4]).toBe('-R$ 500,00');
    expect(csvRow('Variação líquida do caixa').at(-1)).toBe('R$ 2.395,00');
    expect(lines.some((l) => l[0].startsWith('    ') && l[0].trim().endsWith('BI costs'))).toBe(true);
    const xlsx = await download(env, treasurer, `${BI}/reports/dre-by-cost-center/export.xlsx?year=2024&bankAccountId=${accountId}`);
    expect(xlsx.status).toBe(200);
    const sheet = xlsxRows(xlsx.body);
    expect(sheet[0]).toEqual(['Linha da DRE', ...dre2.body.columns.map((c: { label: string }) => c.label), 'Total', '% da receita líquida']);
    expect(sheet.find((r) => r[0] === 'Lucro líquido')!.slice(1, 4)).toEqual(['2796.67', '-671.67', '2125']);
    const dreCsv = parseCsv((await download(env, treasurer, `${BI}/reports/dre/export.csv?year=2024&bankAccountId=${accountId}`)).body.toString('utf8'));
    expect(dreCsv.find((l) => l[0] === 'Receita líquida')!.at(-1)).toBe('100,00%');
    const flowCsv = parseCsv((await download(env, treasurer, `${BI}/reports/cash-flow/export.csv?from=2099-01-01&to=2099-01-31&grain=month&bankAccountId=${accountId}`)).body.toString('utf8'));
    expect(flowCsv.find((l) => l[0] === 'Recebimentos realizados')![1]).toBe('');
    expect((await download(env, treasurer, `${BI}/reports/cash-flow/export.csv?from=2024-03-31&to=2024-03-01`)).status).toBe(400);

    // 401 / 403 / another organisation.
    const buyer = (await userInGroups(env, ['Comprador'])).session;
    for (const url of [`${BI}/reports/dfc?year=2024`, `${BI}/reports/dre-by-cost-center?year=2024`, `${BI}/reports/dfc/export.csv?year=2024`, `${BI}/reports/dre/export.xlsx?year=2024`]) {
      expect((await download(env, undefined, url)).status, url).toBe(401);
      expect((await download(env, buyer, url)).status, url).toBe(403);
    }
    const outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    const theirs = await call(env, 'GET', `${BI}/reports/dfc?year=2024&bankAccountId=${accountId}`, { session: outsider });
    expect(theirs.status, theirs.raw).toBe(200);
    expect(theirs.body.rows.every((r: { values: number[] }) => r.values.every((v) => v === 0))).toBe(true);
    const theirCentres = await call(env, 'GET', `${BI}/reports/dre-by-cost-center?year=2024&bankAccountId=${accountId}`, { session: outsider });
    expect(theirCentres.body.columns).toEqual([]);
    const theirCsv = parseCsv((await download(env, outsider, `${BI}/reports/dfc/export.csv?year=2024&bankAccountId=${accountId}`)).body.toString('utf8'));
    expect(theirCsv.find((l) => l[0] === 'Variação líquida do caixa')!.at(-1)).toBe('R$ 0,00');
  });

  it('every report download writes its audit row on the database (who, report, filters, format, rows, when); a download whose row cannot be written is refused, never handed over', async () => {
    const { user, session } = await userInGroups(env, ['Financeiro']);
    const rows = async () =>
      (await sql<{ org_id: string; entity_type: string; entity_id: string; after: unknown; at: Date; ip: string | null }>`
        SELECT org_id, entity_type, entity_id, after, at, ip FROM audit_log WHERE action = 'reports.export' AND actor_user_id = ${user.id} ORDER BY seq`.execute(env.db)).rows
        .map((r) => ({ ...r, after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after, at: new Date(r.at).toISOString() }));
    expect(await rows()).toEqual([]);

    const dre = await download(env, session, `${BI}/reports/dre/export.csv?year=2024&basis=paid`);
    expect(dre.status).toBe(200);
    const dreLines = parseCsv(dre.body.toString('utf8'));
    const flow = await download(env, session, `${BI}/reports/cash-flow/export.xlsx?from=2024-01-01&to=2024-03-31&grain=month`);
    expect(flow.status).toBe(200);
    const flowRows = xlsxRows(flow.body);
    // Refused downloads are no downloads: no row.
    expect((await download(env, session, `${BI}/reports/cash-flow/export.csv?from=2024-03-31&to=2024-03-01`)).status).toBe(400);
    const buyer = await userInGroups(env, ['Comprador']);
    expect((await download(env, buyer.session, `${BI}/reports/dfc/export.csv?year=2024`)).status).toBe(403);

    const now = env.clock.now().toISOString();
    expect(await rows()).toEqual([
      { org_id: user.orgId, entity_type: 'report', entity_id: 'dre', after: { format: 'csv', filters: { year: 2024, basis: 'paid' }, rows: dreLines.length - 1 }, at: now, ip: expect.any(String) },
      { org_id: user.orgId, entity_type: 'report', entity_id: 'cashFlow', after: { format: 'xlsx', filters: { from: '2024-01-01', to: '2024-03-31', grain: 'month' }, rows: flowRows.length - 1 }, at: now, ip: expect.any(String) },
    ]);
    expect((await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log WHERE action = 'reports.export' AND actor_user_id = ${buyer.user.id}`.execute(env.db)).rows[0].n).toBe('0');

    // The audit store refuses the row: the user gets a pt-BR refusal, not the file (and no row half-written).
    await sql.raw(`CREATE FUNCTION test_refuse_report_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'reports.export' THEN RAISE EXCEPTION 'audit store refused'; END IF; RETURN NEW; END $$`).execute(env.db);
    await sql.raw('CREATE TRIGGER test_refuse_report_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_report_audit()').execute(env.db);
    try {
      for (const url of [`${BI}/reports/dre/export.csv?year=2024`, `${BI}/reports/dfc/export.xlsx?year=2024`]) {
        const refused = await download(env, session, url);
        expect(refused.status, url).toBe(503);
        expect(refused.headers['content-disposition'], url).toBeUndefined();
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(refused.body.toString('utf8')).message).toBe('Não foi possível registrar o download na auditoria, então o arquivo não foi entregue. Tente de novo em instantes.');
      }
    } finally {
      await sql.raw('DROP TRIGGER test_refuse_report_audit ON audit_log').execute(env.db);
      await sql.raw('DROP FUNCTION test_refuse_report_audit()').execute(env.db);
    }
    expect(await rows()).toHaveLength(2);
    expect((await download(env, session, `${BI}/reports/dre/export.csv?year=2024`)).status).toBe(200);
    expect(await rows()).toHaveLength(3);
  });

  it('Resultado financeiro: the juros, multa and desconto of baixas, at the baixa\'s date, against a hand-computed fixture; drills add up', async () => {
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `Juros ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2025-01-01', isActive: true, notes: null });
    accountId = account.body.id;
    // P: a pagar R$ 100,00 (custos, competência 01/2025) paid on 05/02 with R$ 3,00 of juros and R$ 2,00 of multa.
    const [p] = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '01/2025', allocations: [{ costCenterId: cc[0], amount: 10000 }], installments: [{ dueDate: '2025-01-10', amount: 10000 }] });
    expect((await settle('payable', p, { paidOn: '2025-02-05', amount: 10000, interest: 300, fine: 200 })).status).toBe(200);
    // Q: a pagar R$ 200,00 (despesas operacionais, 01/2025) paid on 20/01 with a desconto obtido of R$ 4,00.
    const [q] = await authorised({ direction: 'payable', categoryId: cat.opex, competence: '01/2025', allocations: [{ costCenterId: cc[1], amount: 20000 }], installments: [{ dueDate: '2025-01-20', amount: 20000 }] });
    expect((await settle('payable', q, { paidOn: '2025-01-20', amount: 20000, discount: 400 })).status).toBe(200);
    // T: a pagar R$ 50,00 (custos, 01/2025) paid with R$ 9,99 of juros, then reversed: no juros.
    const [t] = await authorised({ direction: 'payable', categoryId: cat.costs, competence: '01/2025', allocations: [{ costCenterId: cc[0], amount: 5000 }], installments: [{ dueDate: '2025-01-24', amount: 5000 }] });
    expect((await settle('payable', t, { paidOn: '2025-01-24', amount: 5000, interest: 999 })).status).toBe(200);
    expect((await reverse('payable', t)).status).toBe(200);
    // R: a receber R$ 500,00 (receita, 01/2025) received on 10/02 with R$ 7,00 of juros and R$ 1,00 of multa.
    const r = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '01/2025', allocations: [{ costCenterId: cc[0], amount: 50000 }], installments: [{ dueDate: '2025-02-10', amount: 50000 }] });
    expect((await settle('receivable', r.installments[0].id, { paidOn: '2025-02-10', amount: 50000, interest: 700, fine: 100 })).status).toBe(200);
    // S: a receber R$ 300,00 (receita, 02/2025) received on 14/02 with a desconto concedido of R$ 6,00.
    const s = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '02/2025', allocations: [{ costCenterId: cc[1], amount: 30000 }], installments: [{ dueDate: '2025-02-14', amount: 30000 }] });
    expect((await settle('receivable', s.installments[0].id, { paidOn: '2025-02-14', amount: 30000, discount: 600 })).status).toBe(200);
    await expectExact(env, 'baixas with juros, multa and desconto');

    const report = (basis: string) => call(env, 'GET', `${BI}/reports/dre?year=2025&basis=${basis}&bankAccountId=${accountId}`, { session: treasurer });
    const value = (answer: Awaited<ReturnType<typeof report>>, key: string) => answer.body.rows.find((x: { key: string }) => x.key === key) as { values: number[]; total: number; drill: Record<string, string> } | undefined;
    // Competência: the principal by the lançamento's month, the juros/multa/desconto by the baixa's.
    // Jan: Q's desconto obtido +4,00. Feb: P's juros and multa −5,00, R's +8,00, S's desconto concedido −6,00.
    const competence = await report('competence');
    expect(competence.status, competence.raw).toBe(200);
    expect(value(competence, 'grossRevenue')!.values.slice(0, 2)).toEqual([50000, 30000]);
    expect(value(competence, 'costs')!.values.slice(0, 2)).toEqual([-15000, 0]);
    expect(value(competence, 'operatingExpenses')!.values.slice(0, 2)).toEqual([-20000, 0]);
    expect(value(competence, 'financialResult')!.values.slice(0, 3)).toEqual([400, -300, 0]);
    expect(value(competence, 'financialResult:baixas:payable')!.values.slice(0, 2)).toEqual([400, -500]);
    expect(value(competence, 'financialResult:baixas:receivable')!.values.slice(0, 2)).toEqual([0, 200]);
    expect(value(competence, 'netIncome')!.values.slice(0, 2)).toEqual([15400, 29700]);
    expect(value(competence, 'netIncome')!.total).toBe(45100);
    // Baixa (caixa): everything by the payment date.
    const paid = await report('paid');
    expect(value(paid, 'grossRevenue')!.values.slice(0, 2)).toEqual([0, 80000]);
    expect(value(paid, 'costs')!.values.slice(0, 2)).toEqual([0, -10000]);
    expect(value(paid, 'operatingExpenses')!.values.slice(0, 2)).toEqual([-20000, 0]);
    expect(value(paid, 'financialResult')!.values.slice(0, 2)).toEqual([400, -300]);
    expect(value(paid, 'netIncome')!.values.slice(0, 2)).toEqual([-19600, 69700]);
    // The DFC still shows the cash (principal + juros + multa − desconto) once.
    const dfc = await call(env, 'GET', `${BI}/reports/dfc?year=2025&bankAccountId=${accountId}`, { session: treasurer });
    expect(dfc.body.rows.find((x: { key: string }) => x.key === 'netChange').values.slice(0, 2)).toEqual([-19600, 69700]);

    // Every cell of every row drills to parcelas that add up to it, month by month and for the year.
    for (const answer of [competence, paid]) {
      for (const row of answer.body.rows as { key: string; values: number[]; total: number; drill: Record<string, string> }[]) {
        for (const i of [0, 1]) {
          const column = answer.body.columns[i];
          const cell = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row.drill, from: column.from, to: column.to })}`, { session: treasurer });
          expect(cell.status, cell.raw).toBe(200);
          expect(cell.body.total, `${row.key} ${i}`).toBe(row.values[i]);
        }
        const year = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...row.drill, from: '2025-01-01', to: '2025-12-31' })}`, { session: treasurer });
        expect(year.body.total, row.key).toBe(row.total);
      }
    }
    const february = competence.body.columns[1];
    const charges = await call(env, 'GET', `${BI}/reports/drill?${new URLSearchParams({ ...value(competence, 'financialResult:baixas:payable')!.drill, from: february.from, to: february.to })}`, { session: treasurer });
    expect(charges.body.rows.map((x: { id: string; amount: number }) => [x.id, x.amount])).toEqual([[p, -500]]);

    // By cost centre: each parcela's juros on its centre.
    const byCentre = await call(env, 'GET', `${BI}/reports/dre-by-cost-center?year=2025&bankAccountId=${accountId}`, { session: treasurer });
    expect(byCentre.body.columns.map((c: { drill: { costCenterId: string } }) => c.drill.costCenterId)).toEqual([cc[0], cc[1]]);
    expect(value(byCentre, 'financialResult')!.values).toEqual([-500 + 800, 400 - 600]);
    expect(value(byCentre, 'netIncome')!.values).toEqual([50000 - 15000 + 300, 30000 - 20000 - 200]);
  });

  it('analítico: every parcela with every dimension, paged, filtered, totalled and exported like a list; read-only; 401/403; another organisation', async () => {
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `Analítico ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
    accountId = account.body.id;
    const receivable = await createEntry({ direction: 'receivable', categoryId: cat.revenue, competence: '06/2024', allocations: [{ costCenterId: cc[0], amount: 25000 }], installments: [{ dueDate: '2024-06-10', amount: 25000 }] });
    expect((await settle('receivable', receivable.installments[0].id, { paidOn: '2024-06-11', amount: 10000 })).status).toBe(200);
    const payable = await createEntry({ direction: 'payable', categoryId: cat.costs, competence: '05/2024', allocations: [{ costCenterId: cc[0], amount: 6000 }, { costCenterId: cc[1], amount: 4000 }], installments: [{ dueDate: '2024-06-05', amount: 4000 }, { dueDate: '2024-07-05', amount: 6000 }] });
    const list = (query: string, session = treasurer) => call(env, 'GET', `${BI}/analytic-installments?bankAccountId=${accountId}&${query}`, { session });

    const first = await list('perPage=2&sort=dueDate');
    expect(first.status, first.raw).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(String(first.headers.link)).toMatch(/page=2[^>]*>; rel="next"/);
    expect(first.body.map((r: { id: string }) => r.id)).toEqual([payable.installments[0].id, receivable.installments[0].id]);
    expect(first.body[0]).toMatchObject({ direction: 'payable', number: 1, supplierId, customerId: null, expenseCategoryId: cat.costs, revenueCategoryId: null, bankAccountId: accountId, competence: '2024-05-01', dueDate: '2024-06-05', lastPaidOn: null, status: 'open', amount: 4000, paidAmount: 0, openBalance: 4000 });
    expect([...first.body[0].costCenterIds].sort()).toEqual([...cc].sort());
    expect(first.body[1]).toMatchObject({ direction: 'receivable', customerId, supplierId: null, revenueCategoryId: cat.revenue, expenseCategoryId: null, competence: '2024-06-01', lastPaidOn: '2024-06-11', amount: 25000, paidAmount: 10000, openBalance: 15000 });
    const second = await list('perPage=2&sort=dueDate&page=2');
    expect(second.body.map((r: { id: string }) => r.id)).toEqual([payable.installments[1].id]);
    // Filters by any dimension; the totals of the filtered rows.
    expect((await list('direction=payable')).body).toHaveLength(2);
    const byCentre = await list(`costCenterIds=${cc[1]}`);
    expect(byCentre.body.map((r: { id: string }) => r.id).sort()).toEqual(payable.installments.map((i) => i.id).sort());
    expect(byCentre.headers['x-total-count']).toBe('2');
    expect((await list(`costCenterIds=${cc[0]}&costCenterIds=${cc[1]}`)).headers['x-total-count']).toBe('3');
    expect((await call(env, 'GET', `${BI}/analytic-installments/totals?bankAccountId=${accountId}&costCenterIds=${cc[1]}`, { session: treasurer })).body).toMatchObject({ count: 2, sums: { amount: 10000 } });
    expect((await list(`revenueCategoryId=${cat.revenue}`)).body).toHaveLength(1);
    expect((await list(`customerId=${customerId}`)).body).toHaveLength(1);
    expect((await list('competence.from=2024-06-01&competence.to=2024-06-30')).body).toHaveLength(1);
    expect((await list('lastPaidOn.from=2024-06-01')).body).toHaveLength(1);
    expect((await list('dueDate.from=2024-07-01')).body).toHaveLength(1);
    const totals = await call(env, 'GET', `${BI}/analytic-installments/totals?bankAccountId=${accountId}`, { session: treasurer });
    expect(totals.status, totals.raw).toBe(200);
    expect(totals.body).toMatchObject({ count: 3, sums: { amount: 35000, paidAmount: 10000, openBalance: 25000 } });
    // The export of the same filters, read back.
    const csv = await download(env, treasurer, `${BI}/analytic-installments/export.csv?bankAccountId=${accountId}&sort=dueDate`);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.body.toString('utf8'));
    expect(rows[0].slice(0, 3)).toEqual(['Vencimento', 'Tipo', 'Descrição']);
    expect(rows).toHaveLength(4);
    expect(rows[2][1]).toBe('A receber');
    expect(rows[2].slice(-3)).toEqual(['R$ 250,00', 'R$ 100,00', 'R$ 150,00']);
    const xlsx = await download(env, treasurer, `${BI}/analytic-installments/export.xlsx?bankAccountId=${accountId}&direction=payable`);
    expect(xlsxRows(xlsx.body)).toHaveLength(3);
    // Read-only: nothing is created, changed or deleted here.
    const id = payable.installments[0].id;
    const record = (await call(env, 'GET', `${BI}/analytic-installments/${id}`, { session: treasurer })).body;
    expect((await call(env, 'PUT', `${BI}/analytic-installments/${id}`, { session: admin, body: {}, headers: { 'if-match': `"${record.version}"` } })).status).toBe(405);
    expect([404, 405]).toContain((await post(`${BI}/analytic-installments`, admin, {})).status);
    expect([404, 405]).toContain((await call(env, 'DELETE', `${BI}/analytic-installments/${id}`, { session: admin })).status);
    // 401, 403, another organisation.
    expect((await call(env, 'GET', `${BI}/analytic-installments`)).status).toBe(401);
    const buyer = (await userInGroups(env, ['Comprador'])).session;
    expect((await list('', buyer)).status).toBe(403);
    const outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    const theirs = await list('', outsider);
    expect(theirs.status, theirs.raw).toBe(200);
    expect(theirs.body).toEqual([]);
    expect((await list(`costCenterIds=${cc[1]}`, outsider)).body).toEqual([]);
    expect((await call(env, 'GET', `${BI}/analytic-installments/${id}`, { session: outsider })).status).toBe(404);
  });
});
