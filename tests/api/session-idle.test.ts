/**
 * Issue 27 §2 — a session that lives while people work: without "Lembrar de mim" a session ends
 * after the organisation's idle time-out (30 min unless the admin changes it), use (a rotation)
 * keeps it going past any number of access-token lifetimes, its access token never outlives it,
 * and the absolute lifetime is never extended.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, createUser, databaseKinds, jwtPayload, loginSession, type Session, type TestEnv, useTestEnv } from './fixture.js';
import { API_BASE, put } from './registry-support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const UNAUTHENTICATED = { message: MESSAGES.unauthenticated };

const refresh = (env: TestEnv, refreshToken: string) => call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: refreshToken } });
const me = (env: TestEnv, accessToken: string) => call(env, 'GET', 'users/me', { token: accessToken });
const at = (iso: string) => new Date(iso).getTime();

async function setIdleMinutes(env: TestEnv, admin: Session, minutes: number | null) {
  const current = await call(env, 'GET', `${API_BASE}/settings`, { session: admin });
  const { name, tradeName, cnpj, twoFactorMandatory, twoFactorAllowedMethods, version } = current.body;
  return put(env, admin, `${API_BASE}/settings`, { name, tradeName, cnpj, twoFactorMandatory, twoFactorAllowedMethods, sessionIdleMinutes: minutes }, version);
}

describe.each(databaseKinds())('session idle time-out [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('ends an unused session after the organisation’s 30 minutes, its access token never outliving it', async () => {
    const user = await createUser(env);
    const start = env.clock.now().getTime();
    const session = await loginSession(env, user.email, user.password);
    const answer = await call(env, 'POST', 'auth', { body: { login: user.email, secret: user.password, grantType: 'Password' } });
    expect(answer.status).toBe(200);
    expect(answer.body.idleTimeoutSeconds).toBe(30 * 60);
    expect(at(answer.body.refreshTokenExpireAt)).toBe(start + 30 * MINUTE);
    expect(at(answer.body.sessionExpireAt)).toBe(start + 12 * HOUR);
    expect(jwtPayload(answer.body.accessToken).exp * 1000).toBeLessThanOrEqual(at(answer.body.refreshTokenExpireAt));

    env.clock.advance(29 * MINUTE);
    // The access token (15 min) is gone, the session is not: a rotation brings a new one.
    expect((await me(env, session.accessToken)).status).toBe(401);
    const kept = await refresh(env, answer.body.refreshToken);
    expect(kept.status).toBe(200);
    expect((await me(env, kept.body.accessToken)).status).toBe(200);

    // The other session, unused for 30 minutes, is over: refresh and access alike.
    env.clock.advance(MINUTE + 1000);
    const ended = await refresh(env, session.refreshToken!);
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual(UNAUTHENTICATED);
  });

  it('lives on while in use: rotations every 20 minutes keep it for hours, the absolute 12 h stays where it was', async () => {
    const user = await createUser(env);
    const start = env.clock.now().getTime();
    const session = await loginSession(env, user.email, user.password);
    let refreshToken = session.refreshToken!;
    let accessToken = session.accessToken;
    for (let i = 0; i < 12; i++) {
      env.clock.advance(20 * MINUTE);
      const rotated = await refresh(env, refreshToken);
      expect(rotated.status, `rotation ${i}`).toBe(200);
      const now = env.clock.now().getTime();
      expect(at(rotated.body.refreshTokenExpireAt)).toBe(now + 30 * MINUTE);
      expect(at(rotated.body.sessionExpireAt)).toBe(start + 12 * HOUR);
      expect((await me(env, rotated.body.accessToken)).status).toBe(200);
      refreshToken = rotated.body.refreshToken;
      accessToken = rotated.body.accessToken;
    }
    // Four hours in, the first access token is long dead; the last one works.
    expect((await me(env, session.accessToken)).status).toBe(401);
    expect((await me(env, accessToken)).status).toBe(200);
    // Then a pause longer than the idle time-out ends it.
    env.clock.advance(31 * MINUTE);
    expect((await refresh(env, refreshToken)).status).toBe(401);
    expect((await me(env, accessToken)).status).toBe(401);
  });

  it('keeps "Lembrar de mim" sessions on their own 7 days, whatever the organisation’s idle time-out', async () => {
    const user = await createUser(env);
    const start = env.clock.now().getTime();
    const remembered = await call(env, 'POST', 'auth', { body: { login: user.email, secret: user.password, grantType: 'Password', rememberMe: true } });
    expect(remembered.status).toBe(200);
    expect(remembered.body.idleTimeoutSeconds).toBe(7 * 24 * 3600);
    expect(at(remembered.body.refreshTokenExpireAt)).toBe(start + 7 * 24 * HOUR);
    env.clock.advance(2 * HOUR);
    expect((await refresh(env, remembered.body.refreshToken)).status).toBe(200);
  });

  it('takes the admin’s idle time-out (5 to 720 minutes) from the next rotation; out of range is a 400 that changes nothing', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const before = await call(env, 'GET', `${API_BASE}/settings`, { session: admin });
    expect(before.body.sessionIdleMinutes).toBe(30);
    try {
      for (const [minutes, message] of [
        [4, 'Informe ao menos 5 minutos.'],
        [721, 'Informe no máximo 720 minutos (12 horas).'],
        [7.5, 'Informe um número inteiro de minutos.'],
      ] as const) {
        const refused = await setIdleMinutes(env, admin, minutes);
        expect(refused.status, String(minutes)).toBe(400);
        expect(refused.body.errors).toEqual({ sessionIdleMinutes: [message] });
      }
      const row = await env.db.selectFrom('org_settings').select(['session_idle_minutes', 'version']).where('org_id', '=', DEMO_ORG_ID).executeTakeFirstOrThrow();
      expect(row).toEqual({ session_idle_minutes: 30, version: before.body.version });

      const saved = await setIdleMinutes(env, admin, 10);
      expect(saved.status, saved.raw).toBe(200);
      expect(saved.body.sessionIdleMinutes).toBe(10);
      // A client that does not send the field keeps the setting.
      const { name, tradeName, cnpj, twoFactorMandatory, twoFactorAllowedMethods, version } = saved.body;
      const without = await put(env, admin, `${API_BASE}/settings`, { name, tradeName, cnpj, twoFactorMandatory, twoFactorAllowedMethods }, version);
      expect(without.status, without.raw).toBe(200);
      expect(without.body.sessionIdleMinutes).toBe(10);

      // The running session rotates into the new time-out; its access token lives no longer.
      const rotated = await refresh(env, session.refreshToken!);
      expect(rotated.status).toBe(200);
      const now = env.clock.now().getTime();
      expect(rotated.body.idleTimeoutSeconds).toBe(600);
      expect(at(rotated.body.refreshTokenExpireAt)).toBe(now + 10 * MINUTE);
      const accessEnd = jwtPayload(rotated.body.accessToken).exp * 1000;
      expect(accessEnd).toBeLessThanOrEqual(now + 10 * MINUTE);
      expect(accessEnd).toBeGreaterThan(now + 10 * MINUTE - 1000);
      env.clock.advance(10 * MINUTE + 1000);
      expect((await me(env, rotated.body.accessToken)).status).toBe(401);
      expect((await refresh(env, rotated.body.refreshToken)).status).toBe(401);
    } finally {
      await env.db.updateTable('org_settings').set({ session_idle_minutes: 30 }).where('org_id', '=', DEMO_ORG_ID).execute();
    }
  });
});
