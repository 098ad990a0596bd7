/**
 * Everything the server serves besides the API families:
 * - /app.config.json, read from APP_CONFIG_PATH on every request (admins edit it live);
 * - /builds/latest.json, the front-end version the portal polls;
 * - /dist/… the built bundle (STATIC_DIR), from memory (bundle-files.ts); /… the demo pages
 *   (DEMO_DIR), revalidated;
 * - /dev/caixa-de-entrada and /dev/outbox.json: the development mailbox (outbox mailer only);
 * - /openapi.json;
 * - the SPA fallback: other GETs that accept HTML get DEMO_DIR/index.html (the portal page).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { MESSAGES, sendError } from '../errors.js';
import { bundleFiles, type ReadBundleFile } from './bundle-files.js';
import { withEarlyScript } from './early-script.js';
import { escapeHtml } from '../mail/templates.js';
import type { ResourceName } from '../../src/core/catalogue/entries.js';
import { DECLARATION_MODULES } from '../../src/core/catalogue/sources.js';
import { firstPageMeta, listAt, reportAt } from './firstPage.js';
import { answerHeadAsGet } from './head.js';

const API_PREFIXES = ['/v1/', '/api/', '/dist/', '/dev/'];

function isDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

async function readAppConfig(ctx: AppContext): Promise<{ text: string; mtime: Date } | null> {
  try {
    const [text, info] = await Promise.all([readFile(ctx.settings.appConfigPath, 'utf8'), stat(ctx.settings.appConfigPath)]);
    return { text, mtime: info.mtime };
  } catch {
    return null;
  }
}

/** dist/preload.json (rollup.config.mjs `preloadManifest`). */
interface PreloadManifest {
  /** Entry or lazy chunk → its static imports, transitively. */
  files: Record<string, string[]>;
  /** Lazy chunk name (`ListPage`) → its file. */
  names: Record<string, string>;
}

