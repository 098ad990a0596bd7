/**
 * The extrato de movimentações' running balance (issue 25), on PGlite and — with DATABASE_URL —
 * PostgreSQL: every line's `balance` on pages of both orders, a filtered page, a page sorted by
 * value and one line read alone, against an independent computation in the test — the latest
 * saldo de conta on or before the line's date, else the opening balance, plus the lines from that
 * date up to the line (date, then id); none for a line dated before the opening balance.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { FINANCE } from './remittance-support.js';

interface Line { id: string; postedOn: string; amount: number }
interface Saldo { date: string; amount: number }

/** The balance after each line, computed from scratch (no SQL): id → centavos, or null. */
function expectedBalances(lines: Line[], saldos: Saldo[], opening: Saldo): Map<string, number | null> {
  const ordered = [...lines].sort((a, b) => (a.postedOn === b.postedOn ? (a.id < b.id ? -1 : 1) : a.postedOn < b.postedOn ? -1 : 1));
  const result = new Map<string, number | null>();
  ordered.forEach((line, index) => {
    const saldo = saldos.filter((s) => s.date <= line.postedOn).sort((a, b) => (a.date < b.date ? 1 : -1))[0] ?? opening;
    if (line.postedOn < saldo.date) return result.set(line.id, null);
    let balance = saldo.amount;
    for (const other of ordered.slice(0, index + 1)) if (other.postedOn >= saldo.date) balance += other.amount;
    result.set(line.id, balance);
  });
  return result;
}

describe.each(databaseKinds())('saldo do extrato de movimentações [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  const opening: Saldo = { date: '2026-01-01', amount: 1000000 };
  const saldos: Saldo[] = [
    { date: '2026-02-01', amount: 5000000 },
    { date: '2026-03-15', amount: -250075 },
  ];
  let accountId = '';
  let lines: Line[] = [];

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    const bank = (await call(env, 'GET', `${FINANCE}/banks?q=341&perPage=20`, { session: admin })).body.find((b: { code: string }) => b.code === '341');
    const created = await call(env, 'POST', `${FINANCE}/bank-accounts`, {
      session: admin,
      body: { name: `Saldo ${randomUUID().slice(0, 6)}`, type: 'checking', bankId: bank.id, agency: '0501', agencyDigit: null, account: String(10000 + Math.floor(Math.random() * 89999)), accountDigit: '3', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: opening.amount, openingBalanceDate: opening.date, isActive: true, notes: null },
    });
    expect(created.status, created.raw).toBe(201);
    accountId = created.body.id;
    const { orgId } = (await sql<{ orgId: string }>`SELECT org_id AS "orgId" FROM bank_accounts WHERE id = ${accountId}`.execute(env.db)).rows[0];
    // 150 lines from 20/12/2025 (before the opening balance) to 31/03/2026, several on one day.
    lines = Array.from({ length: 150 }, (_, i) => {
      const day = new Date(Date.UTC(2025, 11, 20) + Math.floor(i * 0.7) * 86400000).toISOString().slice(0, 10);
      return { id: randomUUID(), postedOn: day, amount: (i % 4 === 0 ? 1 : -1) * (1000 + ((i * 7919) % 900000)) };
    });
    for (const line of lines) {
      await sql`INSERT INTO bank_statement_lines (id, org_id, bank_account_id, statement_id, fit_id, trn_type, posted_on, posted_at, amount, memo, source, status)
        VALUES (${line.id}, ${orgId}, ${accountId}, NULL, ${`MANUAL-${line.id}`}, ${line.amount < 0 ? 'DEBIT' : 'CREDIT'}, ${line.postedOn}, ${`${line.postedOn}T12:00:00Z`}, ${line.amount}, ${`LINHA ${line.id.slice(0, 8)}`}, 'manual', 'open')`.execute(env.db);
    }
    for (const saldo of saldos) {
      const answer = await call(env, 'POST', '/api/finance-reporting/account-balances', { session: admin, body: { bankAccountId: accountId, date: saldo.date, amount: saldo.amount, description: `Saldo de ${saldo.date}`, notes: null } });
      expect(answer.status, answer.raw).toBe(201);
    }
  });

  const get = async (query: string) => {
    const answer = await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/statement-lines?${query}`, { session: admin });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body as { id: string; balance: number | null; postedOn: string; direction: string }[];
  };

  it('every line of every page, oldest and newest first, has the balance computed independently', async () => {
    const expected = expectedBalances(lines, saldos, opening);
    // The fixture crosses both saldos de conta and the opening date: all three cases are on the pages.
    expect([...expected.values()].filter((b) => b === null).length).toBeGreaterThan(0);
    for (const sort of ['postedOn', '-postedOn']) {
      const seen = new Set<string>();
      for (let page = 1; page <= 7; page++) {
        const rows = await get(`sort=${sort}&perPage=25&page=${page}`);
        expect(rows.length, `${sort} page ${page}`).toBe(page === 7 ? 0 : 25);
        for (const row of rows) {
          expect(row.balance, `${sort} page ${page}, line of ${row.postedOn}`).toBe(expected.get(row.id));
          seen.add(row.id);
        }
      }
      expect(seen.size).toBe(150);
    }
  });

  it('a filtered page, a page sorted by value and one line alone have the same balances', async () => {
    const expected = expectedBalances(lines, saldos, opening);
    const outs = await get('direction=out&sort=-postedOn&perPage=20&page=2');
    expect(outs.length).toBe(20);
    expect(outs.every((row) => row.direction === 'out')).toBe(true);
    for (const row of outs) expect(row.balance).toBe(expected.get(row.id));
    const byValue = await get('sort=-value&perPage=30');
    for (const row of byValue) expect(row.balance).toBe(expected.get(row.id));
    for (const line of [lines[0], lines[60], lines[149]]) {
      const one = await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/statement-lines/${line.id}`, { session: admin });
      expect(one.status, one.raw).toBe(200);
      expect(one.body.balance).toBe(expected.get(line.id));
    }
  });

  it('a line typed by hand moves the balance of the lines after it on any page', async () => {
    const added = await call(env, 'POST', `${FINANCE}/bank-accounts/${accountId}/statement-lines`, { session: admin, body: { postedOn: '2026-02-10', direction: 'in', value: 123456, memo: 'DEPOSITO', document: null } });
    expect(added.status, added.raw).toBe(201);
    const withIt = [...lines, { id: added.body.id as string, postedOn: '2026-02-10', amount: 123456 }];
    const expected = expectedBalances(withIt, saldos, opening);
    expect(added.body.balance).toBe(expected.get(added.body.id));
    for (const sort of ['postedOn', '-postedOn']) for (const row of await get(`sort=${sort}&perPage=50&page=2`)) expect(row.balance).toBe(expected.get(row.id));
  });
});
