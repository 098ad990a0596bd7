/** Static serving, app config, build manifest, OpenAPI, headers, CORS, dev mailbox, SPA fallback. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressFile } from '../../scripts/compress-bundle.js';
import { IDENTITY_PATHS } from '../../src/contracts/identity.js';
import { FAMILY_PREFIXES, servedResources } from '../../server/registry/families.js';
import { routeTable } from '../../server/registry/route-table.js';
import { call, databaseKinds, loginSession, ROOT, useTestEnv } from './fixture.js';

function fixtureDirs() {
  const base = mkdtempSync(path.join(tmpdir(), 'retaguarda-web-'));
  const demo = path.join(base, 'demo');
  const dist = path.join(base, 'dist');
  mkdirSync(demo);
  mkdirSync(path.join(dist, 'builds'), { recursive: true });
  writeFileSync(path.join(demo, 'index.html'), '<!doctype html><title>Portal</title><bo-portal></bo-portal>');
  writeFileSync(path.join(demo, 'intranet.html'), '<!doctype html><title>Intranet</title>');
  writeFileSync(path.join(dist, 'retaguarda.js'), 'export {};');
  const config = path.join(base, 'app.config.json');
  writeFileSync(config, readFileSync(path.join(ROOT, 'app.config.json')));
  return { base, demo, dist, config };
}

describe.each(databaseKinds())('web [%s]', (kind) => {
  const dirs = fixtureDirs();
  const env = useTestEnv(kind, {
    outbox: true,
    settings: { demoDir: dirs.demo, staticDir: dirs.dist, appConfigPath: dirs.config, devMailbox: true, corsOrigins: ['https://intranet.example.com'] },
  });
  afterAll(() => rmSync(dirs.base, { recursive: true, force: true }));

  it('serves /app.config.json fresh on every request (no-cache)', async () => {
    const first = await call(env, 'GET', '/app.config.json?t=123');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body.useFrontEndVersion).toBe('0.1.0');
    const edited = { ...first.body, useFrontEndVersion: '0.2.0' };
    writeFileSync(dirs.config, JSON.stringify(edited));
    expect((await call(env, 'GET', '/app.config.json')).body.useFrontEndVersion).toBe('0.2.0');
  });

  it('answers 304 without a body to a client holding the current version (ETag), and 200 once the file changed', async () => {
    const first = await call(env, 'GET', '/app.config.json?t=1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await call(env, 'GET', '/app.config.json?t=2', { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.raw).toBe('');
    writeFileSync(dirs.config, JSON.stringify({ ...first.body, useFrontEndVersion: '0.3.0' }));
    const changed = await call(env, 'GET', '/app.config.json?t=3', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.useFrontEndVersion).toBe('0.3.0');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves /builds/latest.json from the app config when the build has none, else the build file', async () => {
    writeFileSync(dirs.config, JSON.stringify({ useFrontEndVersion: '0.3.0' }));
    const derived = await call(env, 'GET', '/builds/latest.json?t=1');
    expect(derived.status).toBe(200);
    expect(derived.body).toEqual({ version: '0.3.0', builtAt: expect.any(String) });
    expect(derived.headers['cache-control']).toBe('no-cache');
    writeFileSync(path.join(dirs.dist, 'builds', 'latest.json'), JSON.stringify({ version: '9.9.9', builtAt: '2025-06-26T00:00:00.000Z' }));
    expect((await call(env, 'GET', '/builds/latest.json')).body).toEqual({ version: '9.9.9', builtAt: '2025-06-26T00:00:00.000Z' });
  });

  it('lists every identity path in /openapi.json', async () => {
    const answer = await call(env, 'GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(answer.body.paths);
    for (const p of Object.values(IDENTITY_PATHS)) expect(paths, p).toContain(`/v1/identity/${p}`);
    expect(Object.keys(answer.body.paths['/v1/identity/auth/two-factors/setup']).sort()).toEqual(['get', 'post']);
    expect(answer.body.paths['/v1/identity/auth'].post.requestBody.content['application/json'].schema.properties.grantType).toBeDefined();
  });

  it('declares in /openapi.json the If-Match header, the 412/428 answers and the list headers of every registry route', async () => {
    const answer = await call(env, 'GET', '/openapi.json');
    expect(answer.status).toBe(200);
    const paths = answer.body.paths as Record<string, Record<string, any>>;
    const ifMatchOf = (operation: any) => (operation.parameters ?? []).find((p: any) => p.in === 'header' && p.name === 'If-Match');
    const seen = new Set<string>();
    for (const resource of servedResources()) {
      for (const spec of routeTable(resource)) {
        const where = `${spec.method} ${FAMILY_PREFIXES[resource.api]}/${spec.path}`;
        const operation = paths[`${FAMILY_PREFIXES[resource.api]}/${spec.path}`]?.[spec.method.toLowerCase()];
        expect(operation, where).toBeDefined();
        seen.add(spec.kind);
        if (spec.kind === 'update' || spec.kind === 'singletonPut') {
          expect(ifMatchOf(operation), where).toMatchObject({ required: true, schema: { type: 'string' } });
          expect(operation.responses['412'].content['application/json'].schema.properties.current, where).toBeDefined();
          expect(operation.responses['428'].description, where).toContain('If-Match');
        } else if (spec.kind === 'delete') {
          expect(ifMatchOf(operation), where).toMatchObject({ required: false });
          expect(operation.responses['412'], where).toBeDefined();
        } else if (spec.kind === 'action') {
          expect(ifMatchOf(operation), where).toMatchObject({ required: false });
        } else if (spec.kind === 'transition') {
          expect(ifMatchOf(operation), where).toMatchObject({ required: true });
          expect(Object.keys(operation.responses).sort(), where).toEqual(expect.arrayContaining(['409', '412', '428']));
        } else if (spec.kind === 'list') {
          expect(Object.keys(operation.responses['200'].headers ?? {}).sort(), where).toEqual(['Link', 'X-Total-Count', 'X-Total-Count-Over']);
          expect(ifMatchOf(operation), where).toBeUndefined();
        } else {
          expect(ifMatchOf(operation), where).toBeUndefined();
        }
      }
    }
    // (No declaration has a single-record action besides delete since company bills became a workflow.)
    expect([...seen]).toEqual(expect.arrayContaining(['list', 'update', 'delete', 'transition', 'history']));
    // Hand-written routes are left as they are.
    expect(ifMatchOf(paths['/v1/identity/users/me'].put)).toBeUndefined();
  });

  it('sets CSP without inline script, nosniff and no-referrer', async () => {
    const answer = await call(env, 'GET', '/intranet.html', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    expect(answer.raw).toContain('Intranet');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    // Exactly what the upload and stored-image previews need (object URLs), nothing wider.
    expect(csp).toMatch(/(^|;)img-src 'self' data: blob:(;|$)/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the bundle under /dist and falls back to the portal page for other HTML GETs', async () => {
    const bundle = await call(env, 'GET', '/dist/retaguarda.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await call(env, 'GET', '/dist/nada.js', { headers: { accept: 'text/html' } })).status).toBe(404);
    const page = await call(env, 'GET', '/pedidos/lista?page=2', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.raw).toContain('<bo-portal>');
    const api = await call(env, 'GET', '/v1/pricing/nada', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'O conteúdo parece indisponível.' });
    expect((await call(env, 'GET', '/pedidos', { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('serves the bundle from memory yet sees a rebuild, answers its validator with 304, and serves nothing outside it', async () => {
    writeFileSync(path.join(dirs.dist, 'bo-teste.js'), 'export const versao = 1;');
    mkdirSync(path.join(dirs.dist, 'chunks'), { recursive: true });
    writeFileSync(path.join(dirs.dist, 'chunks', 'tabela-AbCdEf12.js'), 'export const t = 1;');
    writeFileSync(path.join(dirs.dist, '.env'), 'SEGREDO=1');
    writeFileSync(path.join(dirs.base, 'fora.js'), 'export const fora = 1;');

    const first = await call(env, 'GET', '/dist/bo-teste.js');
    expect(first.status).toBe(200);
    expect(first.raw).toBe('export const versao = 1;');
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await call(env, 'GET', '/dist/bo-teste.js', { headers: { 'if-none-match': etag } })).status).toBe(304);

    // A rebuild keeps an entry file's name: the next request gets the new content and validator.
    writeFileSync(path.join(dirs.dist, 'bo-teste.js'), 'export const versao = 22;');
    const rebuilt = await call(env, 'GET', '/dist/bo-teste.js', { headers: { 'if-none-match': etag } });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.raw).toBe('export const versao = 22;');
    expect(rebuilt.headers.etag).not.toBe(etag);

    const chunk = await call(env, 'GET', '/dist/chunks/tabela-AbCdEf12.js');
    expect(chunk.raw).toBe('export const t = 1;');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(env, 'HEAD', '/dist/chunks/tabela-AbCdEf12.js')).status).toBe(200);
    // A page kept next to the bundle (the benchmarks' floor page) opens as a page, not a download.
    writeFileSync(path.join(dirs.dist, 'pagina.html'), '<!doctype html><title>P</title>');
    expect((await call(env, 'GET', '/dist/pagina.html')).headers['content-type']).toBe('text/html; charset=utf-8');

    for (const url of ['/dist/.env', '/dist/../fora.js', '/dist/%2e%2e/fora.js', '/dist/chunks/%2e%2e%2f%2e%2e%2ffora.js', '/dist/chunks', '/dist/', '/dist/chunks/nada-AbCdEf12.js']) {
      const answer = await call(env, 'GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.raw, url).not.toContain('SEGREDO');
      expect(answer.raw, url).not.toContain('fora');
    }
    // A file removed by a rebuild is gone.
    rmSync(path.join(dirs.dist, 'bo-teste.js'));
    expect((await call(env, 'GET', '/dist/bo-teste.js')).status).toBe(404);
  });

  it('sends the build\'s brotli or gzip variant to a browser that accepts it, with its own validator, and never a variant older than its file', async () => {
    mkdirSync(path.join(dirs.dist, 'chunks'), { recursive: true });
    const source = `export const linhas = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Fornecedor ${i}`))};`;
    const chunk = path.join(dirs.dist, 'chunks', 'grande-AbCdEf12.js');
    writeFileSync(chunk, source);
    compressFile(chunk);
    const url = '/dist/chunks/grande-AbCdEf12.js';

    const br = await call(env, 'GET', url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.bytes.length).toBeLessThan(source.length / 3);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(source);

    const gzip = await call(env, 'GET', url, { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(source);

    const plain = await call(env, 'GET', url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.raw).toBe(source);

    // One validator per coding: a cache never answers one coding's request with another's bytes.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await call(env, 'GET', url, { headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } })).status).toBe(304);
    expect((await call(env, 'GET', url, { headers: { 'if-none-match': String(br.headers.etag) } })).status).toBe(200);
    const head = await call(env, 'HEAD', url, { headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');

    // An entry file rebuilt while its variants are not yet: the new file goes as it is, not the old variant.
    const entry = path.join(dirs.dist, 'bo-grande.js');
    writeFileSync(entry, source);
    compressFile(entry);
    expect((await call(env, 'GET', '/dist/bo-grande.js', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBe('br');
    const later = new Date(Date.now() + 5_000);
    writeFileSync(entry, `${source}\nexport const versao = 2;`);
    utimesSync(entry, later, later);
    const rebuilt = await call(env, 'GET', '/dist/bo-grande.js', { headers: { 'accept-encoding': 'br' } });
    expect(rebuilt.headers['content-encoding']).toBeUndefined();
    expect(rebuilt.raw).toContain('versao = 2');
    // A chunk asked for before the build compressed it goes as it is, then compressed once its variants are written.
    const early = path.join(dirs.dist, 'chunks', 'cedo-AbCdEf12.js');
    writeFileSync(early, source);
    expect((await call(env, 'GET', '/dist/chunks/cedo-AbCdEf12.js', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    compressFile(early);
    const compressed = await call(env, 'GET', '/dist/chunks/cedo-AbCdEf12.js', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.bytes).toString()).toBe(source);
    // A small file (under 1 KB) has no variant: it goes as it is.
    expect((await call(env, 'GET', '/dist/retaguarda.js', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('lists the chunks of the page\'s elements (and of a registry list\'s screen) as modulepreload links (build manifest)', async () => {
    writeFileSync(
      path.join(dirs.dist, 'preload.json'),
      JSON.stringify({
        files: {
          'retaguarda.js': [],
          'bo-portal.js': ['chunks/routes-AbCdEf12.js', 'chunks/guard-AbCdEf12.js'],
          'bo-login.js': ['chunks/login-AbCdEf12.js'],
          'chunks/ListPage-AbCdEf12.js': ['chunks/DataTable-AbCdEf12.js', 'chunks/routes-AbCdEf12.js'],
          'chunks/primeList-AbCdEf12.js': ['chunks/resources-AbCdEf12.js', 'chunks/routes-AbCdEf12.js'],
          'chunks/suppliers-AbCdEf12.js': ['chunks/fields-AbCdEf12.js'],
          'chunks/applicationAcls-AbCdEf12.js': ['chunks/fields-AbCdEf12.js'],
          'chunks/portal-shell-AbCdEf12.js': [],
          'chunks/recordTexts-AbCdEf12.js': [],
        },
        names: { ListPage: 'chunks/ListPage-AbCdEf12.js', primeList: 'chunks/primeList-AbCdEf12.js', suppliers: 'chunks/suppliers-AbCdEf12.js', applicationAcls: 'chunks/applicationAcls-AbCdEf12.js', PortalShell: 'chunks/portal-shell-AbCdEf12.js', recordTexts: 'chunks/recordTexts-AbCdEf12.js' },
      }),
    );
    const link = (file: string) => `<link rel="modulepreload" href="/dist/${file}" />`;
    try {
      for (const url of ['/', '/fornecedores?page=2', '/configuracoes/aplicacoes/7/acls', '/fornecedores/12']) {
        const page = await call(env, 'GET', url, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        expect(page.raw).toContain('<bo-portal>');
        for (const file of ['bo-portal.js', 'chunks/routes-AbCdEf12.js', 'chunks/guard-AbCdEf12.js']) expect(page.raw).toContain(link(file));
        // Only what the page uses: no other element; the list screen, and what asks for its
        // first page while the guard runs, on list routes only.
        expect(page.raw).not.toContain('login-AbCdEf12.js');
        const list = url.startsWith('/fornecedores?') || url.endsWith('/acls');
        // A list is a signed-in screen: the portal's frame and the record texts come with it, not after its answer.
        for (const file of ['chunks/ListPage-AbCdEf12.js', 'chunks/DataTable-AbCdEf12.js', 'chunks/primeList-AbCdEf12.js', 'chunks/resources-AbCdEf12.js', 'chunks/fields-AbCdEf12.js', 'chunks/portal-shell-AbCdEf12.js', 'chunks/recordTexts-AbCdEf12.js']) expect(page.raw.includes(link(file)), `${url} ${file}`).toBe(list);
        // The list's own declaration (its chunk, loaded with the screen), not another's.
        expect(page.raw.includes(link('chunks/suppliers-AbCdEf12.js')), url).toBe(url.startsWith('/fornecedores?'));
        expect(page.raw.includes(link('chunks/applicationAcls-AbCdEf12.js')), url).toBe(url.endsWith('/acls'));
        expect(page.raw.split(link('chunks/routes-AbCdEf12.js'))).toHaveLength(2);
      }
    } finally {
      rmSync(path.join(dirs.dist, 'preload.json'));
    }
    // Without a manifest the page goes as it is.
    expect((await call(env, 'GET', '/fornecedores', { headers: { accept: 'text/html' } })).raw).not.toContain('modulepreload');
  });

  it("names a list page's first requests (retaguarda.js sends them with the stored session), on this origin only", async () => {
    writeFileSync(dirs.config, readFileSync(path.join(ROOT, 'app.config.json')));
    const meta = async (url: string) => {
      const page = await call(env, 'GET', url, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.raw.startsWith('<!doctype html>')).toBe(true);
      return /<meta name="retaguarda-first-page" content="([^"]*)" \/>/.exec(page.raw)?.[1] ?? null;
    };
    // The first page, then the list's preferences (its columns), which the list awaits too.
    expect(await meta('/fornecedores')).toBe('/v1/companies/suppliers?sort=name&amp;page=1&amp;perPage=25 /v1/companies/suppliers/preferences');
    expect(await meta('/fornecedores/lista?q=%22%3E%3Cscript%3E&page=2')).toBe('/v1/companies/suppliers?sort=name&amp;q=%22%3E%3Cscript%3E&amp;page=2&amp;perPage=25 /v1/companies/suppliers/preferences');
    expect(await meta('/configuracoes/aplicacoes/7/acls')).toBe('/v1/identity/applications/7/acls?sort=title&amp;page=1&amp;perPage=25 /v1/identity/applications/7/acls/preferences');
    // A queue (a named list) keeps its own columns: `?list=`.
    expect((await meta('/fila-de-pagamentos/parcelamentos/autorizados'))?.split(' ')[1]).toBe('/api/finance/payable-installments/preferences?list=paymentAuthorized');
    for (const url of ['/', '/fornecedores/12', '/nao-existe']) expect(await meta(url), url).toBeNull();
    // The admin moves the API to another origin: the page names nothing (the token stays here).
    const config = JSON.parse(readFileSync(dirs.config, 'utf8')) as { apis: Record<string, { baseURL: string }> };
    config.apis.companies.baseURL = 'https://api.example.com/v1';
    writeFileSync(dirs.config, JSON.stringify(config));
    expect(await meta('/fornecedores')).toBeNull();
  });

  it("runs the build's early script first on the portal's pages (its config and first rows asked for before the bundle), allowed by its hash alone", async () => {
    writeFileSync(dirs.config, readFileSync(path.join(ROOT, 'app.config.json')));
    const early = path.join(dirs.dist, 'early.js');
    const text = '(function(){window.cedo=document.currentScript.dataset.configUrl})();';
    writeFileSync(early, `${text}\n`);
    const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    try {
      const page = await call(env, 'GET', '/fornecedores', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const script = `<script data-config-url="/app.config.json">${text}</script>`;
      expect(page.raw.split(script)).toHaveLength(2);
      // After what it reads (the first-request meta), before the tag and the bundle; the doctype stays first.
      expect(page.raw.startsWith('<!doctype html>')).toBe(true);
      expect(page.raw.indexOf('name="retaguarda-first-page"')).toBeLessThan(page.raw.indexOf(script));
      expect(page.raw.indexOf(script)).toBeLessThan(page.raw.indexOf('<bo-portal>'));
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(new RegExp(`(^|;)script-src 'self' ${hash.replace(/[+/=]/g, '\\$&')}(;|$)`));
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // A static page of the demo gets neither.
      const intranet = await call(env, 'GET', '/intranet.html', { headers: { accept: 'text/html' } });
      expect(intranet.raw).not.toContain(text);
      expect(String(intranet.headers['content-security-policy'])).not.toContain('sha256-');
      // A rebuild is seen at once; a script that would end its element early is never inlined.
      writeFileSync(early, 'window.x="</script><script>alert(1)</script>";');
      utimesSync(early, new Date(), new Date(Date.now() + 5000));
      const refused = await call(env, 'GET', '/', { headers: { accept: 'text/html' } });
      expect(refused.raw).not.toContain('alert(1)');
      expect(String(refused.headers['content-security-policy'])).not.toContain('sha256-');
      // The page's tag names another config: the script asks for that one.
      writeFileSync(early, text);
      utimesSync(early, new Date(), new Date(Date.now() + 10_000));
      writeFileSync(path.join(dirs.demo, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>Portal</title></head><body><bo-portal config-url="/config/portal.json"></bo-portal></body></html>');
      const named = await call(env, 'GET', '/', { headers: { accept: 'text/html' } });
      expect(named.raw).toContain(`<meta charset="utf-8"><script data-config-url="/config/portal.json">${text}</script><title>`);
    } finally {
      rmSync(early);
      writeFileSync(path.join(dirs.demo, 'index.html'), '<!doctype html><title>Portal</title><bo-portal></bo-portal>');
    }
    // Without the build's script the page goes as before.
    const plain = await call(env, 'GET', '/fornecedores', { headers: { accept: 'text/html' } });
    expect(plain.raw).not.toContain('<script');
    expect(String(plain.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('answers CORS only for configured origins', async () => {
    const allowed = await call(env, 'OPTIONS', 'auth', { headers: { origin: 'https://intranet.example.com', 'access-control-request-method': 'POST' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://intranet.example.com');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-xsrf-token');
    const denied = await call(env, 'GET', '/app.config.json', { headers: { origin: 'https://evil.example.com' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('shows e-mails in the dev mailbox when no SMTP server is configured', async () => {
    await call(env, 'POST', 'auth/password-recovery', { body: { login: 'compras@demo.com.br' } });
    await env.app.backgroundIdle();
    const json = await call(env, 'GET', '/dev/outbox.json');
    expect(json.status).toBe(200);
    expect(json.body[0]).toMatchObject({ to: 'compras@demo.com.br', subject: 'Recuperação de senha — Retaguarda' });
    expect(json.body[0].text).toContain('https://retaguarda.example.test/auth/recuperar-senha?token=');
    const html = await call(env, 'GET', '/dev/caixa-de-entrada', { headers: { accept: 'text/html' } });
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.raw).toContain('Caixa de entrada');
    expect(html.raw).toContain('Recuperação de senha — Retaguarda');
    expect(html.raw).not.toContain('<script');
  });

  it('answers a HEAD as the GET it stands for: its status and headers, no body (no HEAD route per GET)', async () => {
    const session = await loginSession(env, 'compras@demo.com.br');
    const get = await call(env, 'GET', '/v1/companies/suppliers?perPage=2', { session });
    const head = await call(env, 'HEAD', '/v1/companies/suppliers?perPage=2', { session });
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.raw).toBe('');
    for (const name of ['content-type', 'content-length', 'x-total-count', 'link', 'cache-control', 'content-security-policy']) expect(head.headers[name], name).toEqual(get.headers[name]);
    // The GET's own checks: no session, no rows (and a HEAD counts against the rate limit as the GET does).
    expect((await call(env, 'HEAD', '/v1/companies/suppliers')).status).toBe(401);
    expect((await call(env, 'HEAD', '/v1/companies/nada')).status).toBe(404);
    // Pages and health answer HEAD too.
    expect((await call(env, 'HEAD', '/healthz')).status).toBe(200);
    const page = await call(env, 'HEAD', '/fornecedores', { headers: { accept: 'text/html' } });
    expect([page.status, page.headers['content-type'], page.raw]).toEqual([200, 'text/html; charset=utf-8', '']);
  });
});
