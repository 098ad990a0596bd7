/** SECURITY.md — Login. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { call, createUser, databaseKinds, DEMO_PASSWORD, jwtPayload, login, useTestEnv, userRow } from './fixture.js';

const INVALID = { message: MESSAGES.invalidLogin };

describe.each(databaseKinds())('login [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('logs admin@demo in with an Authorization token, a refresh token and the XSRF cookie', async () => {
    const answer = await login(env, 'admin@demo.com.br');
    expect(answer.status).toBe(200);
    expect(answer.body.tokenType).toBe('Authorization');
    expect(answer.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Without "Lembrar de mim": the organisation's idle time-out (30 min unless its admin changes it).
    expect(new Date(answer.body.refreshTokenExpireAt).getTime()).toBe(env.clock.now().getTime() + 30 * 60_000);
    expect(new Date(answer.body.sessionExpireAt).getTime()).toBe(env.clock.now().getTime() + 12 * 3600_000);
    expect(answer.body.idleTimeoutSeconds).toBe(30 * 60);
    const claims = jwtPayload(answer.body.accessToken);
    expect(claims).toMatchObject({ typ: 'access', org: '00000000-0000-4000-8000-000000000001' });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(typeof claims.sid).toBe('string');
    expect(typeof claims.jti).toBe('string');
    const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers the same 401 for unknown login, wrong secret, locked and disabled accounts', async () => {
    const disabled = await createUser(env, { active: false });
    const locked = await createUser(env);
    for (let i = 0; i < 5; i++) await login(env, locked.email, 'errada-errada');
    const lockedRow = await env.db.selectFrom('login_throttle').selectAll().where('login_key', '=', locked.email).executeTakeFirstOrThrow();
    expect(lockedRow.locked_until!.getTime()).toBeGreaterThan(env.clock.now().getTime());

    const answers = await Promise.all([
      login(env, 'ninguem@demo.com.br', DEMO_PASSWORD),
      login(env, 'compras@demo.com.br', 'senha-errada'),
      login(env, locked.email, locked.password),
      login(env, disabled.email, disabled.password),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // Every variant paid for one argon2 computation (no timing oracle).
    const sessions = await env.db.selectFrom('sessions').select('id').where('user_id', 'in', [disabled.id, locked.id]).execute();
    expect(sessions).toHaveLength(0);
  });

  it('makes unknown logins pay for a hash', async () => {
    const before = { ...env.hasher.calls };
    await login(env, 'ninguem-mais@demo.com.br', 'qualquer-coisa');
    expect(env.hasher.calls.dummy).toBe(before.dummy + 1);
  });

  it('counts failures across case and +alias variants of the login, then locks', async () => {
    const user = await createUser(env, { email: `Maria.Silva${Date.now()}@demo.com.br` });
    const [local, domain] = user.email.split('@');
    const variants = [user.email.toUpperCase(), `${local}+x@${domain}`, ` ${user.email.toLowerCase()} `, `${local.toLowerCase()}+abc@${domain.toUpperCase()}`, user.email];
    for (const variant of variants) {
      const answer = await login(env, variant, 'senha-errada');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID);
    }
    // Sixth try with the right secret: still refused, the account is locked.
    const refused = await login(env, user.email, user.password);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(INVALID);
    const row = await env.db.selectFrom('login_throttle').selectAll().where('login_key', '=', user.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(row.locked_until).not.toBeNull();
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('bounds a parallel burst: 5 password evaluations, the rest and the right secret meet the lock', async () => {
    const user = await createUser(env);
    const verifies = env.hasher.calls.verify;
    // Twelve wrong secrets at once, then the right one (issue 10, item 1).
    const burst = [...Array.from({ length: 12 }, () => login(env, user.email, 'senha-errada')), login(env, user.email, user.password)];
    const answers = await Promise.all(burst);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID);
    }
    expect(env.hasher.calls.verify - verifies).toBe(5);
    const failures = await env.db.selectFrom('audit_log').select('after').where('actor_user_id', '=', user.id).where('action', '=', 'auth.login.failed').execute();
    const reasons = failures.map((row) => (row.after as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'wrong-secret')).toHaveLength(5);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(8);
    const row = await env.db.selectFrom('login_throttle').selectAll().where('login_key', '=', user.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(row.locked_until!.getTime()).toBeGreaterThan(env.clock.now().getTime());
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('lets the lock expire after 15 minutes (injected clock)', async () => {
    const user = await createUser(env);
    for (let i = 0; i < 5; i++) await login(env, user.email, 'senha-errada');
    env.clock.advance(14 * 60_000);
    expect((await login(env, user.email, user.password)).status).toBe(401);
    env.clock.advance(60_000 + 1000);
    const answer = await login(env, user.email, user.password);
    expect(answer.status).toBe(200);
    expect(answer.body.tokenType).toBe('Authorization');
  });

  it('resets the counter after a success', async () => {
    const user = await createUser(env);
    for (let i = 0; i < 4; i++) expect((await login(env, user.email, 'senha-errada')).status).toBe(401);
    expect((await login(env, user.email, user.password)).status).toBe(200);
    expect(await env.db.selectFrom('login_throttle').selectAll().where('login_key', '=', user.email.toLowerCase()).executeTakeFirst()).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await login(env, user.email, 'senha-errada')).status).toBe(401);
    // 4 + 4 failures with a success between: not locked.
    expect((await login(env, user.email, user.password)).status).toBe(200);
  });

  it('refuses a 1 MB secret before hashing', async () => {
    const before = { ...env.hasher.calls };
    const answer = await login(env, 'admin@demo.com.br', 'a'.repeat(1024 * 1024));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.validation);
    expect(Object.keys(answer.body.errors)).toEqual(['secret']);
    expect(env.hasher.calls).toEqual(before);
    // 1024 characters but more than 1 KiB of UTF-8: refused too.
    const multiByte = await login(env, 'admin@demo.com.br', 'ç'.repeat(600));
    expect(multiByte.status).toBe(400);
    expect(multiByte.body.errors.secret).toHaveLength(1);
    expect(env.hasher.calls).toEqual(before);
    const stillUnlocked = await env.db.selectFrom('login_throttle').selectAll().where('login_key', '=', 'admin@demo.com.br').executeTakeFirst();
    expect(stillUnlocked).toBeUndefined();
  });

  it('rehashes a password stored with other argon2 parameters on login', async () => {
    const user = await createUser(env);
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash(user.password, { memoryCost: 8192, timeCost: 1, parallelism: 1, algorithm: 2 });
    await env.db.updateTable('users').set({ password_hash: weak }).where('id', '=', user.id).execute();
    expect((await login(env, user.email, user.password)).status).toBe(200);
    const row = await userRow(env, user.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('audits login success and failure without secrets', async () => {
    const user = await createUser(env);
    await login(env, user.email, 'Senha-Errada-Secreta');
    await login(env, user.email, user.password);
    const rows = await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).orderBy('seq').execute();
    expect(rows.map((r) => r.action)).toEqual(['auth.login.failed', 'auth.login']);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Senha-Errada-Secreta');
    expect(text).not.toContain(user.password);
  });

  it('answers a login without two-factor for the second organisation with its own tenant', async () => {
    const answer = await login(env, 'admin@outra.com.br');
    expect(answer.status).toBe(200);
    expect(jwtPayload(answer.body.accessToken).org).toBe('00000000-0000-4000-8000-000000000002');
    const me = await call(env, 'GET', 'users/me', { token: answer.body.accessToken });
    expect(me.body.organization).toEqual({ id: '00000000-0000-4000-8000-000000000002', name: 'Outra Organização Ltda' });
    expect(me.body.accessLevel).toBe('Admin');
  });
});
