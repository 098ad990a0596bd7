/**
 * Tokens de conta (issue 26): made with the `financeReports: create` permission, the secret in
 * the POST's answer only (never in a later read, only its SHA-256 in the database); DRE and fluxo
 * de caixa pulled with it as JSON and CSV; another report 403; the token's organisation only;
 * revoked or expired → 401 on the next call; nothing but the report endpoints (no list, no write);
 * every use audited; 429 after the burst. On PostgreSQL, two server processes on one database: a
 * revocation through one is refused by the other at once, and the limit is one count for both.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_RATE } from '../../server/bi/tokens.js';
import { todayIn } from '../../server/approvals/engine.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, DEMO_PASSWORD, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const FINANCE = '/api/finance';
const BI = '/api/finance-reporting';
const TOKENS = `${BI}/account-tokens`;
const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(databaseKinds())('BI: tokens de conta [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let treasurer: Session;
  const year = new Date().getUTCFullYear();
  const today = () => todayIn(env.clock.now());
  const inDays = (days: number) => todayIn(new Date(env.clock.now().getTime() + days * DAY));

  async function mint(session: Session, body: Record<string, unknown> = {}) {
    return call(env, 'POST', TOKENS, { session, body: { name: `Power BI ${randomUUID().slice(0, 6)}`, reports: ['dre'], expiresOn: inDays(30), ...body } });
  }
  const pull = (token: string, url: string, headers: Record<string, string> = {}) => call(env, 'GET', url, { token, headers });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    // One receivable of R$ 1.234,56 this year in the demo organisation: the DRE is not all zeros.
    const customerId = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body[0].id;
    const category = await call(env, 'POST', `${FINANCE}/revenue-categories`, { session: admin, body: { code: `TK${randomUUID().slice(0, 6)}`, name: 'Vendas BI', parentId: null, isActive: true, description: null, dreLine: 'grossRevenue', ledgerAccountId: null } });
    expect(category.status, category.raw).toBe(201);
    const centre = await call(env, 'POST', `${FINANCE}/cost-centers`, { session: admin, body: { code: `TK${randomUUID().slice(0, 4)}`, name: 'Centro BI', parentId: null, isActive: true, description: null } });
    expect(centre.status, centre.raw).toBe(201);
    const entry = await call(env, 'POST', `${FINANCE}/receivables`, {
      session: treasurer,
      body: {
        customerId, categoryId: category.body.id, documentType: 'invoice', documentNumber: `TK-${randomUUID().slice(0, 6)}`, issueDate: `${year}-03-01`, competence: `03/${year}`,
        description: 'Venda para o token', total: 123456, bankAccountId: null, companyId: null, paymentCondition: null, documentFileId: null, notes: null, allocations: [{ costCenterId: centre.body.id, amount: 123456, percent: null }],
        installments: [{ number: 1, dueDate: `${year}-03-20`, amount: 123456, paymentMethod: 'cash' }],
      },
    });
    expect(entry.status, entry.raw).toBe(201);
  });

  it('shows the secret once, keeps only its hash, and pulls the DRE as JSON and CSV within its scope and organisation', async () => {
    const created = await mint(treasurer, { reports: ['dre'] });
    expect(created.status, created.raw).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^rtbi_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ status: 'active', reports: ['dre'], prefix: secret.slice(0, 13) });
    const id = created.body.id;

    // Later reads never carry it; the database holds its SHA-256 only.
    const read = await call(env, 'GET', `${TOKENS}/${id}`, { session: treasurer });
    const list = await call(env, 'GET', TOKENS, { session: treasurer });
    const exported = await call(env, 'GET', `${TOKENS}/export.csv`, { session: treasurer });
    for (const answer of [read, list, exported]) {
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.raw).not.toContain(secret);
      expect(answer.raw).not.toContain(secret.slice(13));
    }
    expect(read.body.secret).toBeUndefined();
    expect(list.body.find((t: { id: string }) => t.id === id).prefix).toBe(secret.slice(0, 13));
    const row = (await sql<Record<string, unknown>>`SELECT * FROM account_tokens WHERE id = ${id}`.execute(env.db)).rows[0];
    expect(row.token_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(13));
    const audit = (await sql<{ after: unknown }>`SELECT after FROM audit_log WHERE entity_id = ${id}`.execute(env.db)).rows;
    expect(JSON.stringify(audit)).not.toContain(secret.slice(13));

    // JSON: the same numbers the signed-in treasurer sees.
    const dre = await pull(secret, `${BI}/reports/dre?year=${year}`);
    expect(dre.status, dre.raw).toBe(200);
    expect(dre.headers['cache-control']).toBe('no-store');
    const mine = await call(env, 'GET', `${BI}/reports/dre?year=${year}`, { session: treasurer });
    expect(dre.body).toEqual(mine.body);
    expect(dre.body.rows.find((r: { key: string }) => r.key === 'grossRevenue').values[2]).toBe(123456);

    // CSV, by the Accept header or by format=csv.
    for (const [url, headers] of [[`${BI}/reports/dre?year=${year}`, { accept: 'text/csv' }], [`${BI}/reports/dre?year=${year}&format=csv`, {}]] as const) {
      const csv = await pull(secret, url, headers);
      expect(csv.status, csv.raw).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.raw.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Linha;Chave;Tipo;Linha superior;Período;De;Até;Valor (R$)');
      expect(lines).toContain(`Receita bruta;grossRevenue;line;;Mar/${year};${year}-03-01;${year}-03-31;1234,56`);
      expect(lines.length).toBe(1 + dre.body.rows.length * 12);
    }

    // Another report, not in its scope: 403.
    const flow = await pull(secret, `${BI}/reports/cash-flow?from=${year}-03-01&to=${year}-03-31&grain=month`);
    expect(flow.status, flow.raw).toBe(403);
    expect(flow.body.message).toBe('Este token não dá acesso a este relatório.');
    // Nothing but the reports: a list, the drill-down, a write, the token registry itself.
    expect((await pull(secret, '/v1/companies/suppliers')).status).toBe(401);
    expect((await pull(secret, `${BI}/reports/drill?basis=due&measure=open&from=${year}-03-01&to=${year}-03-31`)).status).toBe(401);
    expect((await pull(secret, TOKENS)).status).toBe(401);
    expect((await call(env, 'POST', TOKENS, { token: secret, body: { name: 'Outro', reports: ['dre'], expiresOn: inDays(5) } })).status).toBe(401);
    expect((await call(env, 'POST', `${BI}/account-balances`, { token: secret, body: {} })).status).toBe(401);
    expect((await call(env, 'POST', `${TOKENS}/${id}/actions/revoke`, { token: secret, headers: { 'if-match': '"1"' } })).status).toBe(401);
    expect((await call(env, 'POST', `${BI}/reports/dre?year=${year}`, { token: secret })).status).toBe(404);
    // A forged token with the right shape: 401.
    expect((await pull(`rtbi_${'A'.repeat(43)}`, `${BI}/reports/dre?year=${year}`)).status).toBe(401);

    // Another organisation's token sees its own numbers, never these.
    const outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    const theirs = await mint(outsider, { reports: ['dre', 'cashFlow'] });
    expect(theirs.status, theirs.raw).toBe(201);
    const theirDre = await pull(theirs.body.secret, `${BI}/reports/dre?year=${year}`);
    expect(theirDre.status).toBe(200);
    expect(theirDre.body.rows.every((r: { values: number[] }) => r.values.every((v) => v === 0))).toBe(true);
    expect((await call(env, 'GET', `${TOKENS}/${id}`, { session: outsider })).status).toBe(404);
    expect((await call(env, 'GET', TOKENS, { session: outsider })).body.map((t: { id: string }) => t.id)).not.toContain(id);

    // Every use audited: token, report, format, outcome, address.
    const uses = (await sql<{ org_id: string; report: string; format: string; outcome: string; status: number; ip: string }>`
      SELECT org_id, report, format, outcome, status, ip FROM account_token_uses WHERE token_id = ${id} ORDER BY id`.execute(env.db)).rows;
    expect(uses.map((u) => [u.report, u.format, u.outcome, u.status])).toEqual([
      ['dre', 'json', 'granted', 200],
      ['dre', 'csv', 'granted', 200],
      ['dre', 'csv', 'granted', 200],
      ['cashFlow', 'json', 'outOfScope', 403],
    ]);
    expect(uses.every((u) => u.org_id === DEMO_ORG_ID && u.ip === '127.0.0.1')).toBe(true);
    expect((await call(env, 'GET', `${TOKENS}/${id}`, { session: treasurer })).body.lastUsedAt).toBeTruthy();
  });

  it("lists a token's uses, newest first and paged: when, report, format, outcome, status, address; its organisation only", async () => {
    const created = await mint(treasurer, { reports: ['dre'] });
    expect(created.status, created.raw).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    const uses = (query = '', session: Session = treasurer) => call(env, 'GET', `${TOKENS}/${id}/uses${query}`, { session });
    const empty = await uses();
    expect(empty.status, empty.raw).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const start = env.clock.now().getTime();
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    env.clock.set(new Date(start + 1000));
    expect((await pull(secret, `${BI}/reports/dre?year=${year}`)).status).toBe(200);
    env.clock.set(new Date(start + 2000));
    expect((await pull(secret, `${BI}/reports/dre?year=${year}&format=csv`)).status).toBe(200);
    env.clock.set(new Date(start + 3000));
    expect((await pull(secret, `${BI}/reports/cash-flow?from=${year}-01-01&to=${year}-01-31`)).status).toBe(403);

    const first = await uses('?perPage=2');
    expect(first.status, first.raw).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(String(first.headers.link)).toMatch(/rel="next"/);
    expect(first.body).toEqual([
      { id: expect.any(String), at: at(3), report: 'cashFlow', format: 'json', outcome: 'outOfScope', status: 403, ip: expect.any(String) },
      { id: expect.any(String), at: at(2), report: 'dre', format: 'csv', outcome: 'granted', status: 200, ip: expect.any(String) },
    ]);
    const second = await uses('?perPage=2&page=2');
    expect(second.body).toEqual([{ id: expect.any(String), at: at(1), report: 'dre', format: 'json', outcome: 'granted', status: 200, ip: expect.any(String) }]);
    expect(String(second.headers.link)).not.toMatch(/rel="next"/);

    // Another organisation's administrator: as a missing token. Without the permission: 403. Signed out: 401.
    const outsider = (await userInGroups(env, ['Administrador'], OTHER_ORG_ID)).session;
    expect((await uses('', outsider)).status).toBe(404);
    expect((await call(env, 'GET', `${TOKENS}/nao-existe/uses`, { session: treasurer })).status).toBe(404);
    const buyer = (await userInGroups(env, ['Comprador'])).session;
    expect((await uses('', buyer)).status).toBe(403);
    expect((await call(env, 'GET', `${TOKENS}/${id}/uses`)).status).toBe(401);
    // The token itself opens nothing but its reports.
    expect((await pull(secret, `${TOKENS}/${id}/uses`)).status).toBe(401);
    const tooMany = await uses('?perPage=500');
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.errors)).toContain('perPage');
  });

  it('answers 401 at once after a revocation and after the expiry', async () => {
    const created = await mint(treasurer, { reports: ['dre', 'cashFlow'], expiresOn: today() });
    const { secret, id, version } = created.body;
    const url = `${BI}/reports/cash-flow?from=${year}-03-01&to=${year}-03-31&grain=week&format=csv`;
    expect((await pull(secret, url)).status).toBe(200);
    // Valid through its last day; the next day, 401.
    env.clock.advance(DAY);
    try {
      const expired = await pull(secret, url);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('Você precisa se autenticar para continuar.');
    } finally {
      env.clock.advance(-DAY);
    }
    expect((await pull(secret, url)).status).toBe(200);

    // An edit of its scope counts on the next call; tokens are never deleted (their uses stay audited).
    const narrowed = await call(env, 'PUT', `${TOKENS}/${id}`, { session: treasurer, headers: { 'if-match': `"${version}"` }, body: { name: 'Só a DRE', reports: ['dre'], expiresOn: today() } });
    expect(narrowed.status, narrowed.raw).toBe(200);
    expect(narrowed.raw).not.toContain(secret.slice(13));
    expect((await pull(secret, url)).status).toBe(403);
    expect((await pull(secret, `${BI}/reports/dre?year=${year}`)).status).toBe(200);
    expect((await call(env, 'DELETE', `${TOKENS}/${id}`, { session: treasurer, headers: { 'if-match': `"${narrowed.body.version}"` } })).status).toBe(403);
    expect((await call(env, 'GET', `${TOKENS}/${id}`, { session: treasurer })).status).toBe(200);
    const revoked = await call(env, 'POST', `${TOKENS}/${id}/actions/revoke`, { session: treasurer, body: {}, headers: { 'if-match': `"${narrowed.body.version}"` } });
    expect(revoked.status, revoked.raw).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect((await pull(secret, url)).status).toBe(401);
    expect((await pull(secret, `${BI}/reports/dre?year=${year}`)).status).toBe(401);
    // A revoked token stays revoked: not editable.
    const edit = await call(env, 'PUT', `${TOKENS}/${id}`, { session: treasurer, headers: { 'if-match': `"${revoked.body.version}"` }, body: { name: 'De novo', reports: ['dre'], expiresOn: inDays(10) } });
    expect(edit.status).toBe(409);
    const outcomes = (await sql<{ outcome: string }>`SELECT outcome FROM account_token_uses WHERE token_id = ${id} ORDER BY id`.execute(env.db)).rows.map((r) => r.outcome);
    expect(outcomes).toEqual(['granted', 'expired', 'granted', 'outOfScope', 'granted', 'revoked', 'revoked']);
  });

  it('refuses a validity in the past or beyond a year, no report, and a user without the permission', async () => {
    const past = await mint(treasurer, { expiresOn: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.errors.expiresOn).toEqual(['A validade deve ser hoje ou uma data futura.']);
    const far = await mint(treasurer, { expiresOn: inDays(400) });
    expect(far.status).toBe(400);
    expect(far.body.errors.expiresOn).toEqual(['A validade pode ser de no máximo um ano a partir de hoje.']);
    const none = await mint(treasurer, { reports: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors.reports).toEqual(['Escolha ao menos um relatório.']);
    const other = await mint(treasurer, { reports: ['analitico'] });
    expect(other.status).toBe(400);
    const before = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM account_tokens`.execute(env.db)).rows[0].n);
    const buyer = (await userInGroups(env, ['Comprador'])).session;
    expect((await mint(buyer)).status).toBe(403);
    expect((await call(env, 'GET', TOKENS, { session: buyer })).status).toBe(403);
    expect((await call(env, 'POST', TOKENS, { body: { name: 'x', reports: ['dre'], expiresOn: inDays(5) } })).status).toBe(401);
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM account_tokens`.execute(env.db)).rows[0].n)).toBe(before);
  });

  it('answers 429 with a pt-BR message after the burst, per token', async () => {
    const { secret, id } = (await mint(treasurer)).body;
    const other = (await mint(treasurer)).body.secret;
    const url = `${BI}/reports/dre?year=${year}`;
    const statuses: number[] = [];
    // In parallel: the shared counter is atomic, so exactly `max` pass.
    for (let i = 0; i < TOKEN_RATE.max + 5; i += 13) {
      const batch = await Promise.all(Array.from({ length: Math.min(13, TOKEN_RATE.max + 5 - i) }, () => pull(secret, url)));
      statuses.push(...batch.map((b) => b.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(TOKEN_RATE.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = await pull(secret, url);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Muitas consultas com este token. Aguarde um minuto e tente de novo.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token is not slowed down.
    expect((await pull(other, url)).status).toBe(200);
    const counts = (await sql<{ outcome: string; n: string }>`SELECT outcome, count(*)::text AS n FROM account_token_uses WHERE token_id = ${id} GROUP BY 1 ORDER BY 1`.execute(env.db)).rows;
    expect(counts).toEqual([{ outcome: 'granted', n: String(TOKEN_RATE.max) }, { outcome: 'limited', n: '6' }]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('tokens de conta on two server processes of one PostgreSQL database', () => {
  let database: ServerDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    database = await serverDatabase('postgres');
    [a, b] = await Promise.all([startServerProcess(database.env), startServerProcess(database.env)]);
  }, 180_000);
  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  async function http(server: ServerProcess, method: string, path: string, options: { token?: string; xsrf?: string; body?: unknown; ifMatch?: number } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.xsrf) headers['x-xsrf-token'] = options.xsrf;
    if (options.ifMatch) headers['if-match'] = `"${options.ifMatch}"`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${server.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : undefined, cookies: answer.headers.getSetCookie() };
  }

  it('a token revoked through one instance is refused by the other at once; one limit for both', async () => {
    const login = await http(a, 'POST', '/v1/identity/auth', { body: { login: 'admin@demo.com.br', secret: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const session = { token: login.body.accessToken as string, xsrf: decodeURIComponent(login.cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0].slice('XSRF-TOKEN='.length)) };
    const expiresOn = todayIn(new Date(Date.now() + 30 * DAY));
    const made = await http(a, 'POST', TOKENS, { ...session, body: { name: 'Metabase', reports: ['dre'], expiresOn } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = `${BI}/reports/dre?year=${new Date().getUTCFullYear()}`;

    // The burst split between the instances: one counter.
    const statuses = (await Promise.all(Array.from({ length: TOKEN_RATE.max + 4 }, (_, i) => http(i % 2 ? a : b, 'GET', url, { token: made.body.secret })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(TOKEN_RATE.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);

    const other = await http(a, 'POST', TOKENS, { ...session, body: { name: 'Power BI', reports: ['dre'], expiresOn } });
    expect((await http(b, 'GET', url, { token: other.body.secret })).status).toBe(200);
    const revoked = await http(a, 'POST', `${TOKENS}/${other.body.id}/actions/revoke`, { ...session, body: {}, ifMatch: other.body.version });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await http(b, 'GET', url, { token: other.body.secret })).status).toBe(401);
    expect((await http(a, 'GET', url, { token: other.body.secret })).status).toBe(401);
  }, 60_000);
});
