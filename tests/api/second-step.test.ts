/** SECURITY.md — Second step (TOTP and e-mail codes, PreAuthorization tokens). */
import { describe, expect, it } from 'vitest';
import { decrypt } from '../../server/auth/crypto.js';
import { MESSAGES } from '../../server/errors.js';
import { verifyEmailCode } from '../../server/identity/second-factor.js';
import { codeFrom } from './mail.js';
import {
  alignToStep,
  bindTotp,
  call,
  createUser,
  databaseKinds,
  jwtPayload,
  login,
  preAuthorize,
  sessionFrom,
  totpCode,
  useTestEnv,
  userRow,
  type TestEnv,
  type TestUser,
} from './fixture.js';

const INVALID_CODE = { message: MESSAGES.invalidCode };
const UNAUTHENTICATED = { message: MESSAGES.unauthenticated };

async function sendLoginCode(env: TestEnv, session: { accessToken: string; xsrf: string }, email: string) {
  const since = env.smtp.messages.length;
  const answer = await call(env, 'POST', 'auth/two-factors/send-code', { session, body: { method: 'Email' } });
  expect(answer.status).toBe(202);
  expect(answer.body).toEqual({ message: 'Enviamos um código para o seu e-mail.' });
  return codeFrom(await env.smtp.next(email, since));
}

/** A six-digit code that is not `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Failures the per-user second-factor counter holds now (0 without a row). */
async function throttleFailures(env: TestEnv, userId: string): Promise<number> {
  const row = await env.db.selectFrom('second_factor_throttle').select('failures').where('user_id', '=', userId).executeTakeFirst();
  return row?.failures ?? 0;
}

async function failedAudits(env: TestEnv, userId: string, action: string): Promise<number> {
  const rows = await env.db.selectFrom('audit_log').select('id').where('actor_user_id', '=', userId).where('action', '=', action).execute();
  return rows.length;
}

