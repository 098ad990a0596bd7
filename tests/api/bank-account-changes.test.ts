/**
 * Dual control of where our money moves (fraud surface): a conta financeira's bank data, holder and
 * PIX keys change only through an "Alteração de dados bancários" that its approval queue approves —
 * tried the way a fraudster would, on PGlite and PostgreSQL (parallel submits on PostgreSQL):
 * - an edit of the account that changes them is a 409 and writes nothing (its name still changes);
 * - a change waiting for approval leaves the account as it is; its proposer may not approve it, in
 *   person or through their substitute; another approver's approval applies it through the account's
 *   own service (rules, audit), and the change shows each datum before → after;
 * - a reject or a cancel leaves the account as it was, and a cancel ends the running approval;
 * - one change waits per account: a second is a 409 naming the first, and two sent at once never both wait;
 * - with no queue for them, a change is applied when sent (as an edit was), recorded as such;
 * - bad data is refused as on the account (400 naming the field); a change that moves nothing is a 409;
 * - a new account waits inactive for its abertura (its bank data, before "—") to be approved: nobody
 *   activates it before, its creator may not approve it, in person or through their substitute; with
 *   no queue it is applied at once; a cash box without PIX keys has nothing to approve.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { BANK_ACCOUNT_CHANGE_MESSAGES, bankAccountChanges } from '../../src/contracts/resources/bankAccountChanges.js';
import { BANK_DATA_NOTE, bankAccounts } from '../../src/contracts/resources/bankAccounts.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session, type TestUser } from './fixture.js';

const FINANCE = '/api/finance';
const ACCOUNTS = `${FINANCE}/bank-accounts`;
const APPROVALS = '/v1/approvals';
const HOLDER = '11222333000181';

type Person = { user: TestUser; session: Session };

describe.each(databaseKinds())('alterações de dados bancários [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Person;
  let approver: Person;
  let substitute: Person;
  let bankId: string;
  let otherBankId: string;

  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(env.clock.now());
  const writableOf = (resource: typeof bankAccounts | typeof bankAccountChanges, record: Record<string, any>, change: Record<string, unknown> = {}) => ({
    ...Object.fromEntries(Object.entries(resource.fields).filter(([, def]) => !def.readOnly).map(([name]) => [name, record[name] ?? null])),
    ...change,
  });
  const getAccount = async (id: string) => (await call(env, 'GET', `${ACCOUNTS}/${id}`, { session: clerk.session })).body;
  const inDb = async (id: string) => (await sql<Record<string, unknown>>`SELECT agency, account, bank_id, holder_name, pix_keys, version FROM bank_accounts WHERE id = ${id}`.execute(env.db)).rows[0];
  const accountValues = (change: Record<string, unknown> = {}) =>
    writableOf(bankAccounts, {}, { name: `Conta ${randomUUID().slice(0, 6)}`, type: 'checking', bankId, agency: '1234', account: '55667', accountDigit: '8', holderName: 'Demo Compras e Finanças Ltda', holderDocument: HOLDER, openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, pixKeys: [{ type: 'cnpj', key: HOLDER, isDefault: true }], ...change });
  /** A new account, made where no queue takes its abertura: active at once. */
  const newAccount = async () => {
    const created = await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues() });
    expect(created.status, created.raw).toBe(201);
    expect(created.body.isActive).toBe(true);
    return created.body as Record<string, any>;
  };
  const changes = (accountId: string) => `${ACCOUNTS}/${accountId}/changes`;
  const propose = async (who: Person, account: Record<string, any>, change: Record<string, unknown>) =>
    call(env, 'POST', changes(account.id), { session: who.session, body: writableOf(bankAccountChanges, account, { reason: 'Conta migrada de agência', ...change }) });
  const act = (who: Person, accountId: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    call(env, 'POST', `${changes(accountId)}/${record.id}/actions/${action}`, { session: who.session, body, headers: { 'if-match': ifMatch(record.version) } });
  const pendingFlow = async (recordId: string) => (await sql<{ id: string }>`SELECT id FROM approval_flows WHERE record_id = ${recordId} AND status = 'pending'`.execute(env.db)).rows[0]?.id;
  const decide = (who: Person, flowId: string, decision: 'approve' | 'reject' = 'approve', body: unknown = {}) => call(env, 'POST', `${APPROVALS}/flows/${flowId}/${decision}`, { session: who.session, body });
  const withQueue = async <T>(work: () => Promise<T>): Promise<T> => {
    const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
      session: admin,
      body: { name: `Dados bancários ${randomUUID().slice(0, 4)}`, resource: 'bankAccountChanges', priority: 1, isActive: true, description: null, stages: [{ name: 'Tesouraria', minApprovals: 1, approverUserIds: [clerk.user.id, approver.user.id], approverGroupIds: [] }], triggers: [] },
    });
    expect(queue.status, queue.raw).toBe(201);
    try {
      return await work();
    } finally {
      await sql`UPDATE approval_queues SET is_active = false WHERE id = ${queue.body.id}`.execute(env.db);
    }
  };

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = await userInGroups(env, ['Financeiro']);
    approver = await userInGroups(env, ['Financeiro']);
    substitute = await userInGroups(env, ['Financeiro']);
    const banks = (await call(env, 'GET', `${FINANCE}/banks?perPage=2&sort=name`, { session: admin })).body;
    [bankId, otherBankId] = [banks[0].id, banks[1].id];
  });

  it('refuses an edit of the account that changes its bank data, holder or keys (409, nothing written); its name still changes', async () => {
    const account = await newAccount();
    const before = await inDb(account.id);
    for (const change of [{ agency: '9999' }, { bankId: otherBankId }, { holderName: 'Outra Empresa Ltda' }, { pixKeys: [{ type: 'email', key: 'golpe@outro.com.br', isDefault: true }] }, { type: 'cash', bankId: null, agency: null, account: null, accountDigit: null, pixKeys: [] }]) {
      const answer = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, account, change), headers: { 'if-match': ifMatch(account.version) } });
      expect(answer.status, `${JSON.stringify(change)}: ${answer.raw}`).toBe(409);
      expect(answer.body.message).toBe(BANK_DATA_NOTE);
    }
    expect(await inDb(account.id)).toEqual(before);
    const renamed = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, account, { name: 'Itaú — Pagamentos (renomeada)' }), headers: { 'if-match': ifMatch(account.version) } });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Itaú — Pagamentos (renomeada)', agency: '1234' });
  });

  it('keeps the account as it is while a change waits; its proposer and their substitute may not approve it; another approver applies it, audited, shown before → after', async () => {
    const account = await newAccount();
    await withQueue(async () => {
      const proposed = await propose(clerk, account, { bankId: otherBankId, agency: '4321', account: '998877', accountDigit: '0' });
      expect(proposed.status, proposed.raw).toBe(201);
      const banks = Object.fromEntries((await sql<{ id: string; name: string }>`SELECT id, name FROM banks WHERE id IN (${bankId}, ${otherBankId})`.execute(env.db)).rows.map((bank) => [bank.id, bank.name]));
      expect(proposed.body.differences).toEqual([
        { field: 'Banco', before: banks[bankId], after: banks[otherBankId] },
        { field: 'Agência', before: '1234', after: '4321' },
        { field: 'Conta', before: '•••• 5667', after: '•••• 8877' },
        { field: 'Dígito da conta', before: '8', after: '0' },
      ]);
      const sent = await act(clerk, account.id, proposed.body, 'submit');
      expect(sent.status, sent.raw).toBe(200);
      expect(sent.body.status).toBe('awaitingApproval');
      expect(await inDb(account.id)).toMatchObject({ agency: '1234', account: '55667' });

      const flowId = (await pendingFlow(proposed.body.id))!;
      const inbox = (await call(env, 'GET', `${APPROVALS}/inbox`, { session: approver.session })).body as { id: string; amount: number | null; title: string }[];
      expect(inbox.find((item) => item.id === flowId)).toMatchObject({ amount: null, title: `Alteração de dados bancários nº ${proposed.body.number}` });
      // The approver reads the change itself (its before → after) and where its page is: under its account.
      const flow = (await call(env, 'GET', `${APPROVALS}/flows/${flowId}`, { session: approver.session })).body;
      expect(flow).toMatchObject({ amount: null, canDecide: true, recordParentId: account.id, record: { reason: 'Conta migrada de agência', agency: '4321' } });
      expect(flow.record.differences).toContainEqual({ field: 'Agência', before: '1234', after: '4321' });
      // Its proposer is one of the stage's approvers: still not theirs to decide.
      const own = await decide(clerk, flowId);
      expect(own.status, own.raw).toBe(403);
      const delegation = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: clerk.user.id, substituteId: substitute.user.id, startsOn: today(), endsOn: today(), reason: 'Férias' } });
      expect(delegation.status, delegation.raw).toBe(201);
      const onBehalf = await decide(substitute, flowId);
      expect(onBehalf.status, onBehalf.raw).toBe(403);
      expect(await inDb(account.id)).toMatchObject({ agency: '1234', account: '55667' });

      const approved = await decide(approver, flowId);
      expect(approved.status, approved.raw).toBe(200);
      const change = (await call(env, 'GET', `${changes(account.id)}/${proposed.body.id}`, { session: clerk.session })).body;
      expect(change.status).toBe('applied');
      expect(change.differences.map((d: { field: string }) => d.field)).toEqual(['Banco', 'Agência', 'Conta', 'Dígito da conta']);
      expect(await getAccount(account.id)).toMatchObject({ bankId: otherBankId, agency: '4321', account: '998877', accountDigit: '0' });
      const audit = await env.db.selectFrom('audit_log').selectAll().where('entity_id', '=', account.id).where('action', '=', 'bankAccounts.applyChange').orderBy('seq', 'desc').executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(approver.user.id);
      expect(audit.before).toMatchObject({ agency: '1234' });
      expect(audit.after).toMatchObject({ agency: '4321' });
      // The account number is masked in the audit trail as everywhere.
      expect(JSON.stringify(audit.after)).not.toContain('998877');
      const history = (await sql<{ action: string; to_status: string }>`SELECT action, to_status FROM status_history WHERE entity_id = ${proposed.body.id} ORDER BY at, version`.execute(env.db)).rows;
      expect(history.map((row) => `${row.action}:${row.to_status}`)).toEqual(['create:draft', 'submit:awaitingApproval', 'approve:applied']);
    });
  });

  it('leaves the account as it was on a reject, and sends the corrected change again', async () => {
    const account = await newAccount();
    await withQueue(async () => {
      const proposed = await propose(clerk, account, { agency: '7777' });
      const sent = await act(clerk, account.id, proposed.body, 'submit');
      expect(sent.status, sent.raw).toBe(200);
      const rejected = await decide(approver, (await pendingFlow(proposed.body.id))!, 'reject', { reason: 'Agência não confere com o contrato.' });
      expect(rejected.status, rejected.raw).toBe(200);
      const back = (await call(env, 'GET', `${changes(account.id)}/${proposed.body.id}`, { session: clerk.session })).body;
      expect(back.status).toBe('rejected');
      expect(await inDb(account.id)).toMatchObject({ agency: '1234' });
      const edited = await call(env, 'PUT', `${changes(account.id)}/${back.id}`, { session: clerk.session, body: writableOf(bankAccountChanges, back, { agency: '7778' }), headers: { 'if-match': ifMatch(back.version) } });
      expect(edited.status, edited.raw).toBe(200);
      const again = await act(clerk, account.id, edited.body, 'submit');
      expect(again.status, again.raw).toBe(200);
      expect(again.body.status).toBe('awaitingApproval');
      expect(await pendingFlow(back.id)).toBeDefined();
    });
  });

  it('ends the running approval when a waiting change is cancelled; the account stays as it was', async () => {
    const account = await newAccount();
    await withQueue(async () => {
      const proposed = await propose(clerk, account, { holderName: 'Outra Razão Social Ltda' });
      const sent = await act(clerk, account.id, proposed.body, 'submit');
      const flowId = (await pendingFlow(proposed.body.id))!;
      const cancelled = await act(clerk, account.id, sent.body, 'cancel', { reason: 'Enviada por engano.' });
      expect(cancelled.status, cancelled.raw).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect((await sql<{ status: string }>`SELECT status FROM approval_flows WHERE id = ${flowId}`.execute(env.db)).rows[0].status).toBe('voided');
      const inbox = (await call(env, 'GET', `${APPROVALS}/inbox`, { session: approver.session })).body as { id: string }[];
      expect(inbox.map((item) => item.id)).not.toContain(flowId);
      expect(await inDb(account.id)).toMatchObject({ holder_name: 'Demo Compras e Finanças Ltda' });
    });
  });

  it('lets one change wait per account: a second is a 409 naming the first, and of two sent at once only one waits', async () => {
    const account = await newAccount();
    await withQueue(async () => {
      const first = (await propose(clerk, account, { agency: '1111' })).body;
      const second = (await propose(clerk, account, { agency: '2222' })).body;
      const answers = await Promise.all([act(clerk, account.id, first, 'submit'), act(clerk, account.id, second, 'submit')]);
      expect(answers.map((answer) => answer.status).sort(), answers.map((answer) => answer.raw).join('\n')).toEqual([200, 409]);
      const waiting = answers.find((answer) => answer.status === 200)!.body;
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body.message).toBe(BANK_ACCOUNT_CHANGE_MESSAGES.onePending(waiting.number));
      expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM bank_account_changes WHERE bank_account_id = ${account.id} AND status = 'awaitingApproval'`.execute(env.db)).rows[0].n)).toBe(1);
      expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM approval_flows f JOIN bank_account_changes c ON c.id = f.record_id WHERE c.bank_account_id = ${account.id} AND f.status = 'pending'`.execute(env.db)).rows[0].n)).toBe(1);
    });
  });

  it('applies a change when sent where no queue takes it, as an edit was; refuses bad data (400 on the field) and a change that moves nothing (409)', async () => {
    await sql`UPDATE approval_queues SET is_active = false WHERE resource = 'bankAccountChanges'`.execute(env.db);
    const account = await newAccount();
    const bad = await propose(clerk, account, { agency: null });
    expect(bad.status, bad.raw).toBe(400);
    expect(bad.body.errors.agency).toEqual(['Obrigatório para contas bancárias (só uma conta do tipo Caixa dispensa os dados bancários).']);
    const badKey = await propose(clerk, account, { pixKeys: [{ type: 'cnpj', key: '33445566000186', isDefault: false }] });
    expect(badKey.status, badKey.raw).toBe(400);
    expect(badKey.body.errors['pixKeys.0.key']).toEqual(['Uma chave CPF ou CNPJ desta conta deve ser o documento do titular.']);

    const same = (await propose(clerk, account, {})).body;
    const nothing = await act(clerk, account.id, same, 'submit');
    expect(nothing.status, nothing.raw).toBe(409);
    expect(nothing.body.message).toBe(BANK_ACCOUNT_CHANGE_MESSAGES.nothingChanged);

    const keys = [{ type: 'cnpj', key: HOLDER, isDefault: true }, { type: 'email', key: 'recebimentos@demo.com.br', isDefault: false }];
    const proposed = (await propose(clerk, account, { pixKeys: keys })).body;
    expect(proposed.differences).toEqual([{ field: 'Chaves PIX', before: `CNPJ: ${HOLDER} (principal)`, after: `CNPJ: ${HOLDER} (principal); E-mail: recebimentos@demo.com.br` }]);
    const sent = await act(clerk, account.id, proposed, 'submit');
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.status).toBe('applied');
    expect((await getAccount(account.id)).pixKeys).toEqual(keys);
    const note = (await sql<{ input: { note?: string } | null }>`SELECT input FROM status_history WHERE entity_id = ${proposed.id} AND action = 'submit'`.execute(env.db)).rows[0].input;
    expect(note?.note).toMatch(/^Aprovado automaticamente/);
  });

  it('refuses a queue trigger condition its kind cannot compare (it would never match, and the change would pass unapproved); keeps those it can', async () => {
    const queue = (resource: string, triggers: Record<string, unknown>[]) =>
      call(env, 'POST', `${APPROVALS}/queues`, {
        session: admin,
        body: { name: `Gatilhos ${randomUUID().slice(0, 6)}`, resource, priority: 900, isActive: false, description: null, stages: [{ name: 'Tesouraria', minApprovals: 1, approverUserIds: [approver.user.id], approverGroupIds: [] }], triggers },
      });
    const blank = { minAmount: null, maxAmount: null, costCenterId: null, departmentId: null, supplierId: null };
    const supplier = (await call(env, 'GET', '/v1/companies/suppliers?perPage=1', { session: admin })).body[0].id as string;
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM approval_queues`.execute(env.db)).rows[0].n);

    const amountOnBankData = await queue('bankAccountChanges', [{ ...blank, minAmount: 100_000 }]);
    expect(amountOnBankData.status, amountOnBankData.raw).toBe(400);
    expect(amountOnBankData.body.errors).toEqual({ triggers: ['Esta fila aprova sem gatilhos: ela vale para todos os registros.'] });
    const supplierOnOrders = await queue('orders', [{ ...blank, maxAmount: 5_000 }, { ...blank, supplierId: supplier }]);
    expect(supplierOnOrders.status, supplierOnOrders.raw).toBe(400);
    expect(supplierOnOrders.body.errors).toEqual({ 'triggers.1.supplierId': ['Não se aplica ao que esta fila aprova: deixe em branco.'] });
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM approval_queues`.execute(env.db)).rows[0].n)).toBe(before);

    expect((await queue('purchaseOrders', [{ ...blank, minAmount: 100, supplierId: supplier }])).status).toBe(201);
    expect((await queue('bankAccountChanges', [])).status).toBe(201);
    // An edit that switches a queue to a kind that cannot compare its triggers is refused too.
    const payables = await queue('payables', [{ ...blank, minAmount: 100 }]);
    expect(payables.status, payables.raw).toBe(201);
    const switched = await call(env, 'PUT', `${APPROVALS}/queues/${payables.body.id}`, {
      session: admin,
      body: { ...Object.fromEntries(['name', 'priority', 'isActive', 'description', 'stages', 'triggers'].map((name) => [name, payables.body[name]])), resource: 'bankAccountChanges' },
      headers: { 'if-match': ifMatch(payables.body.version) },
    });
    expect(switched.status, switched.raw).toBe(400);
    expect(switched.body.errors.triggers).toEqual(['Esta fila aprova sem gatilhos: ela vale para todos os registros.']);
  });

  it('opens a new account inactive until another approver approves its abertura (before "—"); nobody activates it first, and its creator may not approve it, in person or through their substitute', async () => {
    await withQueue(async () => {
      const created = await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues({ name: `Abertura ${randomUUID().slice(0, 6)}` }) });
      expect(created.status, created.raw).toBe(201);
      const account = created.body as Record<string, any>;
      expect(account).toMatchObject({ isActive: false, agency: '1234', bankDataStatus: 'awaitingApproval' });
      const listed = (await call(env, 'GET', changes(account.id), { session: clerk.session })).body as Record<string, any>[];
      expect(listed).toHaveLength(1);
      const opening = (await call(env, 'GET', `${changes(account.id)}/${listed[0].id}`, { session: clerk.session })).body;
      // Whose data: the account, named for the approver (its `_refs`), and the holder's CNPJ as people read it.
      expect(opening).toMatchObject({ status: 'awaitingApproval', reason: BANK_ACCOUNT_CHANGE_MESSAGES.openingReason, createdBy: clerk.user.id, bankAccountId: account.id });
      expect(opening._refs.bankAccountId).toEqual([{ id: account.id, label: account.name }]);
      expect(opening.differences).toContainEqual({ field: 'CNPJ/CPF do titular', before: '—', after: '11.222.333/0001-81' });
      expect(opening.differences).toContainEqual({ field: 'Agência', before: '—', after: '1234' });
      expect(opening.differences).toContainEqual({ field: 'Chaves PIX', before: '—', after: `CNPJ: ${HOLDER} (principal)` });
      // Not offered to be chosen meanwhile, and not activated by an edit or by "Ativar".
      const active = (await call(env, 'GET', `${ACCOUNTS}?isActive=true&perPage=100`, { session: clerk.session })).body as { id: string }[];
      expect(active.map((row) => row.id)).not.toContain(account.id);
      const edit = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, account, { isActive: true }), headers: { 'if-match': ifMatch(account.version) } });
      expect(edit.status, edit.raw).toBe(409);
      expect(edit.body.message).toBe(BANK_ACCOUNT_CHANGE_MESSAGES.openingPending);
      const bulk = await call(env, 'POST', `${ACCOUNTS}/bulk/activate`, { session: admin, body: { ids: [account.id] } });
      expect(bulk.body.failed, bulk.raw).toEqual([{ id: account.id, message: BANK_ACCOUNT_CHANGE_MESSAGES.openingPending }]);
      expect((await getAccount(account.id)).isActive).toBe(false);

      const flowId = (await pendingFlow(opening.id))!;
      expect((await decide(clerk, flowId)).status).toBe(403);
      const delegation = await call(env, 'POST', `${APPROVALS}/delegations`, { session: admin, body: { userId: clerk.user.id, substituteId: substitute.user.id, startsOn: today(), endsOn: today(), reason: 'Viagem' } });
      expect(delegation.status, delegation.raw).toBe(201);
      expect((await decide(substitute, flowId)).status).toBe(403);
      expect((await getAccount(account.id)).isActive).toBe(false);

      const approved = await decide(approver, flowId);
      expect(approved.status, approved.raw).toBe(200);
      expect(await getAccount(account.id)).toMatchObject({ isActive: true, agency: '1234', bankDataStatus: 'approved' });
      const audit = await env.db.selectFrom('audit_log').selectAll().where('entity_id', '=', account.id).orderBy('seq').execute();
      expect(audit.map((entry) => entry.action)).toEqual(['bankAccounts.create', 'bankAccounts.applyChange']);
      expect(audit[1]).toMatchObject({ actor_user_id: approver.user.id, before: { isActive: false }, after: { isActive: true } });
    });
  });

  it('applies a rejected abertura once corrected and approved: the account takes the corrected data; one made inactive stays inactive', async () => {
    await withQueue(async () => {
      const account = (await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues({ isActive: false }) })).body as Record<string, any>;
      const opening = ((await call(env, 'GET', changes(account.id), { session: clerk.session })).body as Record<string, any>[])[0];
      expect((await decide(approver, (await pendingFlow(opening.id))!, 'reject', { reason: 'A agência é 1235.' })).status).toBe(200);
      const back = (await call(env, 'GET', `${changes(account.id)}/${opening.id}`, { session: clerk.session })).body;
      const edited = await call(env, 'PUT', `${changes(account.id)}/${back.id}`, { session: clerk.session, body: writableOf(bankAccountChanges, back, { agency: '1235' }), headers: { 'if-match': ifMatch(back.version) } });
      expect(edited.status, edited.raw).toBe(200);
      // Still an abertura: everything it proposes is new.
      expect(edited.body.differences).toContainEqual({ field: 'Agência', before: '—', after: '1235' });
      expect((await act(clerk, account.id, edited.body, 'submit')).status).toBe(200);
      expect((await decide(approver, (await pendingFlow(opening.id))!)).status).toBe(200);
      expect(await getAccount(account.id)).toMatchObject({ isActive: false, agency: '1235' });
      // Approved: now it may be activated.
      const now = await getAccount(account.id);
      const on = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, now, { isActive: true }), headers: { 'if-match': ifMatch(now.version) } });
      expect(on.status, on.raw).toBe(200);
    });
  });

  it('keeps an account inactive when its abertura is cancelled, even after another change of it is approved (that approver saw only what it moved); says so, and lets it be deleted', async () => {
    await withQueue(async () => {
      const account = (await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues({ pixKeys: [{ type: 'email', key: 'golpe@fora.com.br', isDefault: true }] }) })).body as Record<string, any>;
      const opening = ((await call(env, 'GET', changes(account.id), { session: clerk.session })).body as { id: string; version: number }[])[0];
      expect((await act(clerk, account.id, opening, 'cancel', { reason: 'Mandarei outra.' })).status).toBe(200);
      const proposed = (await propose(clerk, account, { agency: '1235' })).body;
      expect((await act(clerk, account.id, proposed, 'submit')).status).toBe(200);
      expect((await decide(approver, (await pendingFlow(proposed.id))!)).status).toBe(200);
      const now = await getAccount(account.id);
      expect(now).toMatchObject({ agency: '1235', isActive: false, bankDataStatus: 'openingCancelled' });
      const on = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, now, { isActive: true }), headers: { 'if-match': ifMatch(now.version) } });
      expect([on.status, on.body.message]).toEqual([409, BANK_ACCOUNT_CHANGE_MESSAGES.openingCancelled]);
      const bulk = await call(env, 'POST', `${ACCOUNTS}/bulk/activate`, { session: clerk.session, body: { ids: [account.id] } });
      expect(bulk.body.failed, bulk.raw).toEqual([{ id: account.id, message: BANK_ACCOUNT_CHANGE_MESSAGES.openingCancelled }]);
      // The way out the message names: the account has no movement, so it is deleted, changes and all.
      const gone = await call(env, 'DELETE', `${ACCOUNTS}/${account.id}`, { session: admin, headers: { 'if-match': ifMatch((await getAccount(account.id)).version) } });
      expect(gone.status, gone.raw).toBe(204);
      expect((await call(env, 'GET', `${ACCOUNTS}/${account.id}`, { session: clerk.session })).status).toBe(404);
    });
  });

  it('deletes a new account without movement with its abertura; one still waiting leaves the approvers’ inbox', async () => {
    const plain = await newAccount();
    const gone = await call(env, 'DELETE', `${ACCOUNTS}/${plain.id}`, { session: admin, headers: { 'if-match': ifMatch(plain.version) } });
    expect(gone.status, gone.raw).toBe(204);
    await withQueue(async () => {
      const waiting = (await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues() })).body as Record<string, any>;
      const opening = ((await call(env, 'GET', changes(waiting.id), { session: clerk.session })).body as Record<string, any>[])[0];
      const flowId = (await pendingFlow(opening.id))!;
      const deleted = await call(env, 'DELETE', `${ACCOUNTS}/${waiting.id}`, { session: admin, headers: { 'if-match': ifMatch(waiting.version) } });
      expect(deleted.status, deleted.raw).toBe(204);
      expect((await sql<{ status: string }>`SELECT status FROM approval_flows WHERE id = ${flowId}`.execute(env.db)).rows[0].status).toBe('voided');
      const inbox = (await call(env, 'GET', `${APPROVALS}/inbox`, { session: approver.session })).body as { id: string }[];
      expect(inbox.map((item) => item.id)).not.toContain(flowId);
      expect((await sql`SELECT 1 FROM bank_account_changes WHERE bank_account_id IN (${plain.id}, ${waiting.id})`.execute(env.db)).rows).toEqual([]);
    });
  });

  it('applies an abertura at once where no queue takes it (recorded as such), and asks none for a cash box without PIX keys', async () => {
    await sql`UPDATE approval_queues SET is_active = false WHERE resource = 'bankAccountChanges'`.execute(env.db);
    const account = await newAccount();
    const opening = ((await call(env, 'GET', changes(account.id), { session: clerk.session })).body as Record<string, any>[])[0];
    expect(opening.status).toBe('applied');
    const note = (await sql<{ input: { note?: string } | null }>`SELECT input FROM status_history WHERE entity_id = ${opening.id} AND action = 'submit'`.execute(env.db)).rows[0].input;
    expect(note?.note).toMatch(/^Aprovado automaticamente/);
    // The answer is the account as it stands after it: a later edit with its version is not stale.
    const renamed = await call(env, 'PUT', `${ACCOUNTS}/${account.id}`, { session: clerk.session, body: writableOf(bankAccounts, account, { name: `${account.name} (renomeada)` }), headers: { 'if-match': ifMatch(account.version) } });
    expect(renamed.status, renamed.raw).toBe(200);

    await withQueue(async () => {
      const cash = await call(env, 'POST', ACCOUNTS, { session: clerk.session, body: accountValues({ type: 'cash', bankId: null, agency: null, account: null, accountDigit: null, pixKeys: [] }) });
      expect(cash.status, cash.raw).toBe(201);
      expect(cash.body.isActive).toBe(true);
      expect((await call(env, 'GET', changes(cash.body.id), { session: clerk.session })).body).toEqual([]);
    });
  });
});
