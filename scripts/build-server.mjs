/**
 * The server as ES modules for `npm start` (`node dist-server/main.mjs`): esbuild bundles
 * server/ and src/, and kysely and zod (BUNDLED); the other packages stay in node_modules.
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
 * Packages bundled in (the others stay in node_modules): pure ES modules of many small files,
 * which node resolves and links one file at a time at every start (issue 23: kysely and zod
 * are ~300 files). fastify-type-provider-zod goes with zod: it must see the same zod classes
 * (`instanceof $ZodType`) as the declarations.
 */
const BUNDLED = new Set(['kysely', 'zod', 'fastify-type-provider-zod']);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.has(packageName(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

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
    target: 'node20',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
