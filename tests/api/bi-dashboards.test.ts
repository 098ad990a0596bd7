/**
 * The painéis and the role homes' figures (issue 26 "Painéis and the home") on the real server and
 * database: the home's one call against a hand-computed fixture (the org-wide figures as the
 * difference the fixture makes, the fresh account's balance exactly), each figure only for who may
 * read (keep) its resource; the treasurer's painel (balances, a pagar / a receber by month,
 * previsto × realizado, overdue) and the DRE by cost centre; 401 signed out, 403 without
 * `financeReports`, and another organisation's numbers never show.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Figure, HomeFigures, Overview } from '../../src/contracts/dashboards.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { OTHER_ORG_ID } from '../../server/db/seed.js';
import { todayIn } from '../../server/approvals/engine.js';
import { addDays } from '../../server/bi/dashboards/figures.js';
import { monthAt } from '../../server/bi/dashboards/overview.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const FINANCE = '/api/finance';
const BI = '/api/finance-reporting';
const ORDERS = '/v1/supply/orders';
const APPROVALS = '/v1/approvals';
const NO_PAYMENT_DATA = { boletoLine: null, pixKeyType: 'email', pixKey: 'painel@exemplo.com.br', pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };

const minus = (a: Figure, b: Figure): Figure => ({ count: a.count - b.count, amount: a.amount - b.amount });

describe.each(databaseKinds())('BI painéis and home figures [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: Session;
  let requester: { user: TestUser; session: Session };
  let approver: { user: TestUser; session: Session };
  let buyer: Session;
  let outsider: Session;
  let supplierId: string;
  let customerId: string;
  let accountId: string;
  let today: string;
  const cc: string[] = [];
  const cat: Record<string, string> = {};

  const post = (path: string, session: Session, body: unknown, headers: Record<string, string> = {}) => call(env, 'POST', path, { session, body, headers });
  const figures = async (session: Session): Promise<HomeFigures> => {
    const answer = await call(env, 'GET', `${BI}/home/figures`, { session });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body;
  };
  const competence = () => `${today.slice(5, 7)}/${today.slice(0, 4)}`;

  async function entry(direction: 'payable' | 'receivable', centre: string, parcelas: { dueDate: string; amount: number }[], competenceMonth = competence()) {
    const body = {
      ...(direction === 'payable' ? { supplierId, requesterId: null, orderId: null } : { customerId }),
      categoryId: direction === 'payable' ? cat.expense : cat.revenue, documentType: 'invoice', documentNumber: `PN-${randomUUID().slice(0, 6)}`, issueDate: today, competence: competenceMonth,
      description: 'Fixture dos painéis', total: parcelas.reduce((s, p) => s + p.amount, 0), bankAccountId: accountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
      allocations: [{ costCenterId: centre, amount: parcelas.reduce((s, p) => s + p.amount, 0), percent: null }],
      // The fixture's account is a caixa: what the customer pays comes in cash (a receivable's receipt data).
      installments: parcelas.map((p, i) => ({ number: i + 1, dueDate: p.dueDate, amount: p.amount, ...(direction === 'receivable' ? { paymentMethod: 'cash', ...NO_PAYMENT_DATA, pixKeyType: null, pixKey: null, bankAccountId: accountId } : { paymentMethod: 'pix', ...NO_PAYMENT_DATA }) })),
    };
    const created = await post(`${FINANCE}/${direction === 'payable' ? 'payables' : 'receivables'}`, clerk, body);
    expect(created.status, created.raw).toBe(201);
    return created.body as { id: string; version: number; installments: { id: string }[] };
  }

  beforeAll(async () => {
    // A Monday with business days around it (due dates must be business days): 09/03/2026.
    env.clock.set(new Date('2026-03-09T15:00:00Z'));
    today = todayIn(env.clock.now());
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    requester = await userInGroups(env, ['Solicitante']);
    approver = await userInGroups(env, ['Aprovador']);
    buyer = (await userInGroups(env, ['Comprador'])).session;
    outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    supplierId = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session: admin })).body[0].id;
    customerId = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body[0].id;
    for (const name of ['A', 'B']) {
      const centre = await post(`${FINANCE}/cost-centers`, admin, { code: `PN${name}${randomUUID().slice(0, 4)}`, name: `Painel ${name}`, parentId: null, isActive: true, description: null });
      expect(centre.status, centre.raw).toBe(201);
      cc.push(centre.body.id);
    }
    for (const [key, kind] of [['expense', 'expense'], ['revenue', 'revenue']] as const) {
      const created = await post(`${FINANCE}/${kind}-categories`, admin, { code: `PN${randomUUID().slice(0, 6)}`, name: `Painel ${key}`, parentId: null, isActive: true, description: null, dreLine: key === 'expense' ? 'operatingExpenses' : 'grossRevenue', ledgerAccountId: null });
      expect(created.status, created.raw).toBe(201);
      cat[key] = created.body.id;
    }
    const account = await post(`${FINANCE}/bank-accounts`, admin, { name: `Painel ${randomUUID().slice(0, 6)}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1000000, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
    expect(account.status, account.raw).toBe(201);
    accountId = account.body.id;
  });

  it("treasury: balances, due today / in 7 days / overdue, awaiting authorisation; the painel's months and the DRE by cost centre", async () => {
    const before = await figures(treasurer);
    const overviewBefore = (await call(env, 'GET', `${BI}/dashboards/overview`, { session: treasurer })).body as Overview;
    // A pagar: 100,00 today, 200,00 in three days, 300,00 five days late — sent to the payment queue.
    const payables = [{ dueDate: today, amount: 10000 }, { dueDate: addDays(today, 3), amount: 20000 }, { dueDate: addDays(today, -5), amount: 30000 }];
    const payable = await entry('payable', cc[0], payables);
    const submitted = await post(`${FINANCE}/payables/${payable.id}/actions/submit`, clerk, {}, { 'if-match': ifMatch(payable.version) });
    expect(submitted.status, submitted.raw).toBe(200);
    // A receber: 400,00 in two days, 50,00 three days late, 70,00 today and received today.
    const receivables = [{ dueDate: addDays(today, 2), amount: 40000 }, { dueDate: addDays(today, -3), amount: 5000 }, { dueDate: today, amount: 7000 }];
    const receivable = await entry('receivable', cc[1], receivables);
    const received = receivable.installments[2].id;
    const parcela = (await call(env, 'GET', `${FINANCE}/receivable-installments/${received}`, { session: treasurer })).body;
    const settled = await post(`${FINANCE}/receivable-installments/${received}/actions/settle`, treasurer, { bankAccountId: accountId, paidOn: today, amount: 7000 }, { 'if-match': ifMatch(parcela.version) });
    expect(settled.status, settled.raw).toBe(200);

    const after = await figures(treasurer);
    expect(after.today).toBe(today);
    expect(after.weekEnd).toBe(addDays(today, 6));
    expect(after.accounts!.find((a) => a.id === accountId)).toEqual({ id: accountId, name: expect.any(String), balance: 1007000 });
    expect(minus(after.payables!.dueToday, before.payables!.dueToday)).toEqual({ count: 1, amount: 10000 });
    expect(minus(after.payables!.dueWeek, before.payables!.dueWeek)).toEqual({ count: 2, amount: 30000 });
    expect(minus(after.payables!.overdue, before.payables!.overdue)).toEqual({ count: 1, amount: 30000 });
    expect(minus(after.receivables!.dueToday, before.receivables!.dueToday)).toEqual({ count: 0, amount: 0 });
    expect(minus(after.receivables!.dueWeek, before.receivables!.dueWeek)).toEqual({ count: 1, amount: 40000 });
    expect(minus(after.receivables!.overdue, before.receivables!.overdue)).toEqual({ count: 1, amount: 5000 });
    // In the payment queue and entered by somebody else: the treasurer's to authorise; not the clerk's own.
    expect(minus(after.awaitingAuthorization!, before.awaitingAuthorization!)).toEqual({ count: 3, amount: 60000 });
    const clerkFigures = await figures(clerk);
    expect(clerkFigures.awaitingAuthorization!.count).toBe(after.awaitingAuthorization!.count - 3);
    expect(after.openStates.payable).toContain('queued');
    expect(after.openStates.payable).not.toContain('paid');

    // The painel: each parcela in its due month (still open), previsto − and realizado in cash.
    const overview = await call(env, 'GET', `${BI}/dashboards/overview`, { session: treasurer });
    expect(overview.status, overview.raw).toBe(200);
    const body = overview.body as Overview;
    expect(body.months.map((m) => m.from)).toEqual([-2, -1, 0, 1, 2, 3].map((offset) => monthAt(today, offset).from));
    expect(body.accounts.find((a) => a.id === accountId)).toMatchObject({ balance: 1007000, projected: 1007000 + 40000 + 5000 - 60000 });
    const expected = new Map(body.months.map((m) => [m.key, { payable: 0, receivable: 0, forecast: 0, actual: m.future ? null : 0 }]));
    for (const p of payables) Object.assign(expected.get(p.dueDate.slice(0, 7))!, { payable: expected.get(p.dueDate.slice(0, 7))!.payable + p.amount, forecast: expected.get(p.dueDate.slice(0, 7))!.forecast - p.amount });
    for (const p of receivables) {
      const month = expected.get(p.dueDate.slice(0, 7))!;
      month.forecast += p.amount;
      if (p !== receivables[2]) month.receivable += p.amount;
    }
    expected.get(today.slice(0, 7))!.actual! += 7000;
    for (const month of body.months) {
      const old = overviewBefore.months.find((m) => m.key === month.key)!;
      const want = expected.get(month.key)!;
      expect({ payable: month.payable - old.payable, receivable: month.receivable - old.receivable, forecast: month.forecast - old.forecast, actual: month.actual === null ? null : month.actual - old.actual! }, month.key).toEqual(want);
    }
    expect(minus(body.overdue.payable, overviewBefore.overdue.payable)).toEqual({ count: 1, amount: 30000 });
    expect(minus(body.overdue.receivable, overviewBefore.overdue.receivable)).toEqual({ count: 1, amount: 5000 });

    // DRE by cost centre (competência, this year): the fresh centres exactly.
    const centres = await call(env, 'GET', `${BI}/dashboards/cost-centres?year=${today.slice(0, 4)}`, { session: treasurer });
    expect(centres.status, centres.raw).toBe(200);
    const row = (id: string) => centres.body.rows.find((r: { id: string }) => r.id === id);
    expect(row(cc[0])).toEqual({ id: cc[0], name: expect.stringContaining('Painel A'), revenue: 0, expense: 60000, result: -60000 });
    expect(row(cc[1])).toEqual({ id: cc[1], name: expect.stringContaining('Painel B'), revenue: 52000, expense: 0, result: 52000 });
    expect((await call(env, 'GET', `${BI}/dashboards/cost-centres?year=1999`, { session: treasurer })).status).toBe(400);

    // Signed out: 401; without financeReports: 403; another organisation: none of these numbers.
    for (const path of ['dashboards/overview', `dashboards/cost-centres?year=${today.slice(0, 4)}`, 'home/figures']) expect((await call(env, 'GET', `${BI}/${path}`)).status, path).toBe(401);
    for (const session of [requester.session, approver.session, buyer]) {
      expect((await call(env, 'GET', `${BI}/dashboards/overview`, { session })).status).toBe(403);
      expect((await call(env, 'GET', `${BI}/dashboards/cost-centres?year=2026`, { session })).status).toBe(403);
    }
    const theirs = (await call(env, 'GET', `${BI}/dashboards/overview`, { session: outsider })).body as Overview;
    expect(theirs.accounts.some((a) => a.id === accountId)).toBe(false);
    const theirCentres = (await call(env, 'GET', `${BI}/dashboards/cost-centres?year=${today.slice(0, 4)}`, { session: outsider })).body;
    expect(theirCentres.rows.some((r: { id: string }) => cc.includes(r.id))).toBe(false);
    const theirFigures = await figures(outsider);
    expect(theirFigures.accounts!.some((a) => a.id === accountId)).toBe(false);
  });

  it('the DRE by cost centre on each date basis: competência (the default), vencimento, baixa — each a different figure of the same lançamentos', async () => {
    const centre = await post(`${FINANCE}/cost-centers`, admin, { code: `PNR${randomUUID().slice(0, 4)}`, name: 'Painel regimes', parentId: null, isActive: true, description: null });
    expect(centre.status, centre.raw).toBe(201);
    const id = centre.body.id as string;
    // Today is 09/03/2026. A receber, competência 02/2026: 100,00 due 11/03/2026 and received today, 250,00 due 13/01/2027.
    const receivable = await entry('receivable', id, [{ dueDate: '2026-03-11', amount: 10000 }, { dueDate: '2027-01-13', amount: 25000 }], '02/2026');
    const first = (await call(env, 'GET', `${FINANCE}/receivable-installments/${receivable.installments[0].id}`, { session: treasurer })).body;
    const settled = await post(`${FINANCE}/receivable-installments/${first.id}/actions/settle`, treasurer, { bankAccountId: accountId, paidOn: today, amount: 10000 }, { 'if-match': ifMatch(first.version) });
    expect(settled.status, settled.raw).toBe(200);
    // A pagar, competência 12/2025: 80,00 due 10/03/2026, open.
    await entry('payable', id, [{ dueDate: '2026-03-10', amount: 8000 }], '12/2025');

    const centreOn = async (year: number, basis?: string) => {
      const answer = await call(env, 'GET', `${BI}/dashboards/cost-centres?year=${year}${basis ? `&basis=${basis}` : ''}`, { session: treasurer });
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.body.basis).toBe(basis ?? 'competence');
      const row = answer.body.rows.find((r: { id: string }) => r.id === id);
      return row ? { revenue: row.revenue, expense: row.expense, result: row.result } : null;
    };
    expect(await centreOn(2026)).toEqual({ revenue: 35000, expense: 0, result: 35000 });
    expect(await centreOn(2026, 'competence')).toEqual({ revenue: 35000, expense: 0, result: 35000 });
    expect(await centreOn(2025, 'competence')).toEqual({ revenue: 0, expense: 8000, result: -8000 });
    expect(await centreOn(2026, 'due')).toEqual({ revenue: 10000, expense: 8000, result: 2000 });
    expect(await centreOn(2027, 'due')).toEqual({ revenue: 25000, expense: 0, result: 25000 });
    expect(await centreOn(2026, 'paid')).toEqual({ revenue: 10000, expense: 0, result: 10000 });
    expect(await centreOn(2027, 'paid')).toBeNull();
    // The DRE painéis read the DRE report on the same basis: its receita bruta of March moves with it.
    const march = async (basis: string) => (await call(env, 'GET', `${BI}/reports/dre?year=2026&basis=${basis}&costCenterId=${id}`, { session: treasurer })).body.rows.find((r: { key: string }) => r.key === 'grossRevenue').values as number[];
    expect((await march('competence'))[1]).toBe(35000);
    expect((await march('due'))[2]).toBe(10000);
    expect((await march('paid'))[2]).toBe(10000);
    const wrong = await call(env, 'GET', `${BI}/dashboards/cost-centres?year=2026&basis=caixa`, { session: treasurer });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors ?? {})).toContain('basis');
  });

  it("the DRE by cost centre painel counts the baixas' juros, multa and desconto as the DRE does (Resultado financeiro, at the baixa's date), on every basis", async () => {
    const centre = await post(`${FINANCE}/cost-centers`, admin, { code: `PNJ${randomUUID().slice(0, 4)}`, name: 'Painel juros', parentId: null, isActive: true, description: null });
    expect(centre.status, centre.raw).toBe(201);
    const id = centre.body.id as string;
    // A receber 100,00 received today with 4,00 of juros and 1,00 of multa; another, 80,00, received today with a desconto of 3,00.
    for (const [amount, extra] of [[10000, { interest: 400, fine: 100 }], [8000, { discount: 300 }]] as const) {
      const receivable = await entry('receivable', id, [{ dueDate: today, amount }]);
      const parcela = (await call(env, 'GET', `${FINANCE}/receivable-installments/${receivable.installments[0].id}`, { session: treasurer })).body;
      const received = await post(`${FINANCE}/receivable-installments/${parcela.id}/actions/settle`, treasurer, { bankAccountId: accountId, paidOn: today, amount, ...extra }, { 'if-match': ifMatch(parcela.version) });
      expect(received.status, received.raw).toBe(200);
    }

    const year = Number(today.slice(0, 4));
    for (const basis of ['competence', 'due', 'paid']) {
      const answer = await call(env, 'GET', `${BI}/dashboards/cost-centres?year=${year}&basis=${basis}`, { session: treasurer });
      expect(answer.status, answer.raw).toBe(200);
      const row = answer.body.rows.find((candidate: { id: string }) => candidate.id === id);
      expect({ basis, revenue: row.revenue, expense: row.expense, result: row.result }).toEqual({ basis, revenue: 18200, expense: 0, result: 18200 });
      const dre = await call(env, 'GET', `${BI}/reports/dre?year=${year}&basis=${basis}&costCenterId=${id}`, { session: treasurer });
      expect(dre.body.rows.find((candidate: { key: string }) => candidate.key === 'netIncome').total, basis).toBe(row.result);
    }
  });

  it('approver: what waits for me and how much; requester: my pedidos by state; buyer: pedidos to quote; nothing of treasury for them', async () => {
    const product = (await call(env, 'GET', '/v1/cart/products?perPage=1&sort=name', { session: admin })).body[0];
    const seeded = (await call(env, 'GET', `${APPROVALS}/queues?q=${encodeURIComponent('Aprovação de pedidos')}`, { session: admin })).body[0];
    const { id: _i, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...values } = seeded;
    expect((await call(env, 'PUT', `${APPROVALS}/queues/${seeded.id}`, { session: admin, body: { ...values, isActive: false }, headers: { 'if-match': ifMatch(version) } })).status).toBe(200);
    const queue = await post(`${APPROVALS}/queues`, admin, {
      name: 'Painel: um aprovador', resource: 'orders', priority: 1, isActive: true, description: null,
      stages: [{ name: 'Gestor', minApprovals: 1, approverUserIds: [approver.user.id], approverGroupIds: [] }], triggers: [],
    });
    expect(queue.status, queue.raw).toBe(201);

    const [approverBefore, requesterBefore, buyerBefore, outsiderBefore] = [await figures(approver.session), await figures(requester.session), await figures(buyer), await figures(outsider)];
    const created = await post(ORDERS, requester.session, { title: 'Papel do painel', costCenterId: cc[0], departmentId: null, neededBy: null, justification: 'Reposição.', lines: [{ productId: product.id, description: 'Papel A4', quantity: 3, unit: 'UN', unitPrice: 2590, neededBy: null }] });
    expect(created.status, created.raw).toBe(201);
    const sent = await post(`${ORDERS}/${created.body.id}/actions/submit`, requester.session, {}, { 'if-match': ifMatch(created.body.version) });
    expect(sent.status, sent.raw).toBe(200);

    const approverAfter = await figures(approver.session);
    expect(minus(approverAfter.waitingForMe, approverBefore.waitingForMe)).toEqual({ count: 1, amount: 7770 });
    // The requester's own pedido never waits for them.
    const requesterAfter = await figures(requester.session);
    expect(minus(requesterAfter.waitingForMe, requesterBefore.waitingForMe)).toEqual({ count: 0, amount: 0 });
    expect(requesterAfter.myOrders!.submitted ?? 0).toBe((requesterBefore.myOrders!.submitted ?? 0) + 1);
    // What they may not read (keep) is null, not zero.
    for (const f of [requesterAfter, approverAfter]) expect({ accounts: f.accounts, payables: f.payables, receivables: f.receivables, awaitingAuthorization: f.awaitingAuthorization }).toEqual({ accounts: null, payables: null, receivables: null, awaitingAuthorization: null });
    expect(approverAfter.myOrders).toBeNull();
    expect(requesterAfter.ordersToQuote).toBeNull();
    expect(requesterAfter.purchaseOrders).toBeNull();

    // Approved: the buyer's pedidos to quote grow by it.
    const inbox = (await call(env, 'GET', `${APPROVALS}/inbox?perPage=100`, { session: approver.session })).body as { id: string; recordId: string }[];
    const flowId = inbox.find((item) => item.recordId === created.body.id)!.id;
    const approved = await post(`${APPROVALS}/flows/${flowId}/approve`, approver.session, {});
    expect(approved.status, approved.raw).toBe(200);
    const buyerAfter = await figures(buyer);
    expect(minus(buyerAfter.ordersToQuote!, buyerBefore.ordersToQuote!)).toEqual({ count: 1, amount: 7770 });
    expect(buyerAfter.purchaseOrders).toMatchObject({ awaitingDelivery: expect.any(Object), awaitingInvoice: expect.any(Object) });
    expect(minus((await figures(approver.session)).waitingForMe, approverBefore.waitingForMe)).toEqual({ count: 0, amount: 0 });

    // Another organisation's approver, requester and buyer counts never include it.
    const outsiderFigures = await figures(outsider);
    expect(outsiderFigures.ordersToQuote).toEqual(outsiderBefore.ordersToQuote);
    expect(outsiderFigures.waitingForMe).toEqual(outsiderBefore.waitingForMe);
  });
});
