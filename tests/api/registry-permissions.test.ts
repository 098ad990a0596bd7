/**
 * SECURITY.md "Permissions and tenants", as a matrix over EVERY generated route (routeTable of
 * every declaration) and every hand-written route of the identity family (/openapi.json):
 * - anonymous → 401, a PreAuthorization token → 401;
 * - a user without the scope → 403 (checked before the body is validated); SystemOwner-only
 *   resources → 403 even with a policy granting them;
 * - another tenant's record → 404 with the same body as a missing id, and the record unchanged;
 *   another tenant's parent (nested resources) → 404 on every route under it;
 * - zero foreign rows in any list, total (X-Total-Count) or export.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch, type AnyResource } from '../../src/contracts/resource.js';
import { inputSchema } from '../../src/contracts/workflow.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { MESSAGES } from '../../server/errors.js';
import { FAMILY_PREFIXES, servedResources, storageOf } from '../../server/registry/families.js';
import { routeTable, type RouteSpec } from '../../server/registry/route-table.js';
import { call, createUser, databaseKinds, loginSession, preAuthorize, useTestEnv, type Answer, type Session, type TestEnv } from './fixture.js';
import { API_BASE, apiPath, createRecord, createdStatus, download, fillRoute, parentParams, parseCsv, referenceIds, sampleValues, xlsxRows } from './registry-support.js';

/** Public routes (no token by design; the postal-code lookup is public like ViaCEP). */
const PUBLIC = new Set([
  'POST /v1/identity/auth',
  'POST /v1/identity/auth/password-recovery',
  'POST /v1/identity/auth/password-recovery/reset',
  'GET /v1/commons/addresses/postal-codes/{cep}',
  'GET /v1/commons/addresses/postal-codes/{cep}/json',
]);
const SERVED = servedResources();

/** A body the route accepts (so that only the check under test can refuse it). */
function bodyFor(route: RouteSpec, resource: AnyResource, refs: Record<string, string[]>, id?: string): unknown {
  if (route.kind === 'bulk') return { ids: [id ?? randomUUID()] };
  if (route.kind === 'create' || route.kind === 'update' || route.kind === 'singletonPut') return sampleValues(resource, refs);
  // A transition's input (a reason) is valid, so that what answers is the record's absence.
  if (route.kind === 'transition') return transitionSample(resource, route.action!);
  if (route.kind === 'bulkTransition') return { ids: [id ?? randomUUID()], input: transitionSample(resource, route.action!) };
  return undefined;
}

/** Valid values for the required inputs of a transition (a reason, a baixa), by name. */
const INPUT_SAMPLES: Record<string, () => unknown> = {
  reason: () => 'Motivo de teste.',
  paidOn: () => '2026-11-01',
  amount: () => 100,
  bankAccountId: () => randomUUID(),
  settlementId: () => randomUUID(),
  awards: () => [{ lineId: randomUUID(), requestId: randomUUID() }],
};
function transitionSample(resource: AnyResource, name: string): Record<string, unknown> {
  const transition = resource.workflow?.transitions.find((t) => t.name === name);
  const input = transition ? inputSchema(transition) : null;
  const sample: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(input?.shape ?? {})) {
    if ((schema as { _zod: { optin?: string } })._zod.optin === 'optional') continue;
    const make = INPUT_SAMPLES[key];
    if (!make) throw new Error(`No sample of the "${key}" input of ${resource.name}.${name}`);
    sample[key] = make();
  }
  return sample;
}

interface Foreign {
  id: string;
  version: number;
  title: string;
}

