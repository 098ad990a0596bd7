/**
 * The server as one ES module for `npm start` (`node dist-server/main.mjs`): esbuild bundles
 * server/ and src/ (the packages stay in node_modules). Plain node starts it in ~0.6 s and
 * ~130 MB less than `tsx server/main.ts`, which compiles the TypeScript at every start, and it
 * has no launcher process in between that could cut a graceful shutdown short
 * (docs/decisions.md "The embedded database"). `node scripts/build-server.mjs [outfile]`.
 */
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist-server/main.mjs';

export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
