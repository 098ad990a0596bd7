/**
 * Issue 27 §3 (2FA): the second factor set up during sign-in hands the first recovery codes, once
 * (the code screen offers "Usar um código de recuperação"), as Minha conta's setup does.
 */
import { describe, expect, it } from 'vitest';
import { alignToStep, bindTotp, call, createUser, databaseKinds, preAuthorize, sessionFrom, type TestEnv, useTestEnv } from './fixture.js';

const CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

async function loginCode(env: TestEnv, session: { accessToken: string; xsrf: string }, email: string): Promise<string> {
  const since = env.smtp.messages.length;
  expect((await call(env, 'POST', 'auth/two-factors/send-code', { session, body: { method: 'Email' } })).status).toBe(202);
  const mail = await env.smtp.next(email, since);
  return /(\d{6})/.exec(mail.text)![1];
}

describe.each(databaseKinds())('recovery codes of a sign-in setup [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('the authenticator set up at sign-in answers 10 recovery codes, stored hashed, each good once at the code screen', async () => {
    const user = await createUser(env, { mandatory: true });
    const { answer } = await bindTotp(env, user);
    const codes = answer.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(10);
    const rows = await env.db.selectFrom('recovery_codes').select(['code_hash', 'used_at']).where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.used_at).toBeNull();
      for (const code of codes) expect(row.code_hash).not.toContain(code.replace('-', ''));
    }
    const status = await call(env, 'GET', 'users/me/two-factors/recovery-codes', { session: sessionFrom(answer) });
    expect(status.body).toMatchObject({ remaining: 10, total: 10 });
    const audit = await env.db.selectFrom('audit_log').select('after').where('actor_user_id', '=', user.id).where('action', '=', 'auth.2fa.setup').executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ recoveryCodesIssued: 10 });
    expect(JSON.stringify(audit.after)).not.toContain(codes[0]);

    // Next sign-in: "Usar um código de recuperação" works with one of them, once; no new codes are handed out.
    const used = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'RecoveryCode', verificationCode: codes[2] } });
    expect(used.status).toBe(200);
    expect(used.body.tokenType).toBe('Authorization');
    expect(used.body.recoveryCodes).toBeUndefined();
    const again = await call(env, 'POST', 'auth/two-factors/verify', { session: await preAuthorize(env, user), body: { method: 'RecoveryCode', verificationCode: codes[2] } });
    expect(again.status).toBe(401);
  });

  it('a setup completed by e-mail at sign-in answers them too; an ordinary second step does not', async () => {
    const user = await createUser(env, { mandatory: true, allowed: ['Email'] });
    const pre = await preAuthorize(env, user);
    const setup = await call(env, 'POST', 'auth/two-factors/verify', { session: pre, body: { method: 'Email', verificationCode: await loginCode(env, pre, user.email) } });
    expect(setup.status).toBe(200);
    expect(setup.body.recoveryCodes).toHaveLength(10);
    alignToStep(env.clock);
    const next = await preAuthorize(env, user);
    const ordinary = await call(env, 'POST', 'auth/two-factors/verify', { session: next, body: { method: 'Email', verificationCode: await loginCode(env, next, user.email) } });
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.recoveryCodes).toBeUndefined();
    expect(await env.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).execute()).toHaveLength(10);
  });
});
