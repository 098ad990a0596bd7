/**
 * The registry's HTTP conventions on the real server: paging + Link + X-Total-Count, sorting,
 * filters, search (escaped), mass assignment, input errors, If-Match (428/412), audit, exports
 * (neutralised cells), revoked scopes, tenant ids in headers, and what users admin must keep
 * safe (password-definition e-mail, no secrets in answers, SystemOwner level, deactivation).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { applicationResources, applicationPolicies, users, userGroups } from '../../src/contracts/resources/index.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { MESSAGES } from '../../server/errors.js';
import { call, createUser, databaseKinds, login, loginSession, PUBLIC_URL, useTestEnv, type Session } from './fixture.js';
import { API_BASE, apiPath, cnpjFrom, download, parseCsv, put, referenceIds, sampleValues, unzip, xlsxRows } from './registry-support.js';

const RESOURCES = apiPath(applicationResources);
const USERS = apiPath(users);

function links(header: unknown): Record<string, URLSearchParams> {
  const out: Record<string, URLSearchParams> = {};
  for (const part of String(header ?? '').split(/,\s*(?=<)/)) {
    const m = /^<([^>]+)>;\s*rel="(\w+)"$/.exec(part.trim());
    if (m) out[m[2]] = new URL(m[1], 'http://x').searchParams;
  }
  return out;
}

describe.each(databaseKinds())('registry conventions [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  const prefix = `Pagina${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    for (const [index, letter] of ['g', 'c', 'a', 'e', 'b', 'f', 'd'].entries()) {
      const answer = await call(env, 'POST', RESOURCES, { session: admin, body: { name: `pagina${letter}${index}`, title: `${prefix} ${letter}`, description: null } });
      expect(answer.status, answer.raw).toBe(201);
    }
  });

  it('pages with Link (first/prev/next/last keeping every other parameter) and X-Total-Count', async () => {
    const first = await call(env, 'GET', `${RESOURCES}?q=${prefix}&perPage=3&sort=-title`, { session: admin });
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.body.map((r: { title: string }) => r.title)).toEqual(['g', 'f', 'e'].map((l) => `${prefix} ${l}`));
    const l1 = links(first.headers.link);
    expect(Object.keys(l1).sort()).toEqual(['first', 'last', 'next']);
    expect(l1.next.get('page')).toBe('2');
    expect(l1.last.get('page')).toBe('3');
    for (const params of Object.values(l1)) {
      expect(params.get('q')).toBe(prefix);
      expect(params.get('sort')).toBe('-title');
      expect(params.get('perPage')).toBe('3');
    }
    const last = await call(env, 'GET', `${RESOURCES}?${l1.last.toString()}`, { session: admin });
    expect(last.body.map((r: { title: string }) => r.title)).toEqual([`${prefix} a`]);
    expect(Object.keys(links(last.headers.link)).sort()).toEqual(['first', 'last', 'prev']);
    expect(links(last.headers.link).prev.get('page')).toBe('2');
    const beyond = await call(env, 'GET', `${RESOURCES}?q=${prefix}&perPage=3&page=9`, { session: admin });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('7');
    const ascending = await call(env, 'GET', `${RESOURCES}?q=${prefix}&sort=title`, { session: admin });
    expect(ascending.body.map((r: { title: string }) => r.title.slice(-1)).join('')).toBe('abcdefg');
  });

  it('sorts text the Portuguese way: accents and case do not push a name to the end', async () => {
    const tag = `Ordem${randomUUID().slice(0, 6)}`;
    for (const [index, word] of ['Zuleica', 'ângela', 'Bruno', 'Álvaro', 'éder', 'Célia', 'Caio'].entries()) {
      const answer = await call(env, 'POST', RESOURCES, { session: admin, body: { name: `ordem${index}${tag.toLowerCase()}`, title: `${tag} ${word}`, description: null } });
      expect(answer.status, answer.raw).toBe(201);
    }
    const titles = async (sort: string) => (await call(env, 'GET', `${RESOURCES}?q=${tag}&sort=${sort}`, { session: admin })).body.map((r: { title: string }) => r.title.slice(tag.length + 1));
    expect(await titles('title')).toEqual(['Álvaro', 'ângela', 'Bruno', 'Caio', 'Célia', 'éder', 'Zuleica']);
    expect(await titles('-title')).toEqual(['Zuleica', 'éder', 'Célia', 'Caio', 'Bruno', 'ângela', 'Álvaro']);
  });

  it('refuses unknown sort keys, unknown parameters and bad filter values with field errors', async () => {
    const cases: [string, string][] = [
      [`${RESOURCES}?sort=description`, 'sort'],
      [`${RESOURCES}?sort=-password`, 'sort'],
      [`${RESOURCES}?orgId=${OTHER_ORG_ID}`, 'orgId'],
      [`${RESOURCES}?perPage=1000`, 'perPage'],
      [`${RESOURCES}?page=0`, 'page'],
      [`${USERS}?isActive=talvez`, 'isActive'],
      [`${USERS}?accessLevel=Root`, 'accessLevel'],
      [`${USERS}?createdAt.from=2025-02-30`, 'createdAt.from'],
      [`${USERS}?createdAt.to=ontem`, 'createdAt.to'],
    ];
    for (const [url, field] of cases) {
      const answer = await call(env, 'GET', url, { session: admin });
      expect(answer.status, url).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.validation);
      expect(Object.keys(answer.body.errors), url).toEqual([field]);
    }
  });

  it('filters (any-of, boolean, references, ranges in Brasília time) and searches with % and _ taken literally', async () => {
    env.clock.set(new Date('2025-03-10T02:30:00Z')); // 9 March, 23:30 in Brasília
    const groups = await referenceIds(env, admin, users);
    const values = { ...sampleValues(users, groups), accessLevel: 'Admin', isActive: false, groups: [groups.userGroups[0]] };
    const created = await call(env, 'POST', USERS, { session: admin, body: values });
    expect(created.status, created.raw).toBe(201);
    env.clock.set(new Date());
    const ids = async (query: string) => (await call(env, 'GET', `${USERS}?perPage=100&${query}`, { session: admin })).body.map((r: { id: string }) => r.id);
    expect(await ids('accessLevel=Admin&accessLevel=SystemOwner')).toContain(created.body.id);
    expect(await ids('accessLevel=User')).not.toContain(created.body.id);
    expect(await ids('isActive=false')).toEqual([created.body.id]);
    expect(await ids(`groups=${groups.userGroups[0]}&isActive=false`)).toEqual([created.body.id]);
    expect(await ids(`groups=${groups.userGroups[1]}&isActive=false`)).toEqual([]);
    expect(await ids('createdAt.from=2025-03-09&createdAt.to=2025-03-09')).toEqual([created.body.id]);
    expect(await ids('createdAt.from=2025-03-10&createdAt.to=2025-03-10')).toEqual([]);
    expect(await ids('createdAt.to=2025-03-10T02:29:59Z')).toEqual([]);
    const recent = await call(env, 'GET', `${USERS}?sort=-lastLoginAt,name&perPage=1`, { session: admin });
    expect(recent.body[0].email).toBe('admin@demo.com.br');

    for (const title of ['Cem % certo', 'Sub_traço', 'Barra \\ invertida', 'Cem por cento']) {
      const answer = await call(env, 'POST', RESOURCES, { session: admin, body: { name: `busca${randomUUID().slice(0, 8)}`, title, description: null } });
      expect(answer.status).toBe(201);
    }
    const titles = async (q: string) => (await call(env, 'GET', `${RESOURCES}?q=${encodeURIComponent(q)}`, { session: admin })).body.map((r: { title: string }) => r.title);
    expect(await titles('%')).toEqual(['Cem % certo']);
    expect(await titles('_')).toEqual(['Sub_traço']);
    expect(await titles('\\')).toEqual(['Barra \\ invertida']);
    expect(await titles('CEM')).toEqual(['Cem % certo', 'Cem por cento']);
    expect(await titles("' OR 1=1 --")).toEqual([]);
  });

  it('refuses mass assignment (id, tenant, version, timestamps, server fields) and bad input with no side effect', async () => {
    const refs = await referenceIds(env, admin, users);
    const before = await env.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const extras = { id: randomUUID(), orgId: OTHER_ORG_ID, org_id: OTHER_ORG_ID, version: 9, createdAt: '2020-01-01T00:00:00Z', createdBy: randomUUID(), status: 'aprovado', lastLoginAt: '2020-01-01T00:00:00Z', passwordHash: 'x' };
    const answer = await call(env, 'POST', USERS, { session: admin, body: { ...sampleValues(users, refs), ...extras } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: MESSAGES.validation, errors: Object.fromEntries(Object.keys(extras).map((k) => [k, ['Propriedade não permitida.']])) });
    const proto = await call(env, 'POST', USERS, { session: admin, body: `{"name":"X","__proto__":{"accessLevel":"SystemOwner"}}` });
    expect(proto.status).toBe(400);
    expect(proto.body.errors).toEqual({ '[__proto__]': ['Propriedade não permitida.'] });
    const types = await call(env, 'POST', USERS, { session: admin, body: { ...sampleValues(users, refs), name: 42, isActive: 'sim', groups: 'a', allowedMethods: [] } });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.errors).sort()).toEqual(['allowedMethods', 'groups', 'isActive', 'name']);
    const nested = await call(env, 'POST', apiPath(applicationPolicies), { session: admin, body: { name: 'Nova', description: null, statements: [{ kind: 'resource', name: 'orders', scopes: ['voar'] }] } });
    expect(nested.status).toBe(400);
    expect(Object.keys(nested.body.errors)).toEqual(['statements.0.scopes.0']);
    const huge = await call(env, 'POST', RESOURCES, { session: admin, body: { name: 'x'.repeat(5000), title: 'T', description: null } });
    expect(huge.status).toBe(400);
    const foreignRef = await call(env, 'POST', USERS, { session: admin, body: { ...sampleValues(users, refs), groups: [randomUUID()] } });
    expect(foreignRef.status).toBe(400);
    expect(Object.keys(foreignRef.body.errors)).toEqual(['groups']);
    const after = await env.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // Update: the same fields are refused; the record is unchanged.
    const created = await call(env, 'POST', USERS, { session: admin, body: sampleValues(users, refs) });
    const update = await put(env, admin, `${USERS}/${created.body.id}`, { ...sampleValues(users, refs), version: 7, orgId: OTHER_ORG_ID }, 1);
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual({ version: ['Propriedade não permitida.'], orgId: ['Propriedade não permitida.'] });
    const row = await env.db.selectFrom('users').select(['org_id', 'version', 'name']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ org_id: DEMO_ORG_ID, version: 1, name: created.body.name });
  });

  it('ignores tenant ids in headers', async () => {
    const headers = { 'x-org-id': OTHER_ORG_ID, 'x-tenant-id': OTHER_ORG_ID, 'x-organization-id': OTHER_ORG_ID };
    const plain = await call(env, 'GET', `${USERS}?perPage=100`, { session: admin });
    const withHeaders = await call(env, 'GET', `${USERS}?perPage=100`, { session: admin, headers });
    expect(withHeaders.body).toEqual(plain.body);
    const settings = await call(env, 'GET', `${API_BASE}/settings`, { session: admin, headers });
    expect(settings.body.id).toBe(DEMO_ORG_ID);
  });

  it('needs If-Match to update (428), refuses a stale one (412 with the current record) and a malformed one (400)', async () => {
    const created = await call(env, 'POST', RESOURCES, { session: admin, body: { name: 'versao', title: 'Versão', description: null } });
    const url = `${RESOURCES}/${created.body.id}`;
    const body = { name: 'versao', title: 'Versão 2', description: 'nova' };
    const missing = await put(env, admin, url, body);
    expect(missing.status).toBe(428);
    expect(missing.body).toEqual({ message: MESSAGES.ifMatchRequired });
    const malformed = await call(env, 'PUT', url, { session: admin, body, headers: { 'if-match': 'abc' } });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['If-Match']);
    expect((await put(env, admin, url, body, 1)).status).toBe(200);
    const stale = await put(env, admin, url, { ...body, title: 'Versão perdida' }, 1);
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ message: MESSAGES.stale, current: { id: created.body.id, version: 2, title: 'Versão 2' } });
    const staleDelete = await call(env, 'DELETE', url, { session: admin, headers: { 'if-match': ifMatch(1) } });
    expect(staleDelete.status).toBe(412);
    const row = await env.db.selectFrom('application_resources').select(['title', 'version']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Versão 2', version: 2 });
    const weak = await call(env, 'PUT', `${API_BASE}/settings`, { session: admin, body: {}, headers: { 'if-match': 'W/"0"' } });
    expect(weak.status).toBe(400); // body first: every writable field is required
  });

  it('exports CSV and XLSX as attachments with neutralised formula cells', async () => {
    const evil = await call(env, 'POST', RESOURCES, { session: admin, body: { name: 'formula', title: '=HYPERLINK("http://evil")', description: null } });
    expect(evil.status).toBe(201);
    const csv = await download(env, admin, `${RESOURCES}/export.csv?q=${encodeURIComponent('HYPERLINK')}`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; filename="recursos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(csv.body.toString('utf8'));
    expect(rows[0]).toEqual(['Título', 'Nome técnico', 'Atualizado em']);
    expect(rows[1][0]).toBe(`'=HYPERLINK("http://evil")`);
    const xlsx = await download(env, admin, `${RESOURCES}/export.xlsx?q=${encodeURIComponent('HYPERLINK')}`);
    expect(String(xlsx.headers['content-type'])).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...unzip(xlsx.body).keys()].sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(xlsxRows(xlsx.body)[1][0]).toBe(`'=HYPERLINK("http://evil")`);
    const page = await download(env, admin, `${RESOURCES}/export.csv?page=2`);
    expect(page.status).toBe(400);
  });

  it('writes an audit entry (before → after) for every mutation, bulk actions included, and audits SystemOwner reads', async () => {
    const refs = await referenceIds(env, admin, users);
    const a = await call(env, 'POST', USERS, { session: admin, body: sampleValues(users, refs) });
    const b = await call(env, 'POST', USERS, { session: admin, body: sampleValues(users, refs) });
    const bulk = await call(env, 'POST', `${USERS}/bulk/deactivate`, { session: admin, body: { ids: [a.body.id, b.body.id, randomUUID()] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body.done.sort()).toEqual([a.body.id, b.body.id].sort());
    expect(bulk.body.failed).toEqual([{ id: expect.any(String), message: MESSAGES.notFound }]);
    const entries = await env.db.selectFrom('audit_log').selectAll().where('entity_id', '=', a.body.id).orderBy('seq').execute();
    // The invitation e-mail is audited too (auth.*), after its commit and at its own pace: the record's own mutations are checked here.
    const mutations = entries.filter((e) => e.action.startsWith('users.'));
    expect(mutations.map((e) => e.action)).toEqual(['users.create', 'users.deactivate']);
    expect(mutations[1]).toMatchObject({ org_id: DEMO_ORG_ID, entity_type: 'users', before: { isActive: true, version: 1 }, after: { isActive: false, version: 2 } });
    expect(mutations[1].actor_user_id).toEqual(expect.any(String));
    // No secret in what any entry recorded (an action may be named after the password e-mail).
    expect(JSON.stringify(entries.map((e) => [e.before, e.after]))).not.toMatch(/password|totp|argon2/i);

    await call(env, 'GET', `${API_BASE}/organizations`, { session: admin });
    await call(env, 'GET', `${API_BASE}/organizations/${OTHER_ORG_ID}`, { session: admin });
    await download(env, admin, `${API_BASE}/organizations/export.csv`);
    const reads = await env.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', 'in', ['organizations.list', 'organizations.read', 'organizations.export']).execute();
    expect(reads.map((r) => r.action).sort()).toEqual(['organizations.export', 'organizations.list', 'organizations.read']);
    expect(reads.find((r) => r.action === 'organizations.read')?.entity_id).toBe(OTHER_ORG_ID);
  });

  it('refuses a revoked scope on the very next request (policies and membership edited through the API)', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const policy = await call(env, 'POST', apiPath(applicationPolicies), {
      session: admin,
      body: { name: `Leitura ${randomUUID().slice(0, 6)}`, description: null, statements: [{ kind: 'resource', name: 'userGroups', scopes: ['read', 'export'] }] },
    });
    expect(policy.status, policy.raw).toBe(201);
    const group = await call(env, 'POST', apiPath(userGroups), { session: admin, body: { name: `Leitores ${randomUUID().slice(0, 6)}`, description: null, members: [user.id], policies: [policy.body.id] } });
    expect(group.status, group.raw).toBe(201);
    const groupsUrl = apiPath(userGroups);
    expect((await call(env, 'GET', groupsUrl, { session })).status).toBe(200);
    expect((await call(env, 'POST', groupsUrl, { session, body: { name: 'x', description: null, members: [], policies: [] } })).status).toBe(403);
    const effective = await call(env, 'GET', 'users/me/policies/effective-permissions', { session });
    expect(effective.body).toEqual([{ resources: [{ name: 'userGroups', scopes: ['read', 'export'] }], acls: [] }]);

    const revoked = await put(env, admin, `${apiPath(applicationPolicies)}/${policy.body.id}`, { name: policy.body.name, description: null, statements: [{ kind: 'resource', name: 'userGroups', scopes: ['export'] }] }, 1);
    expect(revoked.status, revoked.raw).toBe(200);
    expect((await call(env, 'GET', groupsUrl, { session })).status).toBe(403);
    expect((await download(env, session, `${groupsUrl}/export.csv`)).status).toBe(200);

    const removed = await put(env, admin, `${groupsUrl}/${group.body.id}`, { ...group.body, _refs: undefined, id: undefined, version: undefined, createdAt: undefined, updatedAt: undefined, createdBy: undefined, updatedBy: undefined, members: [] }, 1);
    expect(removed.status, removed.raw).toBe(200);
    expect((await download(env, session, `${groupsUrl}/export.csv`)).status).toBe(403);
  });

  it('accepts applications/current with the `application` permission and keeps the default application', async () => {
    const current = await call(env, 'GET', `${API_BASE}/applications/current`, { session: admin });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ name: 'Retaguarda', slug: 'retaguarda', isActive: true });
    const acls = await call(env, 'GET', `${API_BASE}/applications/current/acls`, { session: admin });
    expect(acls.body.map((a: { name: string }) => a.name).sort()).toEqual(['agenciasSudeste', 'agenciasSul']);
    expect(acls.body.find((a: { name: string }) => a.name === 'agenciasSul').items).toHaveLength(3);
    const removal = await call(env, 'DELETE', `${API_BASE}/applications/current`, { session: admin });
    expect(removal.status).toBe(409);

    const user = await createUser(env);
    const policy = await call(env, 'POST', apiPath(applicationPolicies), {
      session: admin,
      body: { name: `Aplicação ${randomUUID().slice(0, 6)}`, description: null, statements: [{ kind: 'resource', name: 'application', scopes: ['read'] }] },
    });
    const refs = await referenceIds(env, admin, users);
    const row = await env.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const edit = await put(
      env,
      admin,
      `${USERS}/${user.id}`,
      { ...sampleValues(users, refs), name: row.name, email: row.email, accessLevel: 'User', isActive: true, twoFactorMandatory: false, groups: [], policies: [policy.body.id] },
      1,
    );
    expect(edit.status, edit.raw).toBe(200);
    const session = await loginSession(env, user.email, user.password);
    expect((await call(env, 'GET', `${API_BASE}/applications/current`, { session })).status).toBe(200);
    expect((await call(env, 'GET', `${API_BASE}/applications/${current.body.id}`, { session })).status).toBe(403);
    expect((await call(env, 'GET', `${API_BASE}/applications`, { session })).status).toBe(403);
  });
});

describe.each(databaseKinds())('users and organisations admin [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let refs: Record<string, string[]>;
  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    refs = await referenceIds(env, admin, users);
  });

  it('creates a user without a password and mails a password-definition link that works once', async () => {
    const values: Record<string, unknown> = { ...sampleValues(users, refs), accessLevel: 'User', isActive: true, twoFactorMandatory: false };
    const email = String(values.email);
    const since = env.smtp.messages.length;
    const created = await call(env, 'POST', USERS, { session: admin, body: values });
    expect(created.status, created.raw).toBe(201);
    for (const answer of [created, await call(env, 'GET', `${USERS}/${created.body.id}`, { session: admin }), await call(env, 'GET', `${USERS}?perPage=100`, { session: admin })]) {
      expect(answer.raw).not.toMatch(/password|login_?key|argon2|totp_?(secret|pending|last)|secret/i);
    }
    expect(created.body.lastLoginAt).toBeNull();
    await env.app.backgroundIdle();
    const mail = await env.smtp.next(email, since);
    expect(mail.subject).toBe('Defina a sua senha — Retaguarda');
    const link = /(https?:\/\/\S+\/auth\/recuperar-senha\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1];
    expect(link.startsWith(`${PUBLIC_URL}/auth/recuperar-senha?token=`)).toBe(true);
    expect((await login(env, email, 'Qualquer-senha-1')).status).toBe(401);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const reset = await call(env, 'POST', 'auth/password-recovery/reset', { body: { token, newSecret: 'Minha-primeira-senha-9' } });
    expect(reset.status).toBe(204);
    await loginSession(env, email, 'Minha-primeira-senha-9');
    const read = await call(env, 'GET', `${USERS}/${created.body.id}`, { session: admin });
    expect(read.body.lastLoginAt).toEqual(expect.any(String));
    expect((await call(env, 'POST', 'auth/password-recovery/reset', { body: { token, newSecret: 'Outra-senha-qualquer-9' } })).status).toBe(400);
    const duplicate = await call(env, 'POST', USERS, { session: admin, body: { ...values, email: email.toUpperCase() } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ email: ['Já existe um usuário com este e-mail.'] });
  });

  it('keeps the SystemOwner level to SystemOwners and refuses self-lockout', async () => {
    const tenantAdmin = await loginSession(env, 'admin@outra.com.br');
    const otherRefs = await referenceIds(env, tenantAdmin, users);
    const grant = await call(env, 'POST', USERS, { session: tenantAdmin, body: { ...sampleValues(users, otherRefs), accessLevel: 'SystemOwner' } });
    expect(grant.status).toBe(403);
    const adminId = (await env.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.com.br').executeTakeFirstOrThrow()).id;
    const self = await call(env, 'GET', `${USERS}/${adminId}`, { session: admin });
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, lastLoginAt: _l, ...writable } = self.body;
    const deactivate = await put(env, admin, `${USERS}/${adminId}`, { ...writable, isActive: false }, version);
    expect(deactivate.status).toBe(409);
    const demote = await put(env, admin, `${USERS}/${adminId}`, { ...writable, accessLevel: 'User' }, version);
    expect(demote.status).toBe(409);
    expect((await call(env, 'DELETE', `${USERS}/${adminId}`, { session: admin })).status).toBe(409);
    const bulk = await call(env, 'POST', `${USERS}/bulk/deactivate`, { session: admin, body: { ids: [adminId] } });
    expect(bulk.body.failed).toEqual([{ id: adminId, message: 'Você não pode desativar a sua própria conta.' }]);
  });

  it('ends the sessions of a deactivated user and of a deactivated organisation at once', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    expect((await call(env, 'GET', 'users/me', { session })).status).toBe(200);
    const bulk = await call(env, 'POST', `${USERS}/bulk/deactivate`, { session: admin, body: { ids: [user.id] } });
    expect(bulk.body.done).toEqual([user.id]);
    expect((await call(env, 'GET', 'users/me', { session })).status).toBe(401);
    await call(env, 'POST', `${USERS}/bulk/activate`, { session: admin, body: { ids: [user.id] } });

    const otherAdmin = await loginSession(env, 'admin@outra.com.br');
    const org = await call(env, 'GET', `${API_BASE}/organizations/${OTHER_ORG_ID}`, { session: admin });
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, ...writable } = org.body;
    const off = await put(env, admin, `${API_BASE}/organizations/${OTHER_ORG_ID}`, { ...writable, isActive: false }, version);
    expect(off.status, off.raw).toBe(200);
    expect((await call(env, 'GET', 'users/me', { session: otherAdmin })).status).toBe(401);
    const denied = await login(env, 'admin@outra.com.br');
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ message: MESSAGES.invalidLogin });
    const on = await put(env, admin, `${API_BASE}/organizations/${OTHER_ORG_ID}`, { ...writable, isActive: true }, version + 1);
    expect(on.status).toBe(200);
    expect((await login(env, 'admin@outra.com.br')).status).toBe(200);
    const selfOrg = await call(env, 'GET', `${API_BASE}/organizations/${DEMO_ORG_ID}`, { session: admin });
    const own = { ...selfOrg.body };
    for (const key of ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', '_refs']) delete own[key];
    expect((await put(env, admin, `${API_BASE}/organizations/${DEMO_ORG_ID}`, { ...own, isActive: false }, selfOrg.body.version)).status).toBe(409);
  });

  it('creates an organisation with its settings, default application, standard profiles and modules; its CNPJ is unique', async () => {
    const cnpj = cnpjFrom('998877660001');
    const created = await call(env, 'POST', `${API_BASE}/organizations`, { session: admin, body: { name: 'Nova Organização Ltda', tradeName: null, cnpj, isActive: true } });
    expect(created.status, created.raw).toBe(201);
    const app = await env.db.selectFrom('applications').select(['slug', 'is_default']).where('org_id', '=', created.body.id).execute();
    expect(app).toEqual([{ slug: 'retaguarda', is_default: true }]);
    expect(await env.db.selectFrom('org_settings').select('org_id').where('org_id', '=', created.body.id).executeTakeFirst()).toBeDefined();
    // The same start as the setup command's: its first administrator can be given a profile at once.
    const profiles = await env.db.selectFrom('user_groups').select(['name', 'matrix_policy_id']).where('org_id', '=', created.body.id).orderBy('name').execute();
    expect(profiles.map((profile) => profile.name)).toEqual(['Administrador', 'Aprovador', 'Comprador', 'Financeiro', 'Solicitante']);
    expect(profiles.every((profile) => profile.matrix_policy_id !== null)).toBe(true);
    expect((await env.db.selectFrom('application_resources').select('name').where('org_id', '=', created.body.id).execute()).length).toBeGreaterThan(30);
    const duplicate = await call(env, 'POST', `${API_BASE}/organizations`, { session: admin, body: { name: 'Outra Nova', tradeName: null, cnpj, isActive: true } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ cnpj: ['Já existe uma organização com este CNPJ.'] });
    const settings = await call(env, 'GET', `${API_BASE}/settings`, { session: admin });
    const clash = await put(env, admin, `${API_BASE}/settings`, { name: settings.body.name, tradeName: null, cnpj, twoFactorMandatory: false, twoFactorAllowedMethods: ['Email'] }, settings.body.version);
    expect(clash.status).toBe(409);
    const inUse = await call(env, 'DELETE', `${API_BASE}/organizations/${OTHER_ORG_ID}`, { session: admin });
    expect(inUse.status).toBe(409);
    const removed = await call(env, 'DELETE', `${API_BASE}/organizations/${created.body.id}`, { session: admin });
    expect(removed.status, removed.raw).toBe(204);
  });
});
