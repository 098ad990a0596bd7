/**
 * REPORTS_DATABASE_URL (issue 26, docs/operations.md "Reports on a read replica"): the reports, their
 * drill-down and their downloads run on a login that may only SELECT — created here, with nothing
 * but SELECT on the tables — and answer exactly what the primary answers, so the report path never
 * writes; the handle itself refuses a write (read-only transactions). A signed-in user's write sets
 * the `rt_last_write` cookie, and with a fresh one the reports read the primary (proved by taking
 * SELECT on one summary table away from the replica's login: without the cookie the DRE fails, with
 * it the DRE answers; an old cookie reads the replica again). A download read on that login still
 * writes its audit row, on the primary (the login may not INSERT it; the handle counts its queries).
 * PostgreSQL only: PGlite is one embedded connection with no login roles to restrict.
 */
import { saoPauloToday } from '../../src/contracts/today';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isBusinessDay, nextBusinessDay } from '../../src/contracts/brazil/businessDays.js';
import { reportsDatabase } from '../../server/db/connect.js';
import type { Database } from '../../server/db/types.js';
import { call, loginSession, useTestEnv, type Session } from './fixture.js';
import { download, parseCsv } from './registry-support.js';

const BI = '/api/finance-reporting';
const ROLE = `rt_reports_${randomBytes(4).toString('hex')}`;
const postgres = Boolean(process.env.DATABASE_URL);

/** A parcela's due date must be a business day: the last one of this month up to `day`, else the next one (a month opening on a weekend). */
function businessDayOfMonthUpTo(day: string): string {
  for (let date = day; date.slice(0, 7) === day.slice(0, 7); date = addDays(date, -1)) if (isBusinessDay(date)) return date;
  return nextBusinessDay(day);
}

