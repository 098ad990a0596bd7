/**
 * Issue 10 item 9: two-factor set up from Minha conta (QR key, confirmation, recovery codes) and
 * recovery codes at the second step of the login (single use, even in parallel; counted by the
 * second-factor lock).
 */
import { describe, expect, it } from 'vitest';
import { users } from '../../src/contracts/resources/index.js';
import { initialValues } from '../../src/core/resources/values.js';
import { MESSAGES } from '../../server/errors.js';
import { SECOND_FACTOR_MAX_FAILURES } from '../../server/identity/policy.js';
import {
  alignToStep,
  bindTotp,
  call,
  createUser,
  databaseKinds,
  jwtPayload,
  login,
  loginSession,
  preAuthorize,
  sessionFrom,
  totpCode,
  useTestEnv,
  userRow,
  type Session,
  type TestEnv,
  type TestUser,
} from './fixture.js';

const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** A user without two-factor sets up TOTP in Minha conta; answers the key, codes and session. */
async function setUpFromAccount(env: TestEnv, user: TestUser): Promise<{ session: Session; key: string; codes: string[]; verificationToken: string }> {
  const session = await loginSession(env, user.email, user.password);
  const key = await call(env, 'POST', 'users/me/two-factors/totp-key', { session, body: {} });
  expect(key.status, key.raw).toBe(200);
  alignToStep(env.clock);
  const setup = await call(env, 'POST', 'users/me/two-factors/setup', {
    session,
    body: { method: 'TOTP', totpKey: key.body.totpKey, verificationCode: totpCode(key.body.totpKey, env.clock.now()) },
  });
  expect(setup.status, setup.raw).toBe(200);
  return { session, key: key.body.totpKey, codes: setup.body.recoveryCodes, verificationToken: setup.body.verificationToken.verificationToken };
}

async function failures(env: TestEnv, userId: string): Promise<number> {
  const row = await env.db.selectFrom('second_factor_throttle').select('failures').where('user_id', '=', userId).executeTakeFirst();
  return row?.failures ?? 0;
}

