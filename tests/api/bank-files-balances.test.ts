/**
 * Balances of a bank account (issue 25): the list and the record carry "saldo atual" (opening
 * balance + the baixas posted to it) and "saldo projetado" (+ the open parcelas of the account);
 * `GET bank-accounts/{id}/balance?on=` answers both at a date; an estorno takes its baixa out.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { authorisedParcelas, demoParties, FINANCE, PARCELAS, pixInstallments, type Parties } from './remittance-support.js';

describe.each(databaseKinds())('saldos das contas financeiras [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: Session;
  let parties: Parties;
  let accountId: string;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    parties = await demoParties(env, admin);
    const bank = (await call(env, 'GET', `${FINANCE}/banks?q=237&perPage=20`, { session: admin })).body.find((b: { code: string }) => b.code === '237');
    const account = await call(env, 'POST', `${FINANCE}/bank-accounts`, {
      session: admin,
      body: { name: `Saldo ${randomUUID().slice(0, 6)}`, type: 'checking', bankId: bank.id, agency: '3381', agencyDigit: '2', account: '12345', accountDigit: '6', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1000000, openingBalanceDate: '2026-01-01', isActive: true, notes: null },
    });
    expect(account.status, account.raw).toBe(201);
    accountId = account.body.id;
  });

  it('moves with baixas and open parcelas; at a date; an estorno takes the baixa out', async () => {
    const read = async () => (await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}`, { session: treasurer })).body;
    expect(await read()).toMatchObject({ currentBalance: 1000000, projectedBalance: 1000000 });
    const [first, second] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId }, pixInstallments([40000, 25000]));
    expect(await read()).toMatchObject({ currentBalance: 1000000, projectedBalance: 935000 });

    const parcela = (await call(env, 'GET', `${PARCELAS}/${first}`, { session: treasurer })).body;
    const settled = await call(env, 'POST', `${PARCELAS}/${first}/actions/settle`, { session: treasurer, body: { paidOn: '2026-11-20', amount: 40000, interest: 500, bankAccountId: accountId }, headers: { 'if-match': `"${parcela.version}"` } });
    expect(settled.status, settled.raw).toBe(200);
    expect(await read()).toMatchObject({ currentBalance: 959500, projectedBalance: 934500 });

    const listed = await call(env, 'GET', `${FINANCE}/bank-accounts?perPage=50`, { session: treasurer });
    expect(listed.body.find((a: { id: string }) => a.id === accountId)).toMatchObject({ currentBalance: 959500, projectedBalance: 934500 });

    const before = await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/balance?on=2026-11-19`, { session: treasurer });
    expect(before.body).toEqual({ on: '2026-11-19', balance: 1000000, projected: 1000000, toPay: 0, toReceive: 0 });
    const later = await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/balance?on=2026-12-22`, { session: treasurer });
    expect(later.body).toEqual({ on: '2026-12-22', balance: 959500, projected: 934500, toPay: 25000, toReceive: 0 });
    expect((await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/balance?on=2026-13-01`, { session: treasurer })).status).toBe(400);
    expect((await call(env, 'GET', `${FINANCE}/bank-accounts/${randomUUID()}/balance`, { session: treasurer })).status).toBe(404);

    const paid = settled.body;
    const reversed = await call(env, 'POST', `${PARCELAS}/${first}/actions/reverse`, { session: treasurer, body: { settlementId: paid.settlements[0].id, reason: 'Baixa em duplicidade' }, headers: { 'if-match': `"${paid.version}"` } });
    expect(reversed.status, reversed.raw).toBe(200);
    expect(await read()).toMatchObject({ currentBalance: 1000000, projectedBalance: 935000 });
    expect(second).toBeDefined();
  });
});
