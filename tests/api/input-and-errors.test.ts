/** SECURITY.md — Input; error bodies; a forced exception; request floods. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/errors.js';
import { call, databaseKinds, login, loginSession, useTestEnv } from './fixture.js';

describe.each(databaseKinds())('input and errors [%s]', (kind) => {
  const env = useTestEnv(kind, {
    beforeReady(app) {
      app.get('/v1/test/boom', async () => {
        throw new Error('SELECT password_hash FROM users -- detalhe interno');
      });
    },
  });

  it('answers 400 with field errors for unknown properties, wrong types and missing fields', async () => {
    const unknown = await login(env, 'admin@demo.com.br', 'Retaguarda#2025', { isAdmin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: MESSAGES.validation, errors: { isAdmin: ['Propriedade não permitida.'] } });
    const wrongType = await call(env, 'POST', 'auth', { body: { login: 42, secret: ['x'], grantType: 'Magic' } });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.errors).sort()).toEqual(['grantType', 'login', 'secret']);
    for (const messages of Object.values(wrongType.body.errors) as string[][]) expect(messages[0]).toMatch(/^[A-ZÀ-Ú]/);
    const missing = await call(env, 'POST', 'auth', { body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['secret']);
    const noLogin = await call(env, 'POST', 'auth', { body: { secret: 'x' } });
    expect(noLogin.status).toBe(400);
    expect(Object.keys(noLogin.body.errors)).toEqual(['login']);
    const code = await call(env, 'POST', 'auth/two-factors/verify', { token: 'x', body: { method: 'Email', verificationCode: '12ab56' } });
    expect(code.status).toBe(401); // authentication comes before validation
  });

  it('refuses __proto__ and constructor.prototype keys with a field error and no side effect', async () => {
    const session = await loginSession(env, 'compras@demo.com.br');
    const before = await env.db.selectFrom('users').selectAll().where('email', '=', 'compras@demo.com.br').executeTakeFirstOrThrow();
    const proto = await call(env, 'PUT', 'users/me', { session, body: '{"name":"Nome Novo","__proto__":{"accessLevel":"SystemOwner"}}' });
    expect(proto.status).toBe(400);
    expect(proto.body).toEqual({ message: MESSAGES.validation, errors: { '[__proto__]': ['Propriedade não permitida.'] } });
    const nested = await call(env, 'POST', 'auth', { body: '{"login":"a","secret":"b","x":{"constructor":{"prototype":{"polluted":true}}}}' });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual({ 'x.[constructor]': ['Propriedade não permitida.'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const after = await env.db.selectFrom('users').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('answers 400 for malformed JSON and 415 for other content types', async () => {
    const broken = await call(env, 'POST', 'auth', { body: '{"login": "a", ' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: MESSAGES.badBody, errors: { body: ['JSON inválido.'] } });
    const xml = await call(env, 'POST', 'auth', { body: '<login/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ message: MESSAGES.unsupported });
  });

  it('turns an unknown failure into a generic 500 with a correlation id; details only in the log', async () => {
    const answer = await call(env, 'GET', '/v1/test/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Algo deu errado do lado do servidor.', detail: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(answer.raw).not.toContain('SELECT');
    expect(answer.raw).not.toContain('at ');
    const line = env.logs.find((l) => l.includes(answer.body.detail) && l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(line).toContain('detalhe interno');
  });

  it('answers 404 in JSON for unknown API paths', async () => {
    const answer = await call(env, 'GET', '/v1/identity/nada-aqui');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: MESSAGES.notFound });
  });
});

describe.each(databaseKinds())('request floods [%s]', (kind) => {
  const env = useTestEnv(kind, { settings: { rateLimit: { max: 1000, authMax: 3, timeWindowMs: 60_000 } } });

  it('answers 429 with Retry-After past the limit on auth calls', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(env, 'POST', 'auth/password-recovery', { body: { login: `flood${i}@demo.com.br` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(last!.body).toEqual({ message: MESSAGES.tooMany });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    await env.app.backgroundIdle();
  });
});
