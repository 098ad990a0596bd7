/**
 * The server as one ES module for `npm start` (`node dist-server/main.mjs`): esbuild bundles
 * server/ and src/, and kysely and zod (BUNDLED); the other packages stay in node_modules.
 * Plain node starts it in ~0.6 s and ~130 MB less than `tsx server/main.ts`, which compiles the
 * TypeScript at every start, and it has no launcher process in between that could cut a
 * graceful shutdown short (docs/decisions.md "The embedded database"). Next to it, `setup.mjs`: the setup command
 * (server/setup/cli.ts, `npm run setup` from the sources). `node scripts/build-server.mjs [outfile]`.
 */
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
  const common = { bundle: true, platform: 'node', format: 'esm', plugins: [externalPackages], target: 'node20', logLevel: 'warning' };
  await build({ ...common, entryPoints: ['server/main.ts'], outfile });
  await build({ ...common, entryPoints: ['server/setup/cli.ts'], outfile: path.join(path.dirname(outfile), 'setup.mjs') });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
