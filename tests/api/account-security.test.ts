/** SECURITY.md — Account security (verification tokens for password and two-factor changes). */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { alignToStep, bindTotp, call, createUser, type Answer, databaseKinds, jwtPayload, login, loginSession, sessionFrom, totpCode, useTestEnv, userRow, type Session, type TestEnv, type TestUser } from './fixture.js';

const VERIFICATION_REQUIRED = { message: MESSAGES.verificationRequired };
const NEW_SECRET = 'Outra-senha-bem-longa-9';

interface Bound {
  user: TestUser;
  key: string;
  session: Session;
  verificationToken: string;
}

async function boundUser(env: TestEnv): Promise<Bound> {
  const user = await createUser(env, { mandatory: true });
  const { key, session, answer } = await bindTotp(env, user);
  return { user, key, session, verificationToken: answer.body.twoFactor.verificationToken.verificationToken };
}

async function snapshot(env: TestEnv, userId: string) {
  return {
    user: await userRow(env, userId),
    sessions: await env.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  };
}

type Change = { name: string; run: (env: TestEnv, b: Bound, token: string | undefined) => ReturnType<typeof call> };
const CHANGES: Change[] = [
  {
    name: 'change password',
    run: (env, b, token) => call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: b.user.password, newSecret: NEW_SECRET, ...(token === undefined ? {} : { verificationToken: token }) } }),
  },
  {
    name: 'unbind two-factor',
    run: (env, b, token) => call(env, 'DELETE', 'users/me/two-factors/unbind', { session: b.session, body: { verificationToken: token ?? '' } }),
  },
  {
    name: 'toggle two-factor',
    run: (env, b, token) => call(env, 'PUT', 'users/me/security', { session: b.session, body: { isTwoFactorEnabled: true, ...(token === undefined ? {} : { verificationToken: token }) } }),
  },
];

