/** Password recovery: same answer, link from PUBLIC_URL, single-use token, works while locked. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { call, createUser, databaseKinds, login, loginSession, PUBLIC_URL, useTestEnv, type TestEnv } from './fixture.js';

const SENT = { message: 'Se o login existir, enviaremos um e-mail com as instruções.' };
const NEW_SECRET = 'Recuperada-com-sucesso-7';

async function recover(env: TestEnv, loginName: string, headers: Record<string, string> = {}) {
  const answer = await call(env, 'POST', 'auth/password-recovery', { body: { login: loginName }, headers });
  await env.app.backgroundIdle();
  return answer;
}

function linkToken(text: string): { link: string; token: string } {
  const link = /(https?:\/\/\S+\/auth\/recuperar-senha\?token=[A-Za-z0-9_%-]+)/.exec(text)![1];
  return { link, token: decodeURIComponent(new URL(link).searchParams.get('token')!) };
}

function reset(env: TestEnv, token: string, newSecret = NEW_SECRET) {
  return call(env, 'POST', 'auth/password-recovery/reset', { body: { token, newSecret } });
}

describe.each(databaseKinds())('password recovery [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('answers the same 202 whether the login exists or not, and mails only existing accounts', async () => {
    const user = await createUser(env);
    const since = env.smtp.messages.length;
    const unknown = await recover(env, 'nao-existe@demo.com.br');
    const known = await recover(env, user.email.toUpperCase());
    for (const answer of [unknown, known]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(SENT);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await env.smtp.next(user.email, since);
    expect(env.smtp.messages.slice(since).map((m) => m.to)).toEqual([[user.email]]);
  });

  it('builds the link from PUBLIC_URL, never from the Host header, and stores only a hash', async () => {
    const user = await createUser(env);
    const since = env.smtp.messages.length;
    await recover(env, user.email, { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' });
    const mail = await env.smtp.next(user.email, since);
    expect(mail.subject).toBe('Recuperação de senha — Retaguarda');
    const { link, token } = linkToken(mail.text);
    expect(link.startsWith(`${PUBLIC_URL}/auth/recuperar-senha?token=`)).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example.com');
    const rows = await env.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(30 * 60_000);
  });

  it('resets the password once (single-use token), revokes every session, no automatic login', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const since = env.smtp.messages.length;
    await recover(env, user.email);
    const { token } = linkToken((await env.smtp.next(user.email, since)).text);

    const weak = await reset(env, token, '12345678');
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors)).toEqual(['newSecret']);

    const answer = await reset(env, token);
    expect(answer.status).toBe(204);
    expect(answer.raw).toBe('');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect((await call(env, 'GET', 'users/me', { session })).status).toBe(401);
    expect((await call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: session.refreshToken } })).status).toBe(401);
    expect((await login(env, user.email, user.password)).status).toBe(401);
    expect((await login(env, user.email, NEW_SECRET)).status).toBe(200);

    const again = await reset(env, token, 'Mais-uma-senha-longa-1');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Não foi possível redefinir a senha.', errors: { token: ['O link de recuperação é inválido ou expirou. Peça um novo.'] } });
    expect((await login(env, user.email, NEW_SECRET)).status).toBe(200);
    const actions = (await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', user.id).execute()).map((r) => r.action);
    expect(actions).toContain('auth.password-recovery.requested');
    expect(actions).toContain('auth.password-reset');
  });

  it('refuses an expired or unknown token with a field error on token', async () => {
    const user = await createUser(env);
    const since = env.smtp.messages.length;
    await recover(env, user.email);
    const { token } = linkToken((await env.smtp.next(user.email, since)).text);
    env.clock.advance(30 * 60_000 + 1000);
    const expired = await reset(env, token);
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.body.errors)).toEqual(['token']);
    const unknown = await reset(env, 'x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['token']);
    expect((await login(env, user.email, user.password)).status).toBe(200);
  });

  it('works while the account is locked by failed logins', async () => {
    const user = await createUser(env);
    for (let i = 0; i < 5; i++) await login(env, user.email, 'tentativa-errada');
    const locked = await login(env, user.email, user.password);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ message: MESSAGES.invalidLogin });
    const since = env.smtp.messages.length;
    expect((await recover(env, user.email)).status).toBe(202);
    const { token } = linkToken((await env.smtp.next(user.email, since)).text);
    expect((await reset(env, token)).status).toBe(204);
    expect((await login(env, user.email, NEW_SECRET)).status).toBe(200);
  });

  it('sends at most one recovery e-mail a minute per account (same answer)', async () => {
    const user = await createUser(env);
    const since = env.smtp.messages.length;
    expect((await recover(env, user.email)).body).toEqual(SENT);
    expect((await recover(env, user.email)).body).toEqual(SENT);
    await env.smtp.next(user.email, since);
    expect(env.smtp.to(user.email)).toHaveLength(1);
  });
});
