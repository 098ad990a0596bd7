/**
 * The server as ES modules for `npm start` (`node dist-server/main.mjs`): esbuild bundles
 * server/ and src/ with the packages they import, except those in EXTERNAL (still read from
 * node_modules: keep it beside the bundle).
 * Three entries share chunks (`chunk-*.mjs`): `main.mjs` is small — it starts the embedded
 * database's worker (`pglite-worker.mjs`) and then imports the rest of the server, so that the
 * two load in parallel (server/main.ts).
 * Plain node starts it in ~0.6 s and ~130 MB less than `tsx server/main.ts`, which compiles the
 * TypeScript at every start, and it has no launcher process in between that could cut a
 * graceful shutdown short (docs/decisions.md "The embedded database"). Next to it, `setup.mjs`: the setup command
 * (server/setup/cli.ts, `npm run setup` from the sources). `node scripts/build-server.mjs [outfile]`.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist-server/main.mjs';

/**
 * Packages left in node_modules; every other package the server imports is bundled in (issue 23:
 * node resolved, read and compiled ~140 files of fastify, its plugins and their dependencies one
 * at a time at every start, ~0.35 s of CPU; kysely and zod were ~300 more). Left out: native
 * and WebAssembly code with files of its own (argon2, PGlite), what loads only when used
 * (`pg` and pg-boss on PostgreSQL or with the job queue, the spreadsheet, XML, QR and mail
 * libraries), and the build tools the setup command never reaches.
 */
const EXTERNAL = new Set(['@node-rs/argon2', '@electric-sql/pglite', 'pg', 'pg-native', 'pg-boss', 'exceljs', 'nodemailer', 'qrcode', 'esbuild', 'rollup', 'tsx']);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (EXTERNAL.has(packageName(args.path)) || args.path.startsWith('node:') ? { path: args.path, external: true } : undefined));
  },
};

/** CommonJS packages bundled into ES modules still call `require` (node's own modules): each file gets one. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export async function buildServer(outfile = SERVER_BUNDLE) {
  const outdir = path.dirname(outfile);
  mkdirSync(outdir, { recursive: true });
  for (const file of readdirSync(outdir)) if (/^chunk-.*\.mjs$/.test(file)) rmSync(path.join(outdir, file));
  await build({
    entryPoints: { [path.basename(outfile, '.mjs')]: 'server/main.ts', setup: 'server/setup/cli.ts', 'pglite-worker': 'server/db/pglite-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins: [externalPackages],
    banner: { js: REQUIRE_BANNER },
    // server/app.ts imports `cookie` for its load-time side (see there); bundled, that import has no use and esbuild says so.
    logOverride: { 'ignored-bare-import': 'silent' },
    target: 'node20',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