/** `extra` at the end of the page's head (after its doctype when it has no `</head>`: a doctype must stay first). */
function intoHead(html: string, extra: string): string {
  if (!extra) return html;
  if (html.includes('</head>')) return html.replace('</head>', `${extra}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '';
  return `${doctype}${extra}${html.slice(doctype.length)}`;
}

/**
 * A page of DEMO_DIR with <link rel="modulepreload"> for what its scripts and elements load
 * (STATIC_DIR/preload.json, written by the build): `/dist/retaguarda.js` and `<bo-portal>` → the
 * entries and their static imports, fetched at once; `screens` (lazy chunk names: the list
 * screen of a list route) → those chunks and their imports too; `head`, more of the page's head
 * (its first request). Without the manifest the page goes with `head` only.
 */
export async function pageWithPreloads(file: string, staticDir: string, screens: readonly string[] = [], head = ''): Promise<string> {
  const html = intoHead(await readFile(file, 'utf8'), head);
  let manifest: PreloadManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(staticDir, 'preload.json'), 'utf8')) as PreloadManifest;
  } catch {
    return html;
  }
  const entries = [
    ...[...html.matchAll(/src="\/dist\/([\w.-]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<(bo-[a-z-]+)[\s>]/g)].map((m) => `${m[1]}.js`),
    ...screens.map((name) => manifest.names?.[name] ?? ''),
  ].filter((entry) => Object.hasOwn(manifest.files ?? {}, entry));
  const files = new Set(entries.flatMap((entry) => [entry, ...manifest.files[entry]]));
  const links = [...files].filter((name) => !html.includes(`"/dist/${name}"`)).map((name) => `<link rel="modulepreload" href="/dist/${name}" />`);
  return intoHead(html, links.join(''));
}

/**
 * What the portal loads lazily for any signed-in screen before it shows: the portal's frame and the
 * record screens' texts (src/modules/area/withLoaders.ts). A list's or a report's page is a
 * signed-in screen, so they come with its first request instead of after its answer (a signed-out
 * visit to such a URL, sent on to /login, fetches them for nothing, as it fetches the list screen).
 */
const SIGNED_IN_SCREENS = ['PortalShell', 'recordTexts'];

/**
 * The lazy chunks a registry list's page loads first: what primes its first page, the generic list
 * screen, and the list's declaration (its own chunk, which both await).
 */
const listScreens = (resource: string) => ['primeList', 'ListPage', ...SIGNED_IN_SCREENS, ...(Object.hasOwn(DECLARATION_MODULES, resource) ? [DECLARATION_MODULES[resource as ResourceName]] : [])];

export async function webRoutes(app: FastifyInstance, ctx: AppContext) {
  const staticDir = path.resolve(ctx.settings.staticDir);
  const demoDir = path.resolve(ctx.settings.demoDir);
  const startedAt = new Date();

  // Re-read on every request (admins edit it live), with a validator: a client holding the current
  // version gets a bodiless 304 whatever its cache-busting query says.
  app.get('/app.config.json', { schema: { hide: true } }, async (request, reply) => {
    const config = await readAppConfig(ctx);
    if (!config) return sendError(reply, 404, { message: MESSAGES.notFound });
    const etag = `"${createHash('sha256').update(config.text).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(config.text);
  });

  app.get('/builds/latest.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    try {
      return reply.send(await readFile(path.join(staticDir, 'builds', 'latest.json'), 'utf8'));
    } catch {
      const config = await readAppConfig(ctx);
      let version = '0.0.0';
      try {
        version = String(JSON.parse(config?.text ?? '{}').useFrontEndVersion ?? version);
      } catch {
        /* invalid app config: keep the default */
      }
      return reply.send({ version, builtAt: (config?.mtime ?? startedAt).toISOString() });
    }
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));

  if (ctx.settings.devMailbox) {
    const messages = () =>
      ctx.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(200).execute();
    app.get('/dev/outbox.json', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await messages();
      return reply.header('cache-control', 'no-store').send(
        rows.map((m) => ({ id: m.id, createdAt: m.created_at.toISOString(), from: m.from_address, to: m.to_address, subject: m.subject, text: m.text_body })),
      );
    });
    app.get('/dev/caixa-de-entrada', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await messages();
      const items = rows.length
        ? rows
            .map(
              (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">Para: ${escapeHtml(m.to_address)} · De: ${escapeHtml(m.from_address)} · ${escapeHtml(
                m.created_at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
              )}</p><pre>${escapeHtml(m.text_body)}</pre></article>`,
            )
            .join('\n')
        : '<p>Nenhuma mensagem por enquanto.</p>';
      const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Caixa de entrada (desenvolvimento) — Retaguarda</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#555;font-size:.9em}pre{white-space:pre-wrap}</style></head><body><h1>Caixa de entrada (desenvolvimento)</h1><p>E-mails que o servidor enviaria. Esta página só existe quando nenhum servidor SMTP está configurado (SMTP_URL). Recarregue a página para ver novas mensagens.</p>${items}</body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  }

  const hasDemo = isDir(demoDir);
  /** The bundle's files in memory (set once /dist is served below). */
  let readBundle: ReadBundleFile | undefined;
  // A list's page also names its first page's request, which retaguarda.js sends at once (firstPage.ts).
  // A report's page names the report's request and preloads the report screen (bench/report-first-paint.ts).
  const portalPage = async (reply: FastifyReply, pathname = '/', search = '') => {
    const list = listAt(pathname);
    const report = list ? null : reportAt(pathname);
    const head = list || report ? firstPageMeta(pathname, search, (await readAppConfig(ctx))?.text, list) : '';
    const screens = list ? listScreens(list.mount.resource) : report ? ['ReportPage', ...SIGNED_IN_SCREENS] : [];
    const html = await withEarlyScript(await pageWithPreloads(path.join(demoDir, 'index.html'), staticDir, screens), head, readBundle, reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  // The portal's home is the portal page too, with its preload links (not the plain static file).
  if (hasDemo && existsSync(path.join(demoDir, 'index.html'))) app.get('/', { schema: { hide: true } }, (_request, reply) => portalPage(reply));
  await app.register(fastifyStatic, {
    root: hasDemo ? demoDir : process.cwd(),
    serve: hasDemo,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    dotfiles: 'deny',
    decorateReply: true,
    cacheControl: true,
    maxAge: 0,
    setHeaders: (res) => {
      res.header('cache-control', 'no-cache');
    },
  });
  readBundle = isDir(staticDir) ? bundleFiles(app, staticDir) : undefined;

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'HEAD') return answerHeadAsGet(app, request, reply);
    const [url, query] = request.url.split(/\?(.*)/s, 2);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.method === 'GET' && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p)) && existsSync(path.join(demoDir, 'index.html'))) {
      return portalPage(reply, url, query ? `?${query}` : '');
    }
    return sendError(reply, 404, { message: MESSAGES.notFound });
  });
}
