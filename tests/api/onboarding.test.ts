/**
 * GET /v1/identity/onboarding (issue 28): the first-run checklist's state — a new organisation
 * (npm run setup's) starts with nothing done, each step turns done with its first record, only
 * the organisation's own records count, and only who may read the settings may ask.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpFirstAdministrator } from '../../server/setup/first-admin.js';
import { bindTotp, call, databaseKinds, loginSession, PUBLIC_URL, useTestEnv } from './fixture.js';

const ONBOARDING = '/v1/identity/onboarding';
const KEYS = ['companyData', 'bankAccounts', 'chartOfAccounts', 'costCenters', 'suppliers', 'customers', 'products', 'users', 'approvalQueues'];

describe.each(databaseKinds())('the onboarding checklist [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('starts with nothing done for a new organisation; a step is done with its first own record; the settings scope is required', async () => {
    const email = 'primeiros.passos@nova.test';
    const password = 'Senha-dos-primeiros-passos-1';
    const created = await setUpFirstAdministrator(
      env.db,
      { organisation: { cnpj: '07526557000100', name: 'Nova Organização Ltda', tradeName: null }, admin: { name: 'Paula Primeira', email } },
      { now: env.clock.now(), publicUrl: PUBLIC_URL, hasher: env.hasher },
    );
    if (created.outcome !== 'created') throw new Error(created.outcome);
    const token = decodeURIComponent(new URL(created.invitation.link).searchParams.get('token')!);
    expect((await call(env, 'POST', 'auth/password-recovery/reset', { body: { token, newSecret: password } })).status).toBe(204);
    const { session } = await bindTotp(env, { id: created.userId, email, password, orgId: created.orgId });

    const first = await call(env, 'GET', ONBOARDING, { session });
    expect(first.status).toBe(200);
    expect(first.body.steps.map((step: { key: string }) => step.key)).toEqual(KEYS);
    expect(first.body.steps.every((step: { done: boolean; title: string }) => step.done === false && step.title.length > 0)).toBe(true);
    expect(first.body).toMatchObject({ done: 0, skipped: 0, total: KEYS.length });
    expect(first.body.steps[0]).toEqual({ key: 'companyData', title: 'Dados da empresa', resource: 'companies', done: false, skipped: false });

    await sql`INSERT INTO cost_centers (id, org_id, code, name) VALUES (${randomUUID()}, ${created.orgId}, '1', 'Administrativo')`.execute(env.db);
    await sql`INSERT INTO persons (id, org_id, document, kind, name, is_supplier) VALUES (${randomUUID()}, ${created.orgId}, '11222333000181', 'PJ', 'Fornecedor Um Ltda', true)`.execute(env.db);
    const after = await call(env, 'GET', ONBOARDING, { session });
    const done = Object.fromEntries(after.body.steps.map((step: { key: string; done: boolean }) => [step.key, step.done]));
    expect(done).toEqual({ ...Object.fromEntries(KEYS.map((key) => [key, false])), costCenters: true, suppliers: true });
    expect(after.body.done).toBe(2);

    // The demo organisation's records and users are not this organisation's; its own admin sees them.
    const demo = await call(env, 'GET', ONBOARDING, { session: await loginSession(env, 'admin@demo.com.br') });
    expect(demo.status).toBe(200);
    expect(demo.body.steps.find((step: { key: string }) => step.key === 'users').done).toBe(true);

    expect((await call(env, 'GET', ONBOARDING)).status).toBe(401);
    expect((await call(env, 'GET', ONBOARDING, { session: await loginSession(env, 'compras@demo.com.br') })).status).toBe(403);
  }, 60_000);
});
