/**
 * `npm start` runs the esbuild bundle of the server with plain node (scripts/build-server.mjs,
 * issue 9 "the embedded database"): the bundle starts on an existing database, serves a login,
 * and drains and exits 0 on SIGTERM like `tsx server/main.ts`. It reads the client's route table
 * as data only (issue 23): no React, jotai or UI kit in the bundle.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index.js';
import { DEMO_PASSWORD, ROOT, databaseKinds } from './fixture.js';
import { serverDatabase, startServerProcess, type ServerDatabase, type ServerProcess } from './server-process.js';

const LATEST = Object.keys(migrations).sort().at(-1)!;

describe.each(databaseKinds())('npm start: the bundled server process [%s]', (kind) => {
  let bundleDir: string;
  let database: ServerDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    // Inside the checkout, so that the bundle finds node_modules.
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    bundleDir = mkdtempSync(path.join(ROOT, '.tmp', 'server-bundle-'));
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(bundleDir, 'main.mjs')], { cwd: ROOT });
    database = await serverDatabase(kind);
    server = await startServerProcess(database.env, path.join(bundleDir, 'main.mjs'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  it("carries none of the client's screens: no React, jotai or UI kit", () => {
    // The entries and the chunks they share (scripts/build-server.mjs).
    const bundle = readdirSync(bundleDir)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(path.join(bundleDir, file), 'utf8'))
      .join('\n');
    const imported = [...bundle.matchAll(/^import\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm)].map((found) => found[1] ?? found[2] ?? found[3]);
    // Packages are bundled in (esbuild marks each with a `// node_modules/…` line), except PGlite and the like.
    expect(imported).toContain('@electric-sql/pglite');
    expect(bundle).toContain('// node_modules/fastify/');
    const client = /^(react|react-dom|jotai|history|ofetch|@r2wc|@floating-ui|@tanstack|@vanilla-extract)(\/|$)/;
    expect(imported.filter((name) => client.test(name))).toEqual([]);
    expect([...bundle.matchAll(/^\/\/ node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//gm)].map((found) => found[1]).filter((name) => client.test(name))).toEqual([]);
    // Nor any of the client's own screens, bundled in (a dynamic import() of a page is bundled too).
    expect(bundle).not.toMatch(/src\/modules\/[\w/]+\.tsx|src\/core\/(ui|host)\//);
  });

  it('is ready on the existing database, signs in, and exits 0 on SIGTERM', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    // The settings in force (issue 28): the test environment's, not production.
    expect(await ready.json()).toEqual({
      status: 'ready',
      migration: LATEST,
      settings: {
        mode: 'development',
        database: kind,
        appSecret: 'APP_SECRET',
        publicUrl: 'default',
        mail: 'dev-mailbox',
        demo: true,
        ...(kind === 'postgres' ? { appDatabaseLogin: 'DATABASE_URL' } : {}),
        trustProxy: false,
        rateLimitStore: kind === 'postgres' ? 'database' : 'memory',
      },
    });
    const login = await fetch(`${server.url}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'admin@demo.com.br', secret: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const signedIn = (await login.json()) as { tokenType: string; accessToken: string };
    expect(signedIn.tokenType).toBe('Authorization');
    const xsrf = login.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.split(';')[0].slice('XSRF-TOKEN='.length);
    const auth = { authorization: `Bearer ${signedIn.accessToken}`, 'x-xsrf-token': xsrf, accept: 'application/json' };

    // fastify's plugins are bundled in too (scripts/build-server.mjs): each at work once, over HTTP.
    const list = await fetch(`${server.url}/v1/companies/suppliers?perPage=1`, { headers: auth });
    expect([list.status, Number(list.headers.get('x-total-count')) > 0, list.headers.get('content-security-policy')?.includes("script-src 'self'")]).toEqual([200, true, true]);
    const head = await fetch(`${server.url}/v1/companies/suppliers?perPage=1`, { method: 'HEAD', headers: auth });
    expect([head.status, head.headers.get('x-total-count'), await head.text()]).toEqual([200, list.headers.get('x-total-count'), '']);
    const openapi = await fetch(`${server.url}/openapi.json`);
    expect(Object.keys(((await openapi.json()) as { paths: object }).paths)).toContain('/v1/companies/suppliers');
    const page = await fetch(`${server.url}/intranet.html`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const csv = 'codigo;nome\nBUNDLE1;Centro do pacote';
    const form = new FormData();
    form.set('resourceType', 'costCenters');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'centros.csv');
    const upload = await fetch(`${server.url}/api/finance/import-batches`, { method: 'POST', headers: auth, body: form });
    expect(upload.status, await upload.clone().text()).toBe(201);

    expect(await server.stop()).toBe(0);
    const messages = server.output.flatMap((line) => {
      try {
        return [JSON.parse(line).msg as string];
      } catch {
        return [];
      }
    });
    expect(messages.at(-1)).toBe('stopped');
  }, 60_000);
});