async function tableCount(env: TestEnv, table: string, orgId: string, extra = sql``): Promise<number> {
  const result = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE org_id = ${orgId} ${extra}`.execute(env.db);
  return Number(result.rows[0].n);
}

const tableOf = (resource: AnyResource) => storageOf(resource)!.table;

describe.each(databaseKinds())('permissions and tenants of every route [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session; // SystemOwner of the demo organisation
  let other: Session; // Admin of the other organisation
  let nobody: Session; // demo user without any policy
  let preAuth: Session; // PreAuthorization token of a two-factor user
  const demoRefs: Record<string, Record<string, string[]>> = {};
  const demoParams: Record<string, Record<string, string>> = {};
  const foreign: Record<string, Foreign> = {};
  let checks = 0;
  /** URL of a route for the demo caller (its parents), `id` a random missing id unless given. */
  const url = (resource: AnyResource, route: RouteSpec, params: Record<string, string> = {}) =>
    fillRoute(resource, route.path, { ...demoParams[resource.name], id: randomUUID(), ...params });

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    other = await loginSession(env, 'admin@outra.com.br');
    const plain = await createUser(env);
    nobody = await loginSession(env, plain.email, plain.password);
    preAuth = await preAuthorize(env, { email: 'financeiro@demo.com.br', password: 'Retaguarda#2025' });
    for (const resource of SERVED) {
      demoRefs[resource.name] = await referenceIds(env, admin, resource);
      demoParams[resource.name] = await parentParams(env, admin, resource);
    }
    // One record of every tenant resource in the other organisation, made through its own API.
    for (const resource of SERVED) {
      if (resource.kind === 'singleton' || resource.systemOwnerOnly || resource.bornOf) continue;
      const values = sampleValues(resource, await referenceIds(env, other, resource));
      const created = await createRecord(env, other, resource, apiPath(resource, await parentParams(env, other, resource)), values);
      expect(created.status, `${resource.name}: ${created.raw}`).toBe(createdStatus(resource));
      foreign[resource.name] = { id: created.body.id, version: created.body.version, title: String(created.body[resource.titleField] ?? values[resource.titleField]) };
    }
    // Records born of another's lines (parcelas of a lançamento): the one the foreign parent made.
    for (const resource of SERVED.filter((r) => r.bornOf)) {
      const listed = await call(env, 'GET', apiPath(resource), { session: other });
      expect(listed.body.length, `${resource.name}: ${listed.raw}`).toBeGreaterThan(0);
      foreign[resource.name] = { id: listed.body[0].id, version: listed.body[0].version, title: String(listed.body[0][resource.titleField]) };
    }
    await env.app.backgroundIdle();
  });

  const generated = SERVED.flatMap((resource) => routeTable(resource).map((route) => ({ resource, route })));

  it('serves every declaration of the identity family', () => {
    expect(SERVED.filter((r) => r.api === 'identity').map((r) => r.name).sort()).toEqual(
      ['applicationAcls', 'applicationPolicies', 'applicationResources', 'applications', 'organizations', 'settings', 'userGroups', 'users'],
    );
    for (const resource of SERVED) expect(storageOf(resource), resource.name).toBeDefined();
  });

  it('serves every declaration of the companies, finance, supply and cart families (issue #4)', () => {
    const names = (family: string) => SERVED.filter((r) => r.api === family).map((r) => r.name).sort();
    expect(names('companies')).toEqual(['companies', 'companyTypes', 'customers', 'persons', 'suppliers']);
    expect(names('finance')).toEqual(
      ['accountingGroups', 'bankAccountAgreements', 'bankAccountChanges', 'bankAccounts', 'bankStatementLines', 'banks', 'chartAccounts', 'companyBills', 'costCenters', 'departments', 'expenseCategories', 'importBatches', 'ledgerAccounts', 'payableInstallments', 'payables', 'receivableInstallments', 'receivables', 'reconciliationRules', 'remittances', 'revenueCategories'],
    );
    expect(names('supply')).toEqual(['categories', 'orders']);
    expect(names('cart')).toEqual(['products']);
  });

  it('answers 401 to anonymous callers and to a PreAuthorization token on every generated route', async () => {
    const failures: string[] = [];
    for (const { resource, route } of generated) {
      for (const [who, options] of [
        ['anonymous', {}],
        ['PreAuthorization', { session: preAuth }],
      ] as const) {
        const answer = await call(env, route.method, url(resource, route), { ...options, body: bodyFor(route, resource, demoRefs[resource.name]) });
        checks++;
        if (answer.status !== 401 || answer.body?.message !== MESSAGES.unauthenticated) failures.push(`${who} ${route.method} ${route.path}: ${answer.status} ${answer.raw}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to anonymous callers on every hand-written API route (/openapi.json)', async () => {
    const spec = (await call(env, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const generatedKeys = new Set(generated.map(({ resource, route }) => `${route.method} ${FAMILY_PREFIXES[resource.api]}/${route.path}`));
    const prefixes = Object.values(FAMILY_PREFIXES).map((p) => `${p}/`);
    const failures: string[] = [];
    let handWritten = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (!prefixes.some((p) => path.startsWith(p))) continue;
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const key = `${method} ${path}`;
        if (PUBLIC.has(key) || generatedKeys.has(key)) continue;
        handWritten++;
        const answer = await call(env, method, path.replace(/\{\w+\}/g, randomUUID()), { body: method === 'GET' || method === 'HEAD' ? undefined : {} });
        checks++;
        if (answer.status !== 401) failures.push(`${key}: ${answer.status} ${answer.raw}`);
      }
    }
    expect(handWritten).toBeGreaterThanOrEqual(13);
    expect(failures).toEqual([]);
  });

  it('answers 403 to a user without the scope on every generated route, before validating the body', async () => {
    const failures: string[] = [];
    for (const { resource, route } of generated) {
      for (const body of [bodyFor(route, resource, demoRefs[resource.name]), route.method === 'GET' || route.method === 'DELETE' ? undefined : { invalid: true }]) {
        const answer = await call(env, route.method, url(resource, route), { session: nobody, body, headers: route.kind === 'update' || route.kind === 'singletonPut' ? { 'if-match': ifMatch(1) } : {} });
        checks++;
        if (answer.status !== 403 || answer.body?.message !== MESSAGES.forbidden) failures.push(`${route.method} ${route.path}: ${answer.status} ${answer.raw}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses SystemOwner-only resources to everyone else, even with a policy that grants them', async () => {
    const user = await createUser(env, { accessLevel: 'Admin' });
    const policyId = randomUUID();
    const application = await env.db.selectFrom('applications').select('id').where('org_id', '=', DEMO_ORG_ID).where('is_default', '=', true).executeTakeFirstOrThrow();
    await env.db.insertInto('policies').values({ id: policyId, org_id: DEMO_ORG_ID, application_id: application.id, name: `Orgs ${policyId}`, description: null, created_at: new Date(), updated_at: new Date() }).execute();
    await env.db
      .insertInto('policy_permissions')
      .values({ id: randomUUID(), org_id: DEMO_ORG_ID, policy_id: policyId, kind: 'resource', name: 'organizations', scopes: ['create', 'read', 'update', 'delete', 'export'] })
      .execute();
    await env.db.insertInto('user_policies').values({ org_id: DEMO_ORG_ID, user_id: user.id, policy_id: policyId }).execute();
    const session = await loginSession(env, user.email, user.password);
    const failures: string[] = [];
    for (const { resource, route } of generated.filter(({ resource }) => resource.systemOwnerOnly)) {
      for (const who of [session, other]) {
        const answer = await call(env, route.method, url(resource, route, { id: OTHER_ORG_ID }), { session: who, body: bodyFor(route, resource, {}) });
        checks++;
        if (answer.status !== 403) failures.push(`${route.method} ${route.path}: ${answer.status} ${answer.raw}`);
      }
    }
    expect(failures).toEqual([]);
    const orgs = await call(env, 'GET', `${API_BASE}/organizations?perPage=100`, { session: admin });
    expect(orgs.body.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([DEMO_ORG_ID, OTHER_ORG_ID]));
  });

  it('applies the client\'s permission rule: an entry named in another case style grants, and an owner deletes only with the delete scope', async () => {
    const user = await createUser(env, { accessLevel: 'User' });
    const policyId = randomUUID();
    const application = await env.db.selectFrom('applications').select('id').where('org_id', '=', DEMO_ORG_ID).where('is_default', '=', true).executeTakeFirstOrThrow();
    await env.db.insertInto('policies').values({ id: policyId, org_id: DEMO_ORG_ID, application_id: application.id, name: `Estilos ${policyId}`, description: null, created_at: new Date(), updated_at: new Date() }).execute();
    // `cost-centers` is how an admin may write the `costCenters` permission; `orders`: create only (a requester).
    await env.db.insertInto('policy_permissions').values({ id: randomUUID(), org_id: DEMO_ORG_ID, policy_id: policyId, kind: 'resource', name: 'cost-centers', scopes: ['read'] }).execute();
    await env.db.insertInto('policy_permissions').values({ id: randomUUID(), org_id: DEMO_ORG_ID, policy_id: policyId, kind: 'resource', name: 'orders', scopes: ['create'] }).execute();
    await env.db.insertInto('user_policies').values({ org_id: DEMO_ORG_ID, user_id: user.id, policy_id: policyId }).execute();
    const session = await loginSession(env, user.email, user.password);
    const centres = await call(env, 'GET', '/api/finance/cost-centers?perPage=5', { session });
    expect(centres.status, centres.raw).toBe(200);
    const draft = await call(env, 'POST', '/v1/supply/orders', { session, body: { title: 'Rascunho próprio', costCenterId: centres.body[0].id, departmentId: null, neededBy: null, justification: null, lines: [{ productId: null, description: 'Caneta', quantity: 1, unit: 'UN', unitPrice: 100, neededBy: null }] } });
    expect(draft.status, draft.raw).toBe(201);
    // The client offers no "Excluir" without the delete scope: the server refuses it too, and the draft stays.
    expect((await call(env, 'DELETE', `/v1/supply/orders/${draft.body.id}`, { session })).status).toBe(403);
    expect((await call(env, 'GET', `/v1/supply/orders/${draft.body.id}`, { session })).status).toBe(200);
  });

  it('answers a record of another tenant exactly like a missing one (404) and leaves it unchanged', async () => {
    const failures: string[] = [];
    const before = await env.db.selectFrom('audit_log').select(sql<string>`count(*)`.as('n')).where('org_id', '=', OTHER_ORG_ID).executeTakeFirstOrThrow();
    for (const { resource, route } of generated) {
      if (!route.path.includes('{id}') && route.kind !== 'bulk') continue;
      const target = foreign[resource.name];
      if (!target) continue;
      const headers: Record<string, string> = route.kind === 'update' || route.kind === 'delete' || route.kind === 'transition' ? { 'if-match': ifMatch(target.version) } : {};
      if (route.kind === 'bulk') {
        const answer = await call(env, 'POST', url(resource, route), { session: admin, body: { ids: [target.id] } });
        checks++;
        if (answer.status !== 200 || answer.body.done.length !== 0 || answer.body.failed[0]?.message !== MESSAGES.notFound) failures.push(`bulk ${route.path}: ${answer.status} ${answer.raw}`);
        continue;
      }
      const missing = await call(env, route.method, url(resource, route), { session: admin, headers, body: bodyFor(route, resource, demoRefs[resource.name]) });
      const foreignAnswer = await call(env, route.method, url(resource, route, { id: target.id }), { session: admin, headers, body: bodyFor(route, resource, demoRefs[resource.name]) });
      checks++;
      const same = (a: Answer, b: Answer) => a.status === b.status && a.raw === b.raw && Object.keys(a.headers).sort().join() === Object.keys(b.headers).sort().join();
      if (foreignAnswer.status !== 404 || !same(missing, foreignAnswer)) failures.push(`${route.method} ${route.path}: ${foreignAnswer.status} ${foreignAnswer.raw} vs ${missing.status} ${missing.raw}`);
    }
    expect(failures).toEqual([]);
    // Nothing changed on the other side: versions and audit trail as they were.
    for (const [name, target] of Object.entries(foreign)) {
      const row = await sql<{ version: number }>`SELECT version FROM ${sql.table(tableOf(SERVED.find((r) => r.name === name)!))} WHERE id = ${target.id}`.execute(env.db);
      expect(row.rows[0]?.version, name).toBe(target.version);
    }
    const after = await env.db.selectFrom('audit_log').select(sql<string>`count(*)`.as('n')).where('org_id', '=', OTHER_ORG_ID).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 404 on every route under a parent of another tenant', async () => {
    const failures: string[] = [];
    for (const { resource, route } of generated.filter(({ resource }) => resource.parent)) {
      const param = resource.parent!.param;
      const foreignParent = foreign[resource.parent!.resource].id;
      const options = { session: admin, headers: { 'if-match': ifMatch(1) }, body: bodyFor(route, resource, demoRefs[resource.name]) };
      const missing = await call(env, route.method, url(resource, route, { [param]: randomUUID() }), options);
      const answer = await call(env, route.method, url(resource, route, { [param]: foreignParent }), options);
      checks++;
      if (answer.status !== 404 || answer.raw !== missing.raw) failures.push(`${route.method} ${route.path}: ${answer.status} ${answer.raw}`);
      const column = storageOf(resource)!.parent!.column;
      expect(await tableCount(env, tableOf(resource), DEMO_ORG_ID, sql`AND ${sql.ref(column)} = ${foreignParent}`)).toBe(0);
    }
    expect(failures).toEqual([]);
  });

  it('shows zero foreign rows in every list, total and export', async () => {
    for (const resource of SERVED) {
      if (resource.kind === 'singleton' || resource.systemOwnerOnly) continue;
      const base = apiPath(resource, demoParams[resource.name]);
      const ids: string[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const answer = await call(env, 'GET', `${base}?perPage=100&page=${page}`, { session: admin });
        expect(answer.status).toBe(200);
        total = Number(answer.headers['x-total-count']);
        ids.push(...answer.body.map((r: { id: string }) => r.id));
        if (page * 100 >= total) break;
      }
      checks++;
      expect(ids, resource.name).not.toContain(foreign[resource.name].id);
      let parent = sql``;
      if (resource.parent) {
        const value = demoParams[resource.name][resource.parent.param];
        const id = value === 'current' ? sql`(SELECT id FROM applications WHERE org_id = ${DEMO_ORG_ID} AND is_default)` : sql`${value}`;
        parent = sql`AND ${sql.ref(storageOf(resource)!.parent!.column)} = ${id}`;
      }
      // A view (customers, suppliers) counts only the rows with its flag.
      for (const [column, value] of Object.entries(storageOf(resource)!.filter ?? {})) parent = sql`${parent} AND ${sql.ref(column)} = ${value}`;
      expect(total, `${resource.name} X-Total-Count`).toBe(await tableCount(env, tableOf(resource), DEMO_ORG_ID, parent));
      expect(ids).toHaveLength(total);
      // The other tenant's title searched for directly: nothing.
      const searched = await call(env, 'GET', `${base}?q=${encodeURIComponent(foreign[resource.name].title)}`, { session: admin });
      // A numbered title (ordem de compra nº 1) repeats in every organisation by design: the other's record is looked for by id.
      const numbered = resource.fields[resource.titleField]?.type === 'integer';
      if (numbered) {
        expect(searched.body.map((r: { id: string }) => r.id), resource.name).not.toContain(foreign[resource.name].id);
      } else {
        expect(searched.body, resource.name).toEqual([]);
        expect(searched.headers['x-total-count']).toBe('0');
      }
      const csv = await download(env, admin, `${base}/export.csv`);
      expect(csv.status).toBe(200);
      const rows = parseCsv(csv.body.toString('utf8'));
      expect(rows.length - 1, `${resource.name} CSV rows`).toBe(total);
      if (!numbered) expect(csv.body.toString('utf8')).not.toContain(foreign[resource.name].title);
      const xlsx = await download(env, admin, `${base}/export.xlsx`);
      expect(xlsx.status).toBe(200);
      const sheet = xlsxRows(xlsx.body);
      expect(sheet.length - 1, `${resource.name} XLSX rows`).toBe(total);
      if (!numbered) expect(sheet.flat().join('\n')).not.toContain(foreign[resource.name].title);
      checks += 3;
    }
  });

  it('covers the whole matrix', () => {
    // anonymous + PreAuthorization + 403 (two bodies) per generated route, hand-written routes,
    // SystemOwner-only, cross-tenant and nested-parent routes, lists/totals/exports.
    expect(checks).toBeGreaterThanOrEqual(generated.length * 4);
  });
});