describe.each(databaseKinds())('account security [%s]', (kind) => {
  const env = useTestEnv(kind);

  for (const change of CHANGES) {
    it(`${change.name}: without, with an expired and with another user's verification token → 403, nothing changes`, async () => {
      const b = await boundUser(env);
      const other = await boundUser(env);
      // A verification token of the same user, but of another session.
      alignToStep(env.clock);
      const secondPre = sessionFrom(await login(env, b.user.email, b.user.password));
      const second = await call(env, 'POST', 'auth/two-factors/verify', { session: secondPre, body: { method: 'TOTP', verificationCode: totpCode(b.key, env.clock.now()) } });
      expect(second.status).toBe(200);
      const otherSessionToken = second.body.twoFactor.verificationToken.verificationToken as string;
      const before = await snapshot(env, b.user.id);

      const without = await change.run(env, b, undefined);
      expect(without.status).toBe(403);
      expect(without.body).toEqual(VERIFICATION_REQUIRED);

      const foreign = await change.run(env, b, other.verificationToken);
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual(VERIFICATION_REQUIRED);

      const otherSession = await change.run(env, b, otherSessionToken);
      expect(otherSession.status).toBe(403);
      const accessAsVerification = await change.run(env, b, b.session.accessToken);
      expect(accessAsVerification.status).toBe(403);

      env.clock.advance(5 * 60_000 + 1000);
      const expired = await change.run(env, b, b.verificationToken);
      expect(expired.status).toBe(403);
      expect(expired.body).toEqual(VERIFICATION_REQUIRED);

      const after = await snapshot(env, b.user.id);
      expect(after).toEqual(before);
    });
  }

  it('changes password with a fresh verification token, audits it, and refuses a wrong current secret (400)', async () => {
    const b = await boundUser(env);
    const before = await snapshot(env, b.user.id);
    const wrong = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: 'nao-e-essa', newSecret: NEW_SECRET, verificationToken: b.verificationToken } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: MESSAGES.validation, errors: { currentSecret: ['A senha atual está incorreta.'] } });
    const common = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: b.user.password, newSecret: 'password123', verificationToken: b.verificationToken } });
    expect(common.status).toBe(400);
    expect(Object.keys(common.body.errors)).toEqual(['newSecret']);
    const short = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: b.user.password, newSecret: 'curta', verificationToken: b.verificationToken } });
    expect(short.status).toBe(400);
    expect(short.body.errors.newSecret).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
    // Nothing typed: said in pt-BR, as the field is named; the same password again is no change.
    const blank = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: '', newSecret: NEW_SECRET, verificationToken: b.verificationToken } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.currentSecret).toEqual(['Informe a senha atual.']);
    const same = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: b.user.password, newSecret: b.user.password, verificationToken: b.verificationToken } });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ newSecret: ['A nova senha deve ser diferente da atual.'] });
    expect(await snapshot(env, b.user.id)).toEqual(before);

    const ok = await call(env, 'PUT', 'users/me/password', { session: b.session, body: { currentSecret: b.user.password, newSecret: NEW_SECRET, verificationToken: b.verificationToken } });
    expect(ok.status).toBe(204);
    expect((await login(env, b.user.email, NEW_SECRET)).status).toBe(200);
    const audit = await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', b.user.id).where('action', '=', 'user.password.change').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(NEW_SECRET);
  });

  it('does not ask for a verification token when two-factor is off', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    expect((await call(env, 'PUT', 'users/me/password', { session, body: { currentSecret: user.password, newSecret: NEW_SECRET } })).status).toBe(204);
    const toggled = await call(env, 'PUT', 'users/me/security', { session, body: { isTwoFactorEnabled: true } });
    expect(toggled.status).toBe(200);
    expect(toggled.body.twoFactorsSettings).toEqual({ isMandatory: false, isEnabledByUser: true, allowedMethods: ['Email', 'TOTP'], boundMethods: [] });
    // Now two-factor is on: switching it off needs a verification token.
    const off = await call(env, 'PUT', 'users/me/security', { session, body: { isTwoFactorEnabled: false } });
    expect(off.status).toBe(403);
    expect((await userRow(env, user.id)).two_factor_enabled_by_user).toBe(true);
    // And the next login asks for the second step, with setup required.
    const next = await login(env, user.email, NEW_SECRET);
    expect(next.body).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true } });
  });

  it('unbinds with a verification token from users/me/two-factors/verify: setup required again', async () => {
    const b = await boundUser(env);
    alignToStep(env.clock);
    const verified = await call(env, 'POST', 'users/me/two-factors/verify', { session: b.session, body: { method: 'TOTP', verificationCode: totpCode(b.key, env.clock.now()) } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verificationToken: expect.any(String), verificationTokenExpireAt: expect.any(String), expireAt: expect.any(String) });
    const claims = jwtPayload(verified.body.verificationToken);
    expect(claims).toMatchObject({ typ: 'verification', sub: b.user.id, sid: jwtPayload(b.session.accessToken).sid });
    expect(claims.exp - claims.iat).toBe(300);

    const unbound = await call(env, 'DELETE', 'users/me/two-factors/unbind', { session: b.session, body: { verificationToken: verified.body.verificationToken } });
    expect(unbound.status).toBe(204);
    const row = await userRow(env, b.user.id);
    expect(row.totp_secret_enc).toBeNull();
    expect(row.email_2fa_confirmed).toBe(false);
    const me = await call(env, 'GET', 'users/me', { session: b.session });
    expect(me.body.twoFactorsSettings.boundMethods).toEqual([]);
    const next = await login(env, b.user.email, b.user.password);
    expect(next.body.twoFactor).toEqual({ isSetupRequired: true, allowedMethods: ['Email', 'TOTP'] });
    const actions = (await env.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', b.user.id).execute()).map((r) => r.action);
    expect(actions).toContain('user.2fa.verify');
    expect(actions).toContain('user.2fa.unbind');
  });

  it('toggles isEnabledByUser with a verification token and audits it', async () => {
    const b = await boundUser(env);
    const answer = await call(env, 'PUT', 'users/me/security', { session: b.session, body: { isTwoFactorEnabled: true, verificationToken: b.verificationToken } });
    expect(answer.status).toBe(200);
    expect(answer.body.twoFactorsSettings).toEqual({ isMandatory: true, isEnabledByUser: true, allowedMethods: ['Email', 'TOTP'], boundMethods: ['TOTP'] });
    const audit = await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', b.user.id).where('action', '=', 'user.2fa.toggle').executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ isEnabledByUser: false });
    expect(audit.after).toEqual({ isEnabledByUser: true });
  });

  it('account verification: wrong code 401, method not allowed 405, e-mail code works', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = sessionFromLogin(await login(env, user.email, user.password));
    await call(env, 'POST', 'auth/two-factors/send-code', { session: pre, body: { method: 'Email' } });
    const loginCode = /é: (\d{6})/.exec((await env.smtp.next(user.email, 0)).text)![1];
    const full = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: loginCode } });
    const session = sessionFromLogin(full);
    const totp = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'TOTP', verificationCode: '123456' } });
    expect(totp.status).toBe(405);
    const since = env.smtp.messages.length;
    expect((await call(env, 'POST', 'users/me/two-factors/send-code', { session, body: { method: 'Email' } })).status).toBe(202);
    const code = /é: (\d{6})/.exec((await env.smtp.next(user.email, since)).text)![1];
    // The login code is not an account code.
    const wrong = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'Email', verificationCode: loginCode === code ? '000000' : loginCode } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.invalidCode });
    const ok = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'Email', verificationCode: code } });
    expect(ok.status).toBe(200);
    expect(jwtPayload(ok.body.verificationToken).typ).toBe('verification');
  });

  it('GET users/me and effective permissions describe the seeded users', async () => {
    const session = await loginSession(env, 'compras@demo.com.br');
    const me = await call(env, 'GET', 'users/me', { session });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      email: 'compras@demo.com.br',
      name: 'Carla Compras',
      accessLevel: 'User',
      organization: { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Compras e Finanças Ltda' },
      twoFactorsSettings: { isMandatory: false, isEnabledByUser: false, allowedMethods: ['Email', 'TOTP'], boundMethods: [] },
    });
    const permissions = await call(env, 'GET', 'users/me/policies/effective-permissions', { session });
    expect(permissions.status).toBe(200);
    expect(permissions.body).toHaveLength(1);
    const resources = Object.fromEntries(permissions.body[0].resources.map((r: { name: string; scopes: string[] }) => [r.name, r.scopes]));
    expect(resources).toEqual({
      // The inbox in the menu: the buyer decides the pedidos' Compras stage.
      approvals: ['create', 'read'],
      categories: ['read'],
      costCenters: ['read'],
      departments: ['read'],
      // The faturamento's category goes to the lançamento a pagar it makes.
      expenseCategories: ['read'],
      invoices: ['create', 'read', 'update'],
      orders: ['create', 'read', 'update'],
      products: ['create', 'read', 'update'],
      purchaseOrders: ['create', 'read', 'update'],
      quotes: ['create', 'read', 'update'],
      receipts: ['create', 'read', 'update'],
      suppliers: ['create', 'read', 'update'],
    });
    expect(permissions.body[0].acls).toEqual([]);
    const requester = await call(env, 'GET', 'users/me/policies/effective-permissions', { session: await loginSession(env, 'solicitante@demo.com.br') });
    expect(requester.body[0].resources).toEqual([
      { name: 'categories', scopes: ['read'] },
      { name: 'costCenters', scopes: ['read'] },
      { name: 'departments', scopes: ['read'] },
      { name: 'orders', scopes: ['create'] },
      { name: 'products', scopes: ['read'] },
      { name: 'requesterQueue', scopes: ['create', 'read'] },
    ]);
    const updated = await call(env, 'PUT', 'users/me', { session, body: { name: '  Carla Compradora  ' } });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Carla Compradora');
    const audit = await env.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.profile.update').executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ name: 'Carla Compras' });
    expect(audit.after).toEqual({ name: 'Carla Compradora' });
  });
});

function sessionFromLogin(answer: Answer): Session {
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='))!;
  return { accessToken: answer.body.accessToken, refreshToken: answer.body.refreshToken, xsrf: cookie.slice(11).split(';')[0] };
}
