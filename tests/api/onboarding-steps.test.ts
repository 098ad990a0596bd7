/**
 * The first-run checklist's steps (issue 28), as an administrator of a new organisation meets
 * them: everything left at first; a bank account created on its screen turns that step done; a
 * step skipped stays skipped for the whole organisation until taken back (and a done step is never
 * "skipped"); "Usar o plano de contas padrão" creates the chart and the categories on their DRE
 * lines once — again, or twice at the same time, and there is still one set; an approval queue
 * from a template is an ordinary queue, once. Nothing of one organisation shows in another's list.
 */
import { describe, expect, it } from 'vitest';
import { APPROVAL_TEMPLATES, ONBOARDING_STEP_KEYS } from '../../src/contracts/onboarding.js';
import { EXPENSE_DRE_LINES, REVENUE_DRE_LINES } from '../../src/contracts/brazil/dre.js';
import { setUpFirstAdministrator } from '../../server/setup/first-admin.js';
import { bindTotp, call, databaseKinds, loginSession, PUBLIC_URL, useTestEnv, type Session, type TestEnv } from './fixture.js';

const ONBOARDING = '/v1/identity/onboarding';
const FINANCE = '/api/finance';
const PASSWORD = 'Senha-dos-primeiros-passos-1';

/** A new organisation from the setup, its administrator signed in (password from the invitation, authenticator bound). */
async function newOrganisation(env: TestEnv, cnpj: string, email: string): Promise<{ orgId: string; session: Session }> {
  const created = await setUpFirstAdministrator(
    env.db,
    { organisation: { cnpj, name: `Organização ${cnpj} Ltda`, tradeName: null }, admin: { name: 'Ana Administradora', email } },
    { now: env.clock.now(), publicUrl: PUBLIC_URL, hasher: env.hasher },
  );
  if (created.outcome !== 'created') throw new Error(created.outcome);
  const token = decodeURIComponent(new URL(created.invitation.link).searchParams.get('token')!);
  expect((await call(env, 'POST', 'auth/password-recovery/reset', { body: { token, newSecret: PASSWORD } })).status).toBe(204);
  const { session } = await bindTotp(env, { id: created.userId, email, password: PASSWORD, orgId: created.orgId });
  return { orgId: created.orgId, session };
}

type Step = { key: string; done: boolean; skipped: boolean };
const stateOf = async (env: TestEnv, session: Session) => {
  const answer = await call(env, 'GET', ONBOARDING, { session });
  expect(answer.status).toBe(200);
  return answer.body as { steps: Step[]; done: number; skipped: number; total: number };
};
const byKey = (steps: Step[]) => Object.fromEntries(steps.map((step) => [step.key, step.done ? 'done' : step.skipped ? 'skipped' : 'left']));
const allLeft = Object.fromEntries(ONBOARDING_STEP_KEYS.map((key) => [key, 'left']));
const total = async (env: TestEnv, session: Session, path: string) => Number((await call(env, 'GET', `${FINANCE}/${path}?perPage=1`, { session })).headers['x-total-count']);