describe.each(databaseKinds())('two-factor from Minha conta [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('sets up TOTP in the account: QR key, wrong code refused and counted, right code binds, switches on and issues 10 recovery codes', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const key = await call(env, 'POST', 'users/me/two-factors/totp-key', { session, body: {} });
    expect(key.status, key.raw).toBe(200);
    expect(key.body.totpKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(key.body.otpauthUrl).toContain('otpauth://totp/');
    expect(key.body.qrCode).toMatch(/^data:image\/png;base64,/);
    // The pending key is stored encrypted, never as given out.
    const pending = await userRow(env, user.id);
    expect(pending.totp_pending_enc).toBeTruthy();
    expect(pending.totp_pending_enc).not.toContain(key.body.totpKey);
    expect(pending.two_factor_enabled_by_user).toBe(false);

    alignToStep(env.clock);
    const wrong = await call(env, 'POST', 'users/me/two-factors/setup', { session, body: { method: 'TOTP', totpKey: key.body.totpKey, verificationCode: '000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.invalidCode });
    expect(await failures(env, user.id)).toBe(1);
    expect((await userRow(env, user.id)).totp_secret_enc).toBeNull();

    const otherKey = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const foreign = await call(env, 'POST', 'users/me/two-factors/setup', { session, body: { method: 'TOTP', totpKey: otherKey, verificationCode: totpCode(otherKey, env.clock.now()) } });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['totpKey']);

    const ok = await call(env, 'POST', 'users/me/two-factors/setup', {
      session,
      body: { method: 'TOTP', totpKey: key.body.totpKey, verificationCode: totpCode(key.body.totpKey, env.clock.now()) },
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.user.twoFactorsSettings).toEqual({ isMandatory: false, isEnabledByUser: true, allowedMethods: ['Email', 'TOTP'], boundMethods: ['TOTP'] });
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.body.recoveryCodes).size).toBe(10);
    for (const code of ok.body.recoveryCodes) expect(code).toMatch(CODE_FORMAT);
    const claims = jwtPayload(ok.body.verificationToken.verificationToken);
    expect(claims).toMatchObject({ typ: 'verification', sub: user.id, sid: jwtPayload(session.accessToken).sid });
    expect(await failures(env, user.id)).toBe(0);

    // Stored hashed: no code (with or without its hyphen) is in the table.
    const rows = await env.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(10);
    const dump = JSON.stringify(rows);
    for (const code of ok.body.recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect((await call(env, 'GET', 'users/me/two-factors/recovery-codes', { session })).body).toEqual({ remaining: 10, total: 10, createdAt: expect.any(String) });
    const me = await call(env, 'GET', 'users/me', { session });
    expect(me.body.twoFactorsSettings.boundMethods).toEqual(['TOTP']);

    // The next login asks for a code, not for a setup.
    const next = await login(env, user.email, user.password);
    expect(next.body).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: false } });
    const audit = await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).where('action', '=', 'user.2fa.setup').executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ isEnabledByUser: true, boundMethods: ['TOTP'], recoveryCodesIssued: 10 });
    expect(JSON.stringify(audit)).not.toContain(ok.body.recoveryCodes[0]);
  });

  it('sets up the e-mail method in the account with an account code', async () => {
    const user = await createUser(env, { allowed: ['Email'] });
    const session = await loginSession(env, user.email, user.password);
    expect((await call(env, 'POST', 'users/me/two-factors/totp-key', { session, body: {} })).status).toBe(405);
    const since = env.smtp.messages.length;
    expect((await call(env, 'POST', 'users/me/two-factors/send-code', { session, body: { method: 'Email' } })).status).toBe(202);
    const code = /é: (\d{6})/.exec((await env.smtp.next(user.email, since)).text)![1];
    const ok = await call(env, 'POST', 'users/me/two-factors/setup', { session, body: { method: 'Email', verificationCode: code } });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.user.twoFactorsSettings).toEqual({ isMandatory: false, isEnabledByUser: true, allowedMethods: ['Email'], boundMethods: ['Email'] });
    expect(ok.body.recoveryCodes).toHaveLength(10);
  });

  it('while two-factor is active, a new key, a new setup and new recovery codes need a fresh verification token (403, nothing changes)', async () => {
    const user = await createUser(env, { mandatory: true });
    const { key, session, answer } = await bindTotp(env, user);
    const token = answer.body.twoFactor.verificationToken.verificationToken as string;
    const before = await userRow(env, user.id);
    // The set the sign-in's setup issued (issue 27 §3): the refused calls below leave it as it is.
    const codesBefore = await env.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(codesBefore).toHaveLength(10);
    expect(codesBefore.map((row) => row.used_at)).toEqual(Array(10).fill(null));
    expect((await call(env, 'POST', 'users/me/two-factors/totp-key', { session, body: {} })).status).toBe(403);
    expect((await call(env, 'POST', 'users/me/two-factors/setup', { session, body: { method: 'TOTP', totpKey: key, verificationCode: '123456' } })).status).toBe(403);
    const noToken = await call(env, 'POST', 'users/me/two-factors/recovery-codes', { session, body: {} });
    expect(noToken.status).toBe(403);
    expect(noToken.body).toEqual({ message: MESSAGES.verificationRequired });
    expect(await userRow(env, user.id)).toEqual(before);
    expect(await env.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).orderBy('id').execute()).toEqual(codesBefore);

    // With the token: recovery codes, then a new set replaces the old one.
    const first = await call(env, 'POST', 'users/me/two-factors/recovery-codes', { session, body: { verificationToken: token } });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.recoveryCodes).toHaveLength(10);
    const second = await call(env, 'POST', 'users/me/two-factors/recovery-codes', { session, body: { verificationToken: token } });
    expect(second.status).toBe(200);
    const pre = await preAuthorize(env, user);
    const old = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'RecoveryCode', verificationCode: first.body.recoveryCodes[0] } });
    expect(old.status).toBe(401);
    const fresh = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'RecoveryCode', verificationCode: second.body.recoveryCodes[0] } });
    expect(fresh.status, fresh.raw).toBe(200);

    // A new authenticator app replaces the old one right after the old one confirmed the identity (same 30 s step).
    alignToStep(env.clock);
    const verified = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'TOTP', verificationCode: totpCode(key, env.clock.now()) } });
    expect(verified.status).toBe(200);
    const newKey = await call(env, 'POST', 'users/me/two-factors/totp-key', { session, body: { verificationToken: verified.body.verificationToken } });
    expect(newKey.status).toBe(200);
    const replaced = await call(env, 'POST', 'users/me/two-factors/setup', {
      session,
      body: { method: 'TOTP', totpKey: newKey.body.totpKey, verificationCode: totpCode(newKey.body.totpKey, env.clock.now()), verificationToken: verified.body.verificationToken },
    });
    expect(replaced.status, replaced.raw).toBe(200);
    env.clock.advance(30_000);
    const pre2 = await preAuthorize(env, user);
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: pre2, body: { method: 'TOTP', verificationCode: totpCode(key, env.clock.now()) } })).status).toBe(401);
    expect((await call(env, 'POST', 'auth/two-factors/verify', { session: pre2, body: { method: 'TOTP', verificationCode: totpCode(newKey.body.totpKey, env.clock.now()) } })).status).toBe(200);
  });

  it('recovery codes are refused before two-factor is set up (409)', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const answer = await call(env, 'POST', 'users/me/two-factors/recovery-codes', { session, body: {} });
    expect(answer.status).toBe(409);
  });

  it('a recovery code opens the second step once (any case, spaces or hyphen), and the status counts it', async () => {
    const user = await createUser(env);
    const { codes, session } = await setUpFromAccount(env, user);
    const pre = await preAuthorize(env, user);
    const typed = ` ${codes[3].toLowerCase().replace('-', ' ')} `;
    const ok = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'RecoveryCode', verificationCode: typed } });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.tokenType).toBe('Authorization');
    sessionFrom(ok);
    const audit = await env.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', user.id).where('action', '=', 'auth.2fa.verify').executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ method: 'RecoveryCode' });

    const again = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'RecoveryCode', verificationCode: codes[3] } });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: MESSAGES.invalidCode });
    expect((await call(env, 'GET', 'users/me/two-factors/recovery-codes', { session })).body).toMatchObject({ remaining: 9, total: 10 });

    // Also accepted by the account verification (a lost phone can still reach the security page).
    const verified = await call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'RecoveryCode', verificationCode: codes[4] } });
    expect(verified.status).toBe(200);
    expect(jwtPayload(verified.body.verificationToken).typ).toBe('verification');

    const malformed = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'RecoveryCode', verificationCode: '12' } });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['verificationCode']);
  });

  it('wrong recovery codes count against the second-factor lock, which then refuses even a right one', async () => {
    const user = await createUser(env);
    const { codes } = await setUpFromAccount(env, user);
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
      const pre = await preAuthorize(env, user);
      const wrong = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'RecoveryCode', verificationCode: 'ZZZZZ-ZZZZZ' } });
      expect(wrong.status).toBe(401);
    }
    const locked = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'RecoveryCode', verificationCode: codes[0] } });
    expect(locked.status).toBe(429);
    // The right code was not spent by the refused attempt.
    const unused = await env.db.selectFrom('recovery_codes').select('used_at').where('user_id', '=', user.id).where('used_at', 'is not', null).execute();
    expect(unused).toEqual([]);
  });

  it('the same recovery code sent in parallel passes exactly once (login and account verification)', async () => {
    const user = await createUser(env);
    const { codes, session } = await setUpFromAccount(env, user);
    const pres = await Promise.all(Array.from({ length: 4 }, () => preAuthorize(env, user)));
    const answers = await Promise.all(pres.map((pre) => call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'RecoveryCode', verificationCode: codes[0] } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);

    const account = await Promise.all(Array.from({ length: 4 }, () => call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'RecoveryCode', verificationCode: codes[1] } })));
    expect(account.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    const used = await env.db.selectFrom('recovery_codes').select('used_at').where('user_id', '=', user.id).where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(2);
  });

  it('a recovery code sent again right after it was spent is a replay, not a guess: it never locks the account', async () => {
    const user = await createUser(env);
    const { codes, session } = await setUpFromAccount(env, user);
    const verify = () => call(env, 'POST', 'users/me/two-factors/verify', { session, body: { method: 'RecoveryCode', verificationCode: codes[2] } });
    expect((await verify()).status).toBe(200);
    const replays = [];
    for (let i = 0; i < 7; i++) replays.push((await verify()).status);
    expect(replays).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('a user created with the form defaults (item 8) is an ordinary user who receives the invitation e-mail; an inactive one receives none', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const email = `convite.${Date.now()}@demo.com.br`;
    const since = env.smtp.messages.length;
    const created = await call(env, 'POST', '/v1/identity/users', { session: admin, body: { ...initialValues(users, null), name: 'Clara Convidada', email } });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({ accessLevel: 'User', allowedMethods: ['Email'], isActive: true, twoFactorMandatory: false });
    await env.app.backgroundIdle();
    const mail = await env.smtp.next(email, since);
    expect(mail.subject).toBe('Defina a sua senha — Retaguarda');
    expect(mail.text).toMatch(/https:\/\/retaguarda\.example\.test\/auth\/recuperar-senha\?token=\S+/);

    const quiet = `inativo.${Date.now()}@demo.com.br`;
    const inactive = await call(env, 'POST', '/v1/identity/users', { session: admin, body: { ...initialValues(users, null), name: 'Rui Inativo', email: quiet, isActive: false } });
    expect(inactive.status).toBe(201);
    await env.app.backgroundIdle();
    expect(env.smtp.to(quiet)).toEqual([]);
  });

  it('unbinding removes the recovery codes', async () => {
    const user = await createUser(env);
    const { session, verificationToken } = await setUpFromAccount(env, user);
    const unbound = await call(env, 'DELETE', 'users/me/two-factors/unbind', { session, body: { verificationToken } });
    expect(unbound.status).toBe(204);
    expect(await env.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
