/**
 * The built bundle (STATIC_DIR) under /dist/, served from memory. A cold portal load asks for
 * ~30 small files at once (the modulepreload links), and the per-file work of a static file
 * server (stat, open, stream, validator) on each of them delayed the first row by tens of
 * milliseconds on a 2-core machine (docs/decisions.md, "Fewer files, the first request before
 * the first render").
 * A file is read on its first request and kept. A hashed chunk never changes under its name; any
 * other file (the entry files, the manifests) is checked against its size and mtime on every
 * request, so a rebuild under a running server is served at once.
 * The build writes brotli and gzip variants beside the text files (scripts/compress-bundle.ts);
 * a browser that accepts one gets it (`vary: accept-encoding`, a validator of its own). A variant
 * older than its file (a build still writing) is not used.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, sendError } from '../errors.js';
import { isCompressible } from './compressible.js';

const HASHED_CHUNK = /^chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * Cache-Control of a file of the bundle (path relative to STATIC_DIR, `/`-separated): a hashed
 * chunk never changes under its name, so browsers keep it a year without asking; the entry files
 * (retaguarda.js, bo-*.js, builds/latest.json…) keep their names across builds and revalidate.
 */
const staticCacheControl = (relativePath: string): string => (HASHED_CHUNK.test(relativePath) ? IMMUTABLE : 'no-cache');

/** How long after a file was written its variants may still arrive (scripts/compress-bundle.ts runs after the bundle). */
const VARIANTS_WINDOW_MS = 60_000;

/** The content codings the build writes, in the order a browser that accepts both gets them. */
const CODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;
type Coding = (typeof CODINGS)[number]['name'];

interface Variant {
  body: Buffer;
  etag: string;
}

interface BundleFile extends Variant {
  type: string;
  cacheControl: string;
  size: number;
  mtimeMs: number;
  encoded: Partial<Record<Coding, Variant>>;
}

/** The codings an Accept-Encoding header allows (a `q=0` refuses one). */
function acceptedCodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const entry of String(header ?? '').split(',')) {
    const [name, ...parameters] = entry.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The build's variants of `file` written after it (a variant older than its file is left out). */
async function encodedVariants(file: string, mtimeMs: number, etag: string): Promise<BundleFile['encoded']> {
  const encoded: BundleFile['encoded'] = {};
  for (const { name, extension } of CODINGS) {
    try {
      if ((await stat(file + extension)).mtimeMs < mtimeMs) continue;
      // The identity's validator with the coding: a cache never takes one coding's bytes for another's.
      encoded[name] = { body: await readFile(file + extension), etag: `${etag.slice(0, -1)}-${name}"` };
    } catch {
      // no such variant: the file goes as it is
    }
  }
  return encoded;
}

/** A path of the bundle a client may ask for: relative, no dot segment or dotfile, no NUL. */
const servable = (relative: string) => relative !== '' && !relative.includes('\0') && relative.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));

/** A file of the bundle as kept in memory (the page's inline early script reads it so: early-script.ts). */
export type ReadBundleFile = (relative: string) => Promise<{ body: Buffer; etag: string } | null>;

/** Serves /dist/…; returns the reader of the same in-memory files. */
export function bundleFiles(app: FastifyInstance, staticDir: string): ReadBundleFile {
  const root = path.resolve(staticDir);
  const files = new Map<string, BundleFile>();

  const load = async (relative: string): Promise<BundleFile | null> => {
    const known = files.get(relative);
    const file = path.join(root, relative);
    // A file asked for while the build was still compressing: its variants are looked for again, but
    // only while the file is fresh (a build writes them within seconds), not on every request of a
    // file that has none (a build without compression, or a variant that would not be smaller).
    const variantsDue = (loaded: BundleFile) => !Object.keys(loaded.encoded).length && isCompressible(relative, loaded.size) && Date.now() - loaded.mtimeMs < VARIANTS_WINDOW_MS;
    if (known && variantsDue(known)) known.encoded = await encodedVariants(file, known.mtimeMs, known.etag);
    if (known && known.cacheControl === IMMUTABLE) return known;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known;
      const body = await readFile(file);
      const etag = etagOf(body);
      const loaded: BundleFile = {
        body,
        etag,
        type: TYPES[path.extname(relative)] ?? 'application/octet-stream',
        cacheControl: staticCacheControl(relative),
        size: info.size,
        mtimeMs: info.mtimeMs,
        encoded: await encodedVariants(file, info.mtimeMs, etag),
      };
      files.set(relative, loaded);
      return loaded;
    } catch {
      files.delete(relative);
      return null;
    }
  };

  app.get('/dist/*', { schema: { hide: true } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const file = servable(relative) ? await load(relative) : null;
    if (!file) return sendError(reply, 404, { message: MESSAGES.notFound });
    // The bundle may be embedded by intranet pages of another origin.
    reply.header('cross-origin-resource-policy', 'cross-origin').header('cache-control', file.cacheControl);
    const accepted = Object.keys(file.encoded).length ? acceptedCodings(request.headers['accept-encoding']) : undefined;
    const coding = accepted && CODINGS.find(({ name }) => file.encoded[name] && accepted.has(name))?.name;
    const variant: Variant = coding ? file.encoded[coding]! : file;
    if (accepted) reply.header('vary', 'accept-encoding');
    if (coding) reply.header('content-encoding', coding);
    reply.header('etag', variant.etag);
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    return reply.type(file.type).send(variant.body);
  });
  return load;
}