describe.each(databaseKinds())('the onboarding steps [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('starts with every step left; a bank account makes its step done; skip and unskip are the organisation’s, audited, and a done step is never skipped', async () => {
    const a = await newOrganisation(env, '07526557000100', 'ana@primeira.test');
    const b = await newOrganisation(env, '45723174000110', 'bruno@segunda.test');
    expect(byKey((await stateOf(env, a.session)).steps)).toEqual(allLeft);

    const account = await call(env, 'POST', `${FINANCE}/bank-accounts`, {
      session: a.session,
      body: { name: 'Caixa da matriz', type: 'cash', holderName: 'Organização Ltda', holderDocument: '07526557000100', openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true },
    });
    expect(account.status, account.raw).toBe(201);
    const afterAccount = await stateOf(env, a.session);
    expect(byKey(afterAccount.steps)).toEqual({ ...allLeft, bankAccounts: 'done' });
    expect(afterAccount).toMatchObject({ done: 1, skipped: 0 });

    const skipped = await call(env, 'PUT', `${ONBOARDING}/steps/customers/skip`, { session: a.session });
    expect(skipped.status, skipped.raw).toBe(200);
    expect(byKey(skipped.body.steps)).toEqual({ ...allLeft, bankAccounts: 'done', customers: 'skipped' });
    expect(skipped.body).toMatchObject({ done: 1, skipped: 1 });
    // Twice is the same; another organisation does not see it.
    expect((await call(env, 'PUT', `${ONBOARDING}/steps/customers/skip`, { session: a.session })).body.skipped).toBe(1);
    expect(byKey((await stateOf(env, b.session)).steps)).toEqual(allLeft);

    // Skipping a step that is done changes nothing that shows: done wins.
    const skipDone = await call(env, 'PUT', `${ONBOARDING}/steps/bankAccounts/skip`, { session: a.session });
    expect(byKey(skipDone.body.steps).bankAccounts).toBe('done');
    expect(skipDone.body.skipped).toBe(1);

    const unskipped = await call(env, 'DELETE', `${ONBOARDING}/steps/customers/skip`, { session: a.session });
    expect(unskipped.status).toBe(200);
    expect(byKey(unskipped.body.steps)).toEqual({ ...allLeft, bankAccounts: 'done' });
    expect((await call(env, 'DELETE', `${ONBOARDING}/steps/customers/skip`, { session: a.session })).status).toBe(200);

    const audited = await env.db.selectFrom('audit_log').select(['action', 'entity_id']).where('org_id', '=', a.orgId).where('entity_type', '=', 'onboarding').orderBy('seq').execute();
    expect(audited).toEqual([
      { action: 'onboarding.skip', entity_id: 'customers' },
      { action: 'onboarding.skip', entity_id: 'bankAccounts' },
      { action: 'onboarding.unskip', entity_id: 'customers' },
    ]);

    expect((await call(env, 'PUT', `${ONBOARDING}/steps/nothing/skip`, { session: a.session })).status).toBe(404);
    expect((await call(env, 'PUT', `${ONBOARDING}/steps/customers/skip`)).status).toBe(401);
    // Who may read the organisation but not change its settings may not skip for it.
    const buyer = await loginSession(env, 'compras@demo.com.br');
    expect((await call(env, 'PUT', `${ONBOARDING}/steps/customers/skip`, { session: buyer })).status).toBe(403);
  }, 90_000);

  it('"Usar o plano de contas padrão" creates the chart and the DRE-mapped categories once, editable afterwards; two calls at once create one set', async () => {
    const { session, orgId } = await newOrganisation(env, '11444777000161', 'carla@terceira.test');
    const [first, second] = await Promise.all([
      call(env, 'POST', `${ONBOARDING}/standard-chart`, { session }),
      call(env, 'POST', `${ONBOARDING}/standard-chart`, { session }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses, `${first.raw} ${second.raw}`).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    expect(lost.body.message).toBe('A organização já tem um plano de contas: edite-o em Planos de Contas.');
    expect(won.body.chartAccounts).toBeGreaterThan(30);
    expect(won.body.expenseCategories).toBeGreaterThan(20);
    expect(won.body.revenueCategories).toBeGreaterThan(5);
    const counts = { chart: await total(env, session, 'chart-accounts'), expense: await total(env, session, 'expense-categories'), revenue: await total(env, session, 'revenue-categories') };
    expect(counts).toEqual({ chart: won.body.chartAccounts, expense: won.body.expenseCategories, revenue: won.body.revenueCategories });

    // Again: refused, nothing changes.
    const again = await call(env, 'POST', `${ONBOARDING}/standard-chart`, { session });
    expect(again.status).toBe(409);
    expect({ chart: await total(env, session, 'chart-accounts'), expense: await total(env, session, 'expense-categories'), revenue: await total(env, session, 'revenue-categories') }).toEqual(counts);

    // Every category on a DRE line its kind may take; leaves of the chart receive entries, groups do not.
    const expenses = (await call(env, 'GET', `${FINANCE}/expense-categories?perPage=100`, { session })).body as { dreLine: string; code: string; parentId: string | null }[];
    expect(expenses.every((category) => (EXPENSE_DRE_LINES as readonly string[]).includes(category.dreLine))).toBe(true);
    expect(new Set(expenses.map((category) => category.dreLine))).toEqual(new Set(EXPENSE_DRE_LINES));
    const revenues = (await call(env, 'GET', `${FINANCE}/revenue-categories?perPage=100`, { session })).body as { dreLine: string }[];
    expect(new Set(revenues.map((category) => category.dreLine))).toEqual(new Set(REVENUE_DRE_LINES));
    const chart = (await call(env, 'GET', `${FINANCE}/chart-accounts?perPage=100`, { session })).body as { id: string; code: string; parentId: string | null; acceptsEntries: boolean }[];
    const parents = new Set(chart.map((account) => account.parentId).filter(Boolean));
    for (const account of chart) expect(account.acceptsEntries, account.code).toBe(!parents.has(account.id));
    const cash = chart.find((account) => account.code === '1.1.01')!;
    expect(cash).toMatchObject({ name: 'Caixa', nature: 'asset', acceptsEntries: true, parentId: chart.find((account) => account.code === '1.1')!.id });

    // An ordinary record afterwards: renamed on its own route, and audited as created by the administrator.
    const { code, nature, acceptsEntries, parentId, isActive, description, version } = cash as typeof cash & Record<string, unknown>;
    const edited = await call(env, 'PUT', `${FINANCE}/chart-accounts/${cash.id}`, {
      session,
      body: { code, name: 'Caixa geral', nature, acceptsEntries, parentId, isActive, description },
      headers: { 'if-match': `"${version}"` },
    });
    expect(edited.status, edited.raw).toBe(200);
    const created = await env.db.selectFrom('audit_log').select('actor_user_id').where('org_id', '=', orgId).where('action', '=', 'chartAccounts.create').execute();
    expect(created).toHaveLength(won.body.chartAccounts);

    expect(byKey((await stateOf(env, session)).steps).chartOfAccounts).toBe('done');
    // Another organisation's chart is its own: still left there, and none of these accounts in its list.
    const other = await newOrganisation(env, '34028316000103', 'diego@quarta.test');
    expect(byKey((await stateOf(env, other.session)).steps).chartOfAccounts).toBe('left');
    expect(await total(env, other.session, 'chart-accounts')).toBe(0);
    // Without create on the chart (the buyer profile), refused before anything is written.
    expect((await call(env, 'POST', `${ONBOARDING}/standard-chart`, { session: await loginSession(env, 'compras@demo.com.br') })).status).toBe(403);
  }, 120_000);

  it('the head office from the organisation’s data: type Matriz and the company with its CNPJ, once; the step is then done', async () => {
    const { session } = await newOrganisation(env, '60746948000112', 'fabio@sexta.test');
    const [one, two] = await Promise.all([call(env, 'POST', `${ONBOARDING}/head-office`, { session }), call(env, 'POST', `${ONBOARDING}/head-office`, { session })]);
    expect([one.status, two.status].sort(), `${one.raw} ${two.raw}`).toEqual([200, 409]);
    const won = one.status === 200 ? one : two;
    expect((one.status === 200 ? two : one).body.message).toBe('A organização já tem empresas cadastradas: complete-as em Empresas.');
    const company = await call(env, 'GET', `/v1/companies/company-types/${won.body.companyTypeId}/companies/${won.body.companyId}`, { session });
    expect(company.status, company.raw).toBe(200);
    expect(company.body).toMatchObject({ name: 'Organização 60746948000112 Ltda', cnpj: '60746948000112', isActive: true });
    const types = await call(env, 'GET', '/v1/companies/company-types', { session });
    expect(types.body.map((type: { name: string }) => type.name)).toEqual(['Matriz']);
    expect(byKey((await stateOf(env, session)).steps).companyData).toBe('done');
    expect((await call(env, 'POST', `${ONBOARDING}/head-office`, { session })).status).toBe(409);
    expect((await call(env, 'GET', '/v1/companies/company-types', { session })).body).toHaveLength(1);
  }, 90_000);

  it('an approval queue from a template: the amount trigger and the profile as approver, once; the step is then done', async () => {
    const { session, orgId } = await newOrganisation(env, '19131243000197', 'elisa@quinta.test');
    const created = await call(env, 'POST', `${ONBOARDING}/approval-templates/orders5k`, { session });
    expect(created.status, created.raw).toBe(200);
    expect(created.body.name).toBe('Pedidos acima de R$ 5.000');
    const queue = await call(env, 'GET', `/v1/approvals/queues/${created.body.id}`, { session });
    expect(queue.status).toBe(200);
    const approver = await env.db.selectFrom('user_groups').select('id').where('org_id', '=', orgId).where('name', '=', 'Aprovador').executeTakeFirstOrThrow();
    expect(queue.body).toMatchObject({ resource: 'orders', isActive: true, triggers: [{ minAmount: 500_000 }], stages: [{ name: 'Gestor', minApprovals: 1, approverGroupIds: [approver.id] }] });
    expect(byKey((await stateOf(env, session)).steps).approvalQueues).toBe('done');

    const twice = await call(env, 'POST', `${ONBOARDING}/approval-templates/orders5k`, { session });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('A fila “Pedidos acima de R$ 5.000” já existe: ajuste-a em Filas de Aprovação.');
    const payments = await call(env, 'POST', `${ONBOARDING}/approval-templates/payments20k`, { session });
    expect(payments.status).toBe(200);
    const list = await call(env, 'GET', '/v1/approvals/queues?perPage=50', { session });
    expect(list.body.map((row: { name: string }) => row.name).sort()).toEqual([APPROVAL_TEMPLATES[0].name, APPROVAL_TEMPLATES[1].name].sort());
    expect((await call(env, 'POST', `${ONBOARDING}/approval-templates/nada`, { session })).status).toBe(404);
  }, 90_000);
});
