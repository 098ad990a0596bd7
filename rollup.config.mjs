import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { vanillaShadow } from './scripts/rollup-vanilla-shadow.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const production = process.env.NODE_ENV !== 'development';

/** builds/latest.json: what a running portal polls to learn that a new bundle is out. */
function buildManifest() {
  return {
    name: 'build-manifest',
    writeBundle() {
      mkdirSync('dist/builds', { recursive: true });
      writeFileSync('dist/builds/latest.json', JSON.stringify({ version: pkg.version, builtAt: new Date().toISOString() }) + '\n');
    },
  };
}

/**
 * preload.json: the static imports, transitively, of each entry and each lazily loaded chunk
 * (`files: {"bo-portal.js": ["chunks/…"]}`), and the file of each lazy chunk by name (`names:
 * {"ListPage": "chunks/ListPage-….js"}`). The server lists them as <link rel="modulepreload"> in
 * the pages that use them, so the browser fetches an element's (and a list screen's) chunks at
 * once instead of one import level at a time.
 */
function preloadManifest() {
  return {
    name: 'preload-manifest',
    generateBundle(_options, bundle) {
      const closure = (fileName, seen) => {
        for (const dep of bundle[fileName]?.imports ?? []) if (!seen.has(dep)) closure(dep, seen.add(dep));
        return seen;
      };
      const files = {};
      const names = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
        files[chunk.fileName] = [...closure(chunk.fileName, new Set())];
        if (chunk.isDynamicEntry) names[chunk.name] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify({ files, names }) });
    },
  };
}

export default {
  input: {
    retaguarda: 'src/elements/index.ts',
    'bo-portal': 'src/elements/bo-portal.ts',
    'bo-login': 'src/elements/bo-login.ts',
    'bo-minha-conta': 'src/elements/bo-minha-conta.ts',
    'bo-pedidos': 'src/elements/bo-pedidos.ts',
    'bo-contas-a-pagar': 'src/elements/bo-contas-a-pagar.ts',
    'bo-contas-a-receber': 'src/elements/bo-contas-a-receber.ts',
  },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: false,
  },
  plugins: [
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __APP_VERSION__: JSON.stringify(pkg.version),
      },
    }),
    vanillaShadow({ sheetModule: 'src/core/styles/sheet.ts' }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json' }),
    production && terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
    buildManifest(),
    preloadManifest(),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'CIRCULAR_DEPENDENCY') return;
    warn(warning);
  },
};
