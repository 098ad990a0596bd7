/** SECURITY.md — Sessions (refresh families, logout, token types, tampering, XSRF). */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { REFRESH_GRACE_MS } from '../../server/identity/policy.js';
import { sql } from 'kysely';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, createUser, databaseKinds, jwtPayload, login, loginSession, preAuthorize, userInGroups, useTestEnv, xsrfOf, type Session, type TestEnv } from './fixture.js';

const UNAUTHENTICATED = { message: MESSAGES.unauthenticated };
const HOUR = 3600_000;

function refresh(env: TestEnv, refreshToken: string) {
  return call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: refreshToken } });
}

async function me(env: TestEnv, session: Session | string) {
  return call(env, 'GET', 'users/me', typeof session === 'string' ? { token: session } : { session });
}

describe.each(databaseKinds())('sessions [%s]', (kind) => {
  const env = useTestEnv(kind);
  const issued: string[] = [];
  const remember = (...tokens: (string | undefined)[]) => issued.push(...(tokens.filter(Boolean) as string[]));

  it('rotates the refresh token and keeps the session id', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const rotated = await refresh(env, session.refreshToken!);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      accessToken: expect.any(String),
      tokenType: 'Authorization',
      refreshToken: expect.any(String),
      refreshTokenExpireAt: expect.any(String),
      sessionExpireAt: expect.any(String),
      idleTimeoutSeconds: 30 * 60,
    });
    expect(rotated.body.refreshToken).not.toBe(session.refreshToken);
    expect(jwtPayload(rotated.body.accessToken).sid).toBe(jwtPayload(session.accessToken).sid);
    remember(session.accessToken, session.refreshToken, rotated.body.accessToken, rotated.body.refreshToken);
    const stored = await env.db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', jwtPayload(session.accessToken).sid).execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([session.refreshToken, rotated.body.refreshToken]).not.toContain(row.token_hash);
    }
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const rotated = await refresh(env, session.refreshToken!);
    expect(rotated.status).toBe(200);
    remember(session.refreshToken, rotated.body.refreshToken, rotated.body.accessToken);

    env.clock.advance(REFRESH_GRACE_MS); // the reuse interval is over
    const reuse = await refresh(env, session.refreshToken!);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(UNAUTHENTICATED);
    // The newest refresh token and every access token of the family are dead too.
    const afterReuse = await refresh(env, rotated.body.refreshToken);
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.body).toEqual(UNAUTHENTICATED);
    expect((await me(env, rotated.body.accessToken)).status).toBe(401);
    expect((await me(env, session.accessToken)).status).toBe(401);
    const row = await env.db.selectFrom('sessions').selectAll().where('id', '=', jwtPayload(session.accessToken).sid).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect(row.revoked_reason).toBe('refresh-token-reuse');
    const audit = await env.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).where('action', '=', 'auth.refresh.reuse-detected').execute();
    expect(audit).toHaveLength(1);
  });

  it('answers the same new pair to a token spent less than the grace window ago (two tabs), sealed at rest', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password, { rememberMe: true });
    const sid = jwtPayload(session.accessToken).sid;
    const rotated = await refresh(env, session.refreshToken!);
    expect(rotated.status).toBe(200);
    remember(rotated.body.accessToken, rotated.body.refreshToken);
    env.clock.advance(REFRESH_GRACE_MS - 1000);
    const again = await refresh(env, session.refreshToken!);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(rotated.body);
    // Nothing new was issued and nothing was revoked; the new token rotates as usual.
    expect(await env.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', sid).execute()).toHaveLength(2);
    expect((await env.db.selectFrom('sessions').select('revoked_at').where('id', '=', sid).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    expect((await me(env, again.body.accessToken)).status).toBe(200);
    // The sealed answer holds neither token in clear.
    const spent = await env.db.selectFrom('refresh_tokens').selectAll().where('session_id', '=', sid).where('used_at', 'is not', null).executeTakeFirstOrThrow();
    expect(spent.successor_enc).toMatch(/^v1\./);
    for (const token of [rotated.body.refreshToken, rotated.body.accessToken, session.refreshToken!]) expect(spent.successor_enc).not.toContain(token);
    const next = await refresh(env, rotated.body.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).not.toBe(rotated.body.refreshToken);
  });

  it('gives every one of several parallel rotations of one token the same new pair, and keeps the family', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password, { rememberMe: true });
    const sid = jwtPayload(session.accessToken).sid;
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(env, session.refreshToken!)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    expect(await env.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', sid).execute()).toHaveLength(2);
    expect((await env.db.selectFrom('sessions').select('revoked_at').where('id', '=', sid).executeTakeFirstOrThrow()).revoked_at).toBeNull();
    expect((await me(env, answers[0].body.accessToken)).status).toBe(200);
    expect((await refresh(env, answers[0].body.refreshToken)).status).toBe(200);
  });

  it('answers a late tab with the newest pair when the family rotated again inside the window', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password, { rememberMe: true });
    const second = await refresh(env, session.refreshToken!);
    env.clock.advance(5000);
    const third = await refresh(env, second.body.refreshToken);
    expect(third.status).toBe(200);
    env.clock.advance(5000);
    const late = await refresh(env, session.refreshToken!);
    expect(late.status).toBe(200);
    expect(late.body).toEqual(third.body);
    expect((await refresh(env, third.body.refreshToken)).status).toBe(200);
  });

  it('refuses a spent token inside the window once the family was revoked (logout)', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password, { rememberMe: true });
    const rotated = await refresh(env, session.refreshToken!);
    expect((await call(env, 'POST', 'auth/logout', { session: { ...session, accessToken: rotated.body.accessToken } })).status).toBe(204);
    const replay = await refresh(env, session.refreshToken!);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(UNAUTHENTICATED);
  });

  it('never extends the absolute lifetime by rotation (12 h without rememberMe)', async () => {
    const user = await createUser(env);
    const start = env.clock.now().getTime();
    let session = await loginSession(env, user.email, user.password);
    let refreshToken = session.refreshToken!;
    for (let i = 0; i < 26; i++) {
      env.clock.advance(0.45 * HOUR); // inside the organisation's 30 min idle time-out each time
      const rotated = await refresh(env, refreshToken);
      expect(rotated.status, `rotation ${i}`).toBe(200);
      expect(new Date(rotated.body.refreshTokenExpireAt).getTime()).toBeLessThanOrEqual(start + 12 * HOUR);
      expect(new Date(rotated.body.sessionExpireAt).getTime()).toBe(start + 12 * HOUR);
      expect(jwtPayload(rotated.body.accessToken).exp * 1000).toBeLessThanOrEqual(start + 12 * HOUR);
      refreshToken = rotated.body.refreshToken;
    }
    // 11.7 h now; the last token says it ends at the absolute limit.
    env.clock.advance(0.3 * HOUR + 1000);
    const expired = await refresh(env, refreshToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHENTICATED);
    session = { ...session, refreshToken };
    remember(refreshToken);
  });

  it("expires an idle family (the organisation's 30 min without rememberMe, 7 days with it) and allows 30 days with rememberMe", async () => {
    const user = await createUser(env);
    const short = await loginSession(env, user.email, user.password);
    const long = await loginSession(env, user.email, user.password, { rememberMe: true });
    const longRow = await env.db.selectFrom('sessions').selectAll().where('id', '=', jwtPayload(long.accessToken).sid).executeTakeFirstOrThrow();
    expect(longRow.absolute_expires_at.getTime() - longRow.created_at.getTime()).toBe(30 * 24 * HOUR);
    env.clock.advance(30 * 60_000 + 1000);
    expect((await refresh(env, short.refreshToken!)).status).toBe(401);
    const rotated = await refresh(env, long.refreshToken!);
    expect(rotated.status).toBe(200);
    env.clock.advance(7 * 24 * HOUR + 1000);
    expect((await refresh(env, rotated.body.refreshToken)).status).toBe(401);
  });

  it('logout kills the access token at once and the refresh token', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    remember(session.accessToken, session.refreshToken);
    expect((await me(env, session)).status).toBe(200);
    const out = await call(env, 'POST', 'auth/logout', { session });
    expect(out.status).toBe(204);
    expect(out.raw).toBe('');
    const after = await me(env, session);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHENTICATED);
    expect(after.headers['www-authenticate']).toBe('Bearer');
    const refreshed = await refresh(env, session.refreshToken!);
    expect(refreshed.status).toBe(401);
    const row = await env.db.selectFrom('sessions').selectAll().where('id', '=', jwtPayload(session.accessToken).sid).executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('logout');
    const audit = await env.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).where('action', '=', 'auth.logout').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a session no longer valid on a registry list with the same 401 and no rows: logged out, past its lifetime, user or organisation deactivated', async () => {
    const users = async (session: Session) => call(env, 'GET', '/v1/identity/users?perPage=5', { session });
    const refused = async (session: Session) => {
      const answer = await users(session);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHENTICATED);
      expect(answer.headers['x-total-count']).toBeUndefined();
    };
    // users: read through the group Financeiro.
    const open = async () => {
      const { user, session } = await userInGroups(env, ['Financeiro']);
      remember(session.accessToken, session.refreshToken);
      const answer = await users(session);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
      return { user, session };
    };

    const loggedOut = await open();
    expect((await call(env, 'POST', 'auth/logout', { session: loggedOut.session })).status).toBe(204);
    await refused(loggedOut.session);

    const expired = await open();
    await sql`UPDATE sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = ${jwtPayload(expired.session.accessToken).sid}`.execute(env.db);
    await refused(expired.session);

    const deactivated = await open();
    await env.db.updateTable('users').set({ is_active: false }).where('id', '=', deactivated.user.id).execute();
    await refused(deactivated.session);

    const ofClosedOrg = await open();
    await env.db.updateTable('organizations').set({ is_active: false }).where('id', '=', DEMO_ORG_ID).execute();
    try {
      await refused(ofClosedOrg.session);
    } finally {
      await env.db.updateTable('organizations').set({ is_active: true }).where('id', '=', DEMO_ORG_ID).execute();
    }
    expect((await users(ofClosedOrg.session)).status).toBe(200);
  });

  it('a password change revokes the other sessions, not the current one', async () => {
    const user = await createUser(env);
    const current = await loginSession(env, user.email, user.password);
    const other = await loginSession(env, user.email, user.password);
    const answer = await call(env, 'PUT', 'users/me/password', { session: current, body: { currentSecret: user.password, newSecret: 'Uma-senha-nova-e-longa' } });
    expect(answer.status).toBe(204);
    expect((await me(env, current)).status).toBe(200);
    expect((await me(env, other)).status).toBe(401);
    expect((await refresh(env, other.refreshToken!)).status).toBe(401);
    expect((await refresh(env, current.refreshToken!)).status).toBe(200);
    expect((await login(env, user.email, user.password)).status).toBe(401);
    expect((await login(env, user.email, 'Uma-senha-nova-e-longa')).status).toBe(200);
  });

  it('refuses each token type outside its place', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const verified = await call(env, 'POST', 'users/me/two-factors/send-code', { session, body: { method: 'Email' } });
    expect(verified.status).toBe(202);
    const mail = await env.smtp.next(user.email, 0);
    const code = /é: (\d{6})/.exec(mail.text)![1];
    const verification = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'Email', verificationCode: code } });
    expect(verification.status).toBe(200);
    const verificationToken = verification.body.verificationToken as string;
    remember(session.accessToken, session.refreshToken, verificationToken);

    // refresh and verification tokens as bearer
    for (const token of [session.refreshToken!, verificationToken]) {
      const answer = await call(env, 'GET', 'users/me', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHENTICATED);
      const mutating = await call(env, 'PUT', 'users/me', { token, xsrf: xsrfOf(env, session.accessToken), body: { name: 'Nome Trocado' } });
      expect(mutating.status).toBe(401);
    }
    // access token where a PreAuthorization token belongs
    const asPre = await call(env, 'POST', 'auth/two-factors/verify', { session, body: { method: 'Email', verificationCode: '123456' } });
    expect(asPre.status).toBe(401);
    expect(asPre.body).toEqual(UNAUTHENTICATED);
    expect((await call(env, 'GET', 'auth/two-factors/setup', { session })).status).toBe(401);
    // access and verification tokens as refresh tokens
    expect((await refresh(env, session.accessToken)).status).toBe(401);
    expect((await refresh(env, verificationToken)).status).toBe(401);
    // access token as verification token
    const mandatory = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, mandatory);
    expect((await call(env, 'GET', 'users/me', { session: pre })).status).toBe(401);
    // a PreAuthorization token as a refresh token
    expect((await refresh(env, pre.accessToken)).status).toBe(401);
    expect((await call(env, 'GET', 'users/me', { session })).body.name).not.toBe('Nome Trocado');
  });

  it('refuses tampered, alg:none, foreign-key and expired tokens', async () => {
    const user = await createUser(env);
    const victim = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const [header, payload, signature] = session.accessToken.split('.');
    const claims = jwtPayload(session.accessToken);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    const tampered = `${header}.${encode({ ...claims, sub: victim.id })}.${signature}`;
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    const noneUpper = `${encode({ alg: 'NONE', typ: 'JWT' })}.${encode(claims)}.`;
    const foreign = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('outra-chave-qualquer-de-32-bytes!!'));
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(env.app.appContext.keys.jwt);
    for (const token of [tampered, flipped, none, noneUpper, foreign, hs512, 'abc', `${session.accessToken}x`]) {
      const answer = await call(env, 'GET', 'users/me', { token });
      expect(answer.status, token).toBe(401);
      expect(answer.body).toEqual(UNAUTHENTICATED);
      expect(answer.raw).not.toContain(token);
    }
    expect((await me(env, session)).status).toBe(200);
    env.clock.advance(15 * 60_000 + 1000);
    const expired = await me(env, session);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(UNAUTHENTICATED);
  });

  it('requires the session-bound XSRF header on mutating calls (403, nothing changes); GET needs none', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const other = await loginSession(env, user.email, user.password);
    expect(session.xsrf).toBe(xsrfOf(env, session.accessToken));
    expect(session.xsrf).not.toBe(other.xsrf);
    expect((await call(env, 'GET', 'users/me', { session, xsrf: false })).status).toBe(200);
    for (const xsrf of [false, other.xsrf, 'x'] as const) {
      const answer = await call(env, 'PUT', 'users/me', { session, xsrf, body: { name: 'Nome Forjado' } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'Verificação XSRF falhou.' });
    }
    const logout = await call(env, 'POST', 'auth/logout', { session, xsrf: false });
    expect(logout.status).toBe(403);
    const row = await env.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Nome Forjado');
    expect((await me(env, session)).status).toBe(200);
    const ok = await call(env, 'PUT', 'users/me', { session, body: { name: 'Nome Certo' } });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Nome Certo');
  });

  it('never puts tokens in logs, error bodies or URLs', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    remember(session.accessToken, session.refreshToken);
    // Error answers that receive a token never echo it.
    const bad = [
      await call(env, 'POST', 'auth', { body: { grantType: 'Bogus', secret: session.refreshToken } }),
      await call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: session.accessToken, extra: session.refreshToken } }),
      await call(env, 'PUT', 'users/me/security', { session, body: { isTwoFactorEnabled: 'sim', verificationToken: session.accessToken } }),
      await call(env, 'GET', 'users/me', { token: `${session.accessToken}.x` }),
    ];
    for (const answer of bad) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      for (const token of issued) expect(answer.raw).not.toContain(token);
    }
    // Query strings (the recovery page carries its token there) are not logged.
    await call(env, 'GET', '/auth/recuperar-senha?token=segredo-na-url-123456', { headers: { accept: 'text/html' } });
    const logs = env.logs.join('\n');
    expect(logs).toContain('/auth/recuperar-senha');
    expect(logs).not.toContain('segredo-na-url-123456');
    for (const token of issued) expect(logs).not.toContain(token);
    // The API takes no token from a URL.
    const inQuery = await call(env, 'GET', `users/me?access_token=${session.accessToken}`);
    expect(inQuery.status).toBe(401);
  });

  it('sends Cache-Control: no-store on authenticated JSON', async () => {
    const session = await loginSession(env, 'compras@demo.com.br');
    const answer = await me(env, session);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
