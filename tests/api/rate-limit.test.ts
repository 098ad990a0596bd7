/** Request-flood limits on the API only, per user where there is one; caching of the bundle. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../server/context.js';
import { call, createUser, databaseKinds, loginSession, ROOT, useTestEnv, type TestEnv } from './fixture.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const CHUNKS = Array.from({ length: 20 }, (_, i) => `chunks/Pagina${i}-${'AbCd_-12'.slice(i % 4)}${'x'.repeat(i % 4)}.js`);

/** A portal page and a bundle shaped like the build: entries without hash, chunks with one. */
function bundleDirs() {
  const base = mkdtempSync(path.join(tmpdir(), 'retaguarda-limit-'));
  const demo = path.join(base, 'demo');
  const dist = path.join(base, 'dist');
  mkdirSync(demo);
  mkdirSync(path.join(dist, 'chunks'), { recursive: true });
  mkdirSync(path.join(dist, 'builds'));
  writeFileSync(path.join(demo, 'index.html'), '<!doctype html><title>Portal</title><script type="module" src="/dist/retaguarda.js"></script><bo-portal></bo-portal>');
  writeFileSync(path.join(demo, 'portal.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'retaguarda.js'), 'export {};');
  writeFileSync(path.join(dist, 'bo-portal.js'), 'export {};');
  writeFileSync(path.join(dist, 'builds', 'latest.json'), JSON.stringify({ version: '0.1.0', builtAt: '2025-06-26T00:00:00.000Z' }));
  for (const chunk of CHUNKS) writeFileSync(path.join(dist, chunk), 'export {};');
  return { base, demo, dist };
}

/** What a browser asks for when it (re)loads /produtos: the page, its stylesheet and scripts, the config, the version. */
const PAGE_LOAD: [string, Record<string, string>][] = [
  ['/produtos', HTML],
  ['/portal.css', { accept: 'text/css' }],
  ['/dist/retaguarda.js', { accept: '*/*' }],
  ['/dist/bo-portal.js', { accept: '*/*' }],
  ...CHUNKS.map((chunk): [string, Record<string, string>] => [`/dist/${chunk}`, { accept: '*/*' }]),
  ['/app.config.json?t=1', { accept: 'application/json' }],
  ['/builds/latest.json?t=1', { accept: 'application/json' }],
];

describe.each(databaseKinds())('rate limit with the production settings [%s]', (kind) => {
  const dirs = bundleDirs();
  const env = useTestEnv(kind, { settings: { demoDir: dirs.demo, staticDir: dirs.dist, rateLimit: DEFAULT_SETTINGS.rateLimit } });
  afterAll(() => rmSync(dirs.base, { recursive: true, force: true }));

  it('never answers 429 to 30 reloads of a portal page (page, scripts, config) by a signed-in user', async () => {
    expect(DEFAULT_SETTINGS.rateLimit).toMatchObject({ max: 600, timeWindowMs: 60_000 });
    const session = await loginSession(env, 'compras@demo.com.br');
    const statuses = new Map<number, number>();
    let requests = 0;
    for (let reload = 0; reload < 30; reload++) {
      for (const [url, headers] of PAGE_LOAD) {
        const answer = await call(env, 'GET', url, { headers });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        requests++;
      }
      // and the calls the portal makes on each load
      for (const url of ['users/me', 'users/me/policies/effective-permissions']) {
        const answer = await call(env, 'GET', url, { session });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        requests++;
      }
    }
    expect(requests).toBeGreaterThan(600);
    expect([...statuses.keys()]).toEqual([200]);
  });

  it('serves hashed chunks immutable for a year and makes the entry files, pages and manifests revalidate', async () => {
    const chunk = await call(env, 'GET', `/dist/${CHUNKS[0]}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/dist/retaguarda.js', '/dist/bo-portal.js', '/dist/builds/latest.json', '/builds/latest.json', '/app.config.json']) {
      const answer = await call(env, 'GET', url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/produtos', '/portal.css']) {
      const answer = await call(env, 'GET', url, { headers: HTML });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe.each(databaseKinds())('rate limit keys and answers [%s]', (kind) => {
  const env = useTestEnv(kind, {
    settings: { demoDir: path.join(ROOT, 'demo'), rateLimit: { max: 5, authMax: 30, timeWindowMs: 60_000 } },
  });

  async function exhaust(env: TestEnv, options: Parameters<typeof call>[3], url = 'users/me') {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(env, 'GET', url, options)).status);
    return statuses;
  }

  it('counts API calls per signed-in user: one user over the limit leaves another at the same address alone', async () => {
    const [ana, bia] = [await createUser(env), await createUser(env)];
    const first = await loginSession(env, ana.email, ana.password);
    const second = await loginSession(env, bia.email, bia.password);
    expect(await exhaust(env, { session: first })).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call(env, 'GET', 'users/me', { session: first });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Muitas requisições. Tente novamente mais tarde.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(env, 'GET', 'users/me', { session: second })).status).toBe(200);
    // Pages and scripts are never counted, even for a limited address.
    expect((await call(env, 'GET', '/produtos', { headers: HTML })).status).toBe(200);
  });

  it('counts a HEAD once, like the GET it answers with (http/head.ts runs that GET inside)', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(env, 'HEAD', 'users/me', { session })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await call(env, 'GET', 'users/me', { session })).status).toBe(429);
  });

  it('counts anonymous calls (and forged tokens) per address; a browser navigation gets a pt-BR page with the wait', async () => {
    const forged = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.assinatura-falsa' };
    const statuses = await exhaust(env, forged, '/v1/identity/users/me');
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    const json = await call(env, 'GET', '/v1/identity/users/me');
    expect(json.status).toBe(429);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.body).toEqual({ message: 'Muitas requisições. Tente novamente mais tarde.' });
    const retryAfter = Number(json.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);

    const page = await call(env, 'GET', '/v1/identity/users/me', { headers: HTML });
    expect(page.status).toBe(429);
    expect(page.headers['content-type']).toContain('text/html');
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.raw).toContain('<html lang="pt-BR">');
    expect(page.raw).toContain('Muitas requisições');
    expect(page.raw).toMatch(/Aguarde <strong>\d+ (segundos?|minutos?)<\/strong> e tente novamente/);
    expect(page.raw).not.toContain('<script');
  });
});

describe.each(databaseKinds())('rate limit of POST auth [%s]', (kind) => {
  const env = useTestEnv(kind, { settings: { rateLimit: { max: 10, authMax: 3, timeWindowMs: 60_000 } } });

  it('counts refresh grants apart from password logins: browsing with "lembrar de mim" never uses up the login limit', async () => {
    const user = await createUser(env);
    const session = await loginSession(env, user.email, user.password, { rememberMe: true });
    let refreshToken = session.refreshToken!;
    for (let i = 0; i < 6; i++) {
      const rotated = await call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: refreshToken } });
      expect(rotated.status, `refresh ${i}`).toBe(200);
      refreshToken = rotated.body.refreshToken;
    }
    const logins = [];
    for (let i = 0; i < 3; i++) logins.push((await call(env, 'POST', 'auth', { body: { login: user.email, secret: user.password } })).status);
    expect(logins).toEqual([200, 200, 429]);
    const stillRefreshing = await call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: refreshToken } });
    expect(stillRefreshing.status).toBe(200);
    // Refresh grants have a limit too: the general one, per address.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(env, 'POST', 'auth', { body: { grantType: 'RefreshToken', secret: 'nao-existe' } })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