describe.each(databaseKinds())('second step [%s]', (kind) => {
  const env = useTestEnv(kind, {
    beforeReady(app) {
      // A business route as the other API families declare them.
      app.get('/v1/test/orders', { onRequest: app.requireAccess, preHandler: app.requireScope('orders', 'read') }, async (request) => ({ org: request.auth!.orgId }));
      app.post('/v1/test/orders', { onRequest: app.requireAccess, preHandler: app.requireScope('orders', 'create') }, async () => ({ ok: true }));
    },
  });

  it('answers PreAuthorization (no refresh token) for mandatory two-factor, with setup required', async () => {
    const answer = await login(env, 'financeiro@demo.com.br');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      accessToken: expect.any(String),
      tokenType: 'PreAuthorization',
      twoFactor: { isSetupRequired: true, allowedMethods: ['Email', 'TOTP'] },
    });
    const claims = jwtPayload(answer.body.accessToken);
    expect(claims.typ).toBe('PreAuthorization');
    expect(claims.exp - claims.iat).toBe(600);
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', claims.sub).execute()).toHaveLength(0);
  });

  it('refuses a PreAuthorization token on every business route, and changes nothing', async () => {
    const pre = sessionFrom(await login(env, 'financeiro@demo.com.br'));
    const before = await env.db.selectFrom('users').selectAll().where('email', '=', 'financeiro@demo.com.br').executeTakeFirstOrThrow();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', 'users/me'],
      ['GET', 'users/me/policies/effective-permissions'],
      ['PUT', 'users/me', { name: 'Outro Nome' }],
      ['POST', 'users/me/two-factors/send-code', { method: 'Email' }],
      ['POST', 'users/me/two-factors/verify', { method: 'Email', verificationCode: '123456' }],
      ['DELETE', 'users/me/two-factors/unbind', { verificationToken: 'x' }],
      ['PUT', 'users/me/security', { isTwoFactorEnabled: false }],
      ['PUT', 'users/me/password', { currentSecret: 'Retaguarda#2025', newSecret: 'Nova-senha-longa-1' }],
      ['GET', '/v1/test/orders'],
      ['POST', '/v1/test/orders', {}],
    ];
    for (const [method, url, body] of routes) {
      const answer = await call(env, method, url, { session: pre, body });
      expect(answer.status, `${method} ${url}`).toBe(401);
      expect(answer.body, `${method} ${url}`).toEqual(UNAUTHENTICATED);
    }
    const after = await env.db.selectFrom('users').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(env.smtp.to('financeiro@demo.com.br')).toHaveLength(0);
  });

  it('binds TOTP through setup: 160-bit key, otpauth URL, QR code, encrypted at rest', async () => {
    const user = await createUser(env, { mandatory: true });
    const pre = await preAuthorize(env, user);
    const setup = await call(env, 'GET', 'auth/two-factors/setup', { session: pre });
    expect(setup.status).toBe(200);
    expect(setup.body.totpKey).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Retaguarda');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(url.searchParams.get('secret')).toBe(setup.body.totpKey);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    const pending = await userRow(env, user.id);
    expect(pending.totp_pending_enc).toMatch(/^v1\./);
    expect(pending.totp_pending_enc).not.toContain(setup.body.totpKey);
    expect(pending.totp_secret_enc).toBeNull();

    // A different key than the one handed out: 400 on totpKey, nothing bound.
    alignToStep(env.clock);
    const otherKey = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const wrongKey = await call(env, 'POST', 'auth/two-factors/setup', { session: pre, body: { totpKey: otherKey, verificationCode: totpCode(otherKey, env.clock.now()) } });
    expect(wrongKey.status).toBe(400);
    expect(Object.keys(wrongKey.body.errors)).toEqual(['totpKey']);
    expect((await userRow(env, user.id)).totp_secret_enc).toBeNull();

    const confirmed = await call(env, 'POST', 'auth/two-factors/setup', {
      session: pre,
      body: { totpKey: setup.body.totpKey, verificationCode: totpCode(setup.body.totpKey, env.clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      tokenType: 'Authorization',
      refreshToken: expect.any(String),
      twoFactor: { isSetupRequired: false, allowedMethods: ['Email', 'TOTP'], verificationToken: { verificationToken: expect.any(String), verificationTokenExpireAt: expect.any(String) } },
    });
    expect(jwtPayload(confirmed.body.twoFactor.verificationToken.verificationToken).typ).toBe('verification');
    const bound = await userRow(env, user.id);
    expect(bound.totp_pending_enc).toBeNull();
    expect(bound.totp_secret_enc).toMatch(/^v1\./);
    expect(bound.totp_secret_enc).not.toContain(setup.body.totpKey);
    expect(decrypt(env.app.appContext.keys.enc, bound.totp_secret_enc!, `totp:${user.id}`)).toBe(setup.body.totpKey);
    const me = await call(env, 'GET', 'users/me', { session: sessionFrom(confirmed) });
    expect(me.body.twoFactorsSettings).toEqual({ isMandatory: true, isEnabledByUser: false, allowedMethods: ['Email', 'TOTP'], boundMethods: ['TOTP'] });

    // Next login: PreAuthorization again, setup no longer required.
    const again = await login(env, user.email, user.password);
    expect(again.body.twoFactor).toEqual({ isSetupRequired: false, allowedMethods: ['Email', 'TOTP'] });
    // The PreAuthorization token of the finished setup is spent.
    const reused = await call(env, 'GET', 'auth/two-factors/setup', { session: pre });
    expect(reused.status).toBe(401);
  });

  it('completes the setup by e-mail for a user allowed only Email (gestor), and refuses TOTP with 405', async () => {
    const answer = await login(env, 'gestor@demo.com.br');
    expect(answer.body.twoFactor).toEqual({ isSetupRequired: true, allowedMethods: ['Email'] });
    const pre = sessionFrom(answer);
    const setup = await call(env, 'GET', 'auth/two-factors/setup', { session: pre });
    expect(setup.status).toBe(405);
    expect(setup.body).toEqual({ message: MESSAGES.methodNotAllowedTwoFactor });
    const totp = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: '123456' } });
    expect(totp.status).toBe(405);
    expect(totp.body).toEqual({ message: MESSAGES.methodNotAllowedTwoFactor });
    // 405 comes before anything else: no failure counted.
    const gestor = await env.db.selectFrom('users').selectAll().where('email', '=', 'gestor@demo.com.br').executeTakeFirstOrThrow();
    expect(await env.db.selectFrom('second_factor_throttle').selectAll().where('user_id', '=', gestor.id).executeTakeFirst()).toBeUndefined();

    const since = env.smtp.messages.length;
    const code = await sendLoginCode(env, pre, 'gestor@demo.com.br');
    const mail = env.smtp.messages[since];
    expect(mail.subject).toBe('Seu código de verificação — Retaguarda');
    expect(mail.from).toBe('nao-responda@retaguarda.local');
    const verified = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: ` ${code.slice(0, 3)} ${code.slice(3)} ` } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ tokenType: 'Authorization', twoFactor: { isSetupRequired: false, allowedMethods: ['Email'], verificationToken: expect.any(Object) } });
    expect((await userRow(env, gestor.id)).email_2fa_confirmed).toBe(true);
    const next = await login(env, 'gestor@demo.com.br');
    expect(next.body.twoFactor).toEqual({ isSetupRequired: false, allowedMethods: ['Email'] });
  });

  it("refuses a code presented with another user's PreAuthorization token", async () => {
    const alice = await createUser(env, { mandatory: true });
    const bob = await createUser(env, { mandatory: true });
    const { key: bobKey } = await bindTotp(env, bob);
    await bindTotp(env, alice);
    alignToStep(env.clock);
    const alicePre = await preAuthorize(env, alice);
    const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: alicePre, body: { method: 'TOTP', verificationCode: totpCode(bobKey, env.clock.now()) } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CODE);

    // Bob's e-mail code with Alice's token: refused too.
    const bobPre = await preAuthorize(env, bob);
    const bobCode = await sendLoginCode(env, bobPre, bob.email);
    const crossed = await call(env, 'POST', 'auth/two-factors/verify', { session: alicePre, body: { method: 'Email', verificationCode: bobCode } });
    expect(crossed.status).toBe(401);
    expect(crossed.body).toEqual(INVALID_CODE);
    const aliceSessions = await env.db.selectFrom('sessions').select('id').where('user_id', '=', alice.id).execute();
    expect(aliceSessions).toHaveLength(1); // only the one from the setup
    // Bob's code is still his to use.
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: bobPre, body: { method: 'Email', verificationCode: bobCode } })).status).toBe(200);
  });

  it('refuses the same TOTP code the second time, even in parallel', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key } = await bindTotp(env, user);
    alignToStep(env.clock);
    const code = totpCode(key, env.clock.now());
    const first = await preAuthorize(env, user);
    const second = await preAuthorize(env, user);
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: first, body: { method: 'TOTP', verificationCode: code } })).status).toBe(200);
    const replay = await call(env, 'POST', 'auth/two-factors/verify', { session: second, body: { method: 'TOTP', verificationCode: code } });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(INVALID_CODE);

    alignToStep(env.clock);
    const parallelCode = totpCode(key, env.clock.now());
    const pres = await Promise.all([preAuthorize(env, user), preAuthorize(env, user), preAuthorize(env, user)]);
    const answers = await Promise.all(pres.map((pre) => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: parallelCode } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    const step = Math.floor(env.clock.now().getTime() / 30_000);
    expect((await userRow(env, user.id)).totp_last_step).toBe(String(step));
  });

  it('refuses a code of an older step after a newer one was accepted', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key } = await bindTotp(env, user);
    env.clock.advance(5 * 60_000);
    alignToStep(env.clock);
    const now = env.clock.now();
    const newer = await preAuthorize(env, user);
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: newer, body: { method: 'TOTP', verificationCode: totpCode(key, now) } })).status).toBe(200);
    const older = await preAuthorize(env, user);
    const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: older, body: { method: 'TOTP', verificationCode: totpCode(key, new Date(now.getTime() - 30_000)) } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CODE);
  });

  it('accepts only the current step ±1 (injected clock)', async () => {
    const cases: Array<[number, number]> = [
      [-2, 401],
      [2, 401],
      [-1, 200],
      [1, 200],
      [0, 200],
    ];
    for (const [offset, expected] of cases) {
      const user = await createUser(env, { mandatory: true });
      const { key } = await bindTotp(env, user);
      env.clock.advance(5 * 60_000);
      alignToStep(env.clock, 15_000);
      const pre = await preAuthorize(env, user);
      const code = totpCode(key, new Date(env.clock.now().getTime() + offset * 30_000));
      const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: code } });
      expect(answer.status, `step offset ${offset}`).toBe(expected);
      if (expected === 401) expect(answer.body).toEqual(INVALID_CODE);
    }
  });

  it('locks the second factor after 5 wrong codes spread over several PreAuthorization tokens (429 + Retry-After)', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key } = await bindTotp(env, user);
    for (let i = 0; i < 5; i++) {
      const pre = await preAuthorize(env, user); // a new token each time
      const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: '000000' } });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID_CODE);
    }
    alignToStep(env.clock);
    const pre = await preAuthorize(env, user);
    const locked = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: totpCode(key, env.clock.now()) } });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: MESSAGES.secondFactorLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    const row = await env.db.selectFrom('second_factor_throttle').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.locked_until!.getTime()).toBeGreaterThan(env.clock.now().getTime());
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    const sendLocked = await call(env, 'POST', 'auth/two-factors/send-code', { session: pre, body: { method: 'Email' } });
    expect(sendLocked.status).toBe(429);

    env.clock.advance(15 * 60_000);
    alignToStep(env.clock);
    const unlocked = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'TOTP', verificationCode: totpCode(key, env.clock.now()) } });
    expect(unlocked.status).toBe(200);
  });

  it('bounds a parallel burst of wrong TOTP codes: 5 are compared, the rest meet the lock (429)', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key } = await bindTotp(env, user);
    alignToStep(env.clock);
    const wrong = wrongCode(totpCode(key, env.clock.now()));
    const pre = await preAuthorize(env, user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: wrong } })));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const row = await env.db.selectFrom('second_factor_throttle').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.locked_until!.getTime()).toBeGreaterThan(env.clock.now().getTime());
    expect(await failedAudits(env, user.id, 'auth.2fa.verify.failed')).toBe(5);
  });

  it('bounds a parallel burst of wrong e-mail codes by the lock and the code\'s 5 attempts', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: wrongCode(code) } })));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const stored = await env.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.attempts).toBe(5);
    expect(await failedAudits(env, user.id, 'auth.2fa.verify.failed')).toBe(5);
    const locked = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } });
    expect(locked.status).toBe(429);
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('spends at most 5 attempts of an e-mail code under parallel checks, even without the per-user lock', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    const row = await userRow(env, user.id);
    await Promise.all(Array.from({ length: 20 }, () => verifyEmailCode(env.app.appContext, row, 'login', wrongCode(code))));
    const stored = await env.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.attempts).toBe(5);
    const dead = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } });
    expect(dead.status).toBe(401);
    expect(dead.body).toEqual(INVALID_CODE);
  });

  it('does not count a replay of the TOTP code that just won, and a success clears the failures', async () => {
    const user = await createUser(env, { mandatory: true });
    // Setup confirmed twice at once (a double click): one wins, the other is no guess.
    const setupPre = await preAuthorize(env, user);
    const setup = await call(env, 'GET', 'auth/two-factors/setup', { session: setupPre });
    const key: string = setup.body.totpKey;
    alignToStep(env.clock);
    const setupBody = { totpKey: key, verificationCode: totpCode(key, env.clock.now()) };
    const confirms = await Promise.all([0, 1].map(() => call(env, 'POST', 'auth/two-factors/setup', { session: setupPre, body: setupBody })));
    // The loser may meet the spent token or the finished setup first (401 or 409): either way no guess.
    expect(confirms.map((a) => a.status).sort()).toEqual([200, confirms.some((a) => a.status === 409) ? 409 : 401]);
    expect(await throttleFailures(env, user.id)).toBe(0);

    // Two typos, then the right code sent three times at once.
    env.clock.advance(60_000);
    alignToStep(env.clock);
    const code = totpCode(key, env.clock.now());
    for (let i = 0; i < 2; i++) {
      const typo = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'TOTP', verificationCode: wrongCode(code) } });
      expect(typo.status).toBe(401);
    }
    expect(await throttleFailures(env, user.id)).toBe(2);
    const pres = await Promise.all([0, 1, 2].map(() => preAuthorize(env, user)));
    const answers = await Promise.all(pres.map((pre) => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    for (const loser of answers.filter((a) => a.status === 401)) expect(loser.body).toEqual(INVALID_CODE);
    expect(await throttleFailures(env, user.id)).toBe(0);
    // A later retry of the same code: refused, still not a guess.
    const retry = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'TOTP', verificationCode: code } });
    expect(retry.status).toBe(401);
    expect(retry.body).toEqual(INVALID_CODE);
    expect(await throttleFailures(env, user.id)).toBe(0);
    // Four typos are not a lock: the budget is whole again.
    for (let i = 0; i < 4; i++) {
      const typo = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'TOTP', verificationCode: wrongCode(code) } });
      expect(typo.status).toBe(401);
    }
    alignToStep(env.clock);
    const next = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'TOTP', verificationCode: totpCode(key, env.clock.now()) } });
    expect(next.status).toBe(200);
  });

  it('does not count a replay of the e-mail code that just won', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pres = [await preAuthorize(env, user), await preAuthorize(env, user)];
    const code = await sendLoginCode(env, pres[0], user.email);
    const answers = await Promise.all(pres.map((pre) => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)!.body).toEqual(INVALID_CODE);
    expect(await throttleFailures(env, user.id)).toBe(0);
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('refuses an expired e-mail code', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    env.clock.advance(10 * 60_000 + 1000);
    const fresh = await preAuthorize(env, user); // the first PreAuthorization token expired too
    const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: fresh, body: { method: 'Email', verificationCode: code } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CODE);
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('refuses the 6th attempt on an e-mail code, even with the right code', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: wrong } });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(INVALID_CODE);
    }
    const row = await env.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    // The per-user lock answers first (429); without it the code itself is dead.
    const sixth = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } });
    expect(sixth.status).toBe(429);
    await env.db.deleteFrom('second_factor_throttle').where('user_id', '=', user.id).execute();
    const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(INVALID_CODE);
    expect(await env.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('refuses a code replaced by a resend, and throttles resends (429 + Retry-After)', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const first = await sendLoginCode(env, pre, user.email);
    const tooSoon = await call(env, 'POST', 'auth/two-factors/send-code', { session: pre, body: { method: 'Email' } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({ message: MESSAGES.codeResendWait });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    env.clock.advance(31_000);
    let second = await sendLoginCode(env, pre, user.email);
    while (second === first) {
      env.clock.advance(31_000);
      second = await sendLoginCode(env, pre, user.email);
    }
    const old = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: first } });
    expect(old.status).toBe(401);
    expect(old.body).toEqual(INVALID_CODE);
    expect(await env.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
    const ok = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: second } });
    expect(ok.status).toBe(200);
  });

  it('keeps no plaintext code in the database or the log, and the TOTP seed encrypted', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key } = await bindTotp(env, user);
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    const rows = await env.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const userData = JSON.stringify(await userRow(env, user.id));
    expect(userData).not.toContain(key);
    expect(userData).not.toContain(key.toLowerCase());
    const audit = JSON.stringify(await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).execute());
    expect(audit).not.toContain(code);
    expect(audit).not.toContain(key);
    const logs = env.logs.join('\n');
    expect(logs).not.toContain(key);
    expect(logs).not.toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('spends the PreAuthorization token once the second step succeeded', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const code = await sendLoginCode(env, pre, user.email);
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } })).status).toBe(200);
    env.clock.advance(31_000);
    const again = await call(env, 'POST', 'auth/two-factors/send-code', { session: pre, body: { method: 'Email' } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(UNAUTHENTICATED);
  });

  it('keeps rememberMe from the password step into the session', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = sessionFrom(await login(env, user.email, user.password, { rememberMe: true }));
    const code = await sendLoginCode(env, pre, user.email);
    const answer = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: code } });
    expect(answer.status).toBe(200);
    const session = await env.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(session.remember_me).toBe(true);
    expect(session.absolute_expires_at.getTime() - session.created_at.getTime()).toBe(30 * 24 * 3600_000);
  });

  it('audits 2FA setup and verification', async () => {
    const user: TestUser = await createUser(env, { mandatory: true });
    await bindTotp(env, user);
    const pre = await preAuthorize(env, user);
    await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'TOTP', verificationCode: '000000' } });
    const actions = (await env.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', user.id).orderBy('seq').execute()).map((r) => r.action);
    expect(actions).toEqual(['auth.login.second-step-required', 'auth.2fa.setup', 'auth.login.second-step-required', 'auth.2fa.verify.failed']);
  });
});