describe.skipIf(!postgres)('BI: reports on a SELECT-only login (a read replica) [postgres]', () => {
  let reportsDb: Kysely<Database> | undefined;
  /** Queries run on the SELECT-only login's handle (what the reports read there). */
  let replicaQueries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      replicaQueries += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const env = useTestEnv('postgres', {
    async reportsDb(handle) {
      const database = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db)).rows[0].name;
      for (const statement of [`CREATE ROLE ${ROLE} LOGIN`, `GRANT CONNECT ON DATABASE ${database} TO ${ROLE}`, `GRANT USAGE ON SCHEMA public TO ${ROLE}`, `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ROLE}`])
        await sql.raw(statement).execute(handle.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.username = ROLE;
      url.password = '';
      url.pathname = `/${database}`;
      reportsDb = reportsDatabase(url.toString(), 2);
      return reportsDb.withPlugin(counter);
    },
  });
  let admin: Session;
  let year: string;
  let today: string;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    // São Paulo's day, the one the server's rules and reports count in (UTC is tomorrow there after 21:00).
    today = saoPauloToday(env.clock.now());
    year = today.slice(0, 4);
    // A receivable of this month, received: numbers in every report.
    const category = await call(env, 'POST', '/api/finance/revenue-categories', { session: admin, body: { code: `R${randomUUID().slice(0, 6)}`, name: 'Réplica', parentId: null, isActive: true, description: null, dreLine: 'grossRevenue', dfcGroup: 'financing', ledgerAccountId: null } });
    expect(category.status, category.raw).toBe(201);
    const [customer] = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body;
    const [centre] = (await call(env, 'GET', '/api/finance/cost-centers?perPage=1', { session: admin })).body;
    const [account] = (await call(env, 'GET', '/api/finance/bank-accounts?perPage=1', { session: admin })).body;
    const blank = { boletoLine: null, pixKeyType: 'email', pixKey: 'financeiro@cliente.com.br', pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };
    const created = await call(env, 'POST', '/api/finance/receivables', {
      session: admin,
      body: {
        customerId: customer.id, categoryId: category.body.id, documentType: 'invoice', documentNumber: `RPL-${randomUUID().slice(0, 6)}`, issueDate: today, competence: `${today.slice(5, 7)}/${year}`,
        description: 'Réplica', total: 43210, bankAccountId: account.id, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
        allocations: [{ costCenterId: centre.id, percent: null, amount: 43210 }],
        installments: [{ number: 1, dueDate: businessDayOfMonthUpTo(today), amount: 43210, paymentMethod: 'cash', ...blank, pixKeyType: null, pixKey: null, bankAccountId: account.id }],
      },
    });
    expect(created.status, created.raw).toBe(201);
    const parcela = (await call(env, 'GET', `/api/finance/receivable-installments/${created.body.installments[0].id}`, { session: admin })).body;
    const settled = await call(env, 'POST', `/api/finance/receivable-installments/${parcela.id}/actions/settle`, { session: admin, body: { bankAccountId: account.id, paidOn: today, amount: 43210 }, headers: { 'if-match': `"${parcela.version}"` } });
    expect(settled.status, settled.raw).toBe(200);
    // The write marked the writer's reports to read the primary for a while.
    const cookie = ([] as string[]).concat(settled.headers['set-cookie'] ?? []).find((c) => c.startsWith('rt_last_write='));
    expect(cookie).toMatch(new RegExp(`^rt_last_write=${env.clock.now().getTime()}; Max-Age=60; Path=/api; HttpOnly; (Secure; )?SameSite=Strict`));
  });

  afterAll(async () => {
    await reportsDb?.destroy();
    await sql.raw(`DROP OWNED BY ${ROLE}`).execute(env.db);
    await sql.raw(`DROP ROLE ${ROLE}`).execute(env.db);
  });

  const fresh = () => ({ cookie: `rt_last_write=${env.clock.now().getTime()}` });

  it('answers every report, drill and download on the SELECT-only login exactly as on the primary', async () => {
    const month = `${today.slice(0, 7)}-01`;
    const urls = [
      `${BI}/reports/dre?year=${year}`,
      `${BI}/reports/dre?year=${year}&basis=paid`,
      `${BI}/reports/dre?year=${year}&basis=due`,
      `${BI}/reports/dre-by-cost-center?year=${year}`,
      `${BI}/reports/dfc?year=${year}`,
      `${BI}/reports/cash-flow?from=${month}&to=${today}&grain=week`,
      `${BI}/reports/drill?basis=competence&measure=amount&dreLine=grossRevenue&from=${month}&to=${today}`,
      `${BI}/reports/drill?basis=paid&measure=paid&dfcGroup=financing&from=${month}&to=${today}`,
    ];
    for (const url of urls) {
      const replica = await call(env, 'GET', url, { session: admin });
      expect(replica.status, `${url}: ${replica.raw}`).toBe(200);
      const primary = await call(env, 'GET', url, { session: admin, headers: fresh() });
      expect(replica.body, url).toEqual(primary.body);
    }
    const dfc = await call(env, 'GET', `${BI}/reports/dfc?year=${year}`, { session: admin });
    expect(dfc.body.rows.find((r: { key: string }) => r.key === 'financing').total).toBeGreaterThanOrEqual(43210);
    for (const url of [`${BI}/reports/dfc/export.csv?year=${year}`, `${BI}/reports/dre/export.xlsx?year=${year}`, `${BI}/reports/cash-flow/export.csv?from=${month}&to=${today}`]) {
      const file = await download(env, admin, url);
      expect(file.status, url).toBe(200);
    }
    const csv = parseCsv((await download(env, admin, `${BI}/reports/dfc/export.csv?year=${year}`)).body.toString('utf8'));
    expect(csv[0][0]).toBe('Atividade');
    // The handle refuses a write, whatever its login may do.
    await expect(sql`CREATE TEMP TABLE nope (x int)`.execute(reportsDb!)).rejects.toThrow(/read-only transaction/);
    await expect(sql`INSERT INTO bi_pending (org_id, installment_id) VALUES ('x', 'y')`.execute(reportsDb!)).rejects.toThrow(/read-only transaction|permission denied/);
  });

  it('audits every download on the primary, also when the report was read on the SELECT-only login', async () => {
    const month = `${today.slice(0, 7)}-01`;
    const adminId = (await sql<{ id: string }>`SELECT id FROM users WHERE email = 'admin@demo.com.br'`.execute(env.db)).rows[0].id;
    const audited = async () =>
      (await sql<{ entity_id: string; after: { format: string; filters: Record<string, unknown>; rows: number } }>`
        SELECT entity_id, after FROM audit_log WHERE action = 'reports.export' AND actor_user_id = ${adminId} ORDER BY seq`.execute(env.db)).rows;
    const before = (await audited()).length;
    // The replica's login could not write the row itself.
    const may = (await sql<{ insert: boolean; select: boolean }>`SELECT has_table_privilege(${ROLE}, 'audit_log', 'INSERT') AS insert, has_table_privilege(${ROLE}, 'bi_monthly', 'SELECT') AS select`.execute(env.db)).rows[0];
    expect(may).toEqual({ insert: false, select: true });

    const read = replicaQueries;
    const file = await download(env, admin, `${BI}/reports/dre/export.csv?year=${year}&basis=paid`);
    expect(file.status).toBe(200);
    expect(replicaQueries, 'the report was read on the SELECT-only login').toBeGreaterThan(read);
    const flow = await download(env, admin, `${BI}/reports/cash-flow/export.xlsx?from=${month}&to=${today}&grain=month`);
    expect(flow.status).toBe(200);
    const rows = (await audited()).slice(before);
    expect(rows).toEqual([
      { entity_id: 'dre', after: { format: 'csv', filters: { year: Number(year), basis: 'paid' }, rows: parseCsv(file.body.toString('utf8')).length - 1 } },
      { entity_id: 'cashFlow', after: { format: 'xlsx', filters: { from: month, to: today, grain: 'month' }, rows: expect.any(Number) } },
    ]);

    // Read on the primary (right after a write): no query on the replica, the row all the same.
    const quiet = replicaQueries;
    const primary = await call(env, 'GET', `${BI}/reports/dfc/export.csv?year=${year}`, { session: admin, headers: fresh() });
    expect(primary.status).toBe(200);
    expect(replicaQueries).toBe(quiet);
    expect((await audited()).slice(before).map((r) => r.entity_id)).toEqual(['dre', 'cashFlow', 'dfc']);
  });

  it('reads the primary right after the user\'s own write, the replica otherwise', async () => {
    const url = `${BI}/reports/dre?year=${year}`;
    await sql.raw(`REVOKE SELECT ON bi_monthly FROM ${ROLE}`).execute(env.db);
    try {
      expect((await call(env, 'GET', url, { session: admin })).status).toBe(500);
      expect((await call(env, 'GET', url, { session: admin, headers: fresh() })).status).toBe(200);
      const old = { cookie: `rt_last_write=${env.clock.now().getTime() - 61_000}` };
      expect((await call(env, 'GET', url, { session: admin, headers: old })).status).toBe(500);
      // A read sets no cookie.
      const read = await call(env, 'GET', url, { session: admin, headers: fresh() });
      expect(([] as string[]).concat(read.headers['set-cookie'] ?? []).some((c) => c.startsWith('rt_last_write='))).toBe(false);
    } finally {
      await sql.raw(`GRANT SELECT ON bi_monthly TO ${ROLE}`).execute(env.db);
    }
  });
});

describe.skipIf(postgres)('BI: reports on a SELECT-only login', () => {
  it.skip('PostgreSQL only (set DATABASE_URL): PGlite is one embedded connection with no login roles to restrict', () => undefined);
});
