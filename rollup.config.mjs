import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
        if (!chunk.isDynamicEntry) continue;
        names[chunk.name] = chunk.fileName;
        // The lazily imported modules a chunk holds (the list chunk holds ListPage and primeList).
        for (const moduleId of chunk.moduleIds) {
          if (this.getModuleInfo(moduleId)?.dynamicImporters.length) names[moduleId.replace(/^.*\//, '').replace(/\.[^.]+$/, '')] ??= chunk.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify({ files, names }) });
    },
  };
}

/**
 * The list screen in one chunk: every module the generic list screen (ListPage), its prime
 * (primeList) and the record screens' texts (core/i18n/recordTexts.ts, which every signed-in record
 * screen loads with the list chunk anyway) import statically, except what an element's own code
 * already loads up front. A
 * cold list otherwise fetched ~20 small chunks after the element's; each file costs the browser
 * and the server a request of their own (docs/decisions.md, "Fewer files, the first request
 * before the first render").
 * A manual chunk takes in every unassigned module it imports, so the modules of the list's graph
 * that the elements load up front are assigned too: to `core` when every element (bo-*) loads them
 * (with all the others every element loads), else grouped by the set of elements that load them,
 * as rollup groups them by itself. The portal's up-front modules are not left to rollup either:
 * it split them into five small chunks by which later chunks share them, and each file of a cold
 * load costs more than its bytes on a busy 2-core machine (~25 ms less to the first row with five
 * files instead of ten). Those that another element may load (up front or later) go to `core`
 * (~14 KB more for the other elements, ~2–4 KB gz), unless <bo-login> never loads them (the
 * catalogue, the areas' route data, the guard): those go to `areas`, which the signed-in elements
 * load and the login does not (issue 23: <bo-login> 118 → 110 KB gz, one more file for the others);
 * the rest to the manual chunk that holds the bo-portal.ts entry itself, which rollup emits as
 * bo-portal.js. The rest of the bundle is left to rollup.
 */
function listScreenChunk() {
  const listRoots = ['/src/modules/registry/ListPage.tsx', '/src/modules/registry/primeList.ts', '/src/core/i18n/recordTexts.ts'];
  let chunkOf = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      const closure = (start, dynamic = false) => {
        const seen = new Set();
        const visit = (moduleId) => {
          if (seen.has(moduleId)) return;
          seen.add(moduleId);
          const info = getModuleInfo(moduleId);
          for (const imported of info?.importedIds ?? []) visit(imported);
          if (dynamic) for (const imported of info?.dynamicallyImportedIds ?? []) visit(imported);
        };
        [].concat(start).forEach(visit);
        return seen;
      };
      const ids = [...getModuleIds()];
      const entries = ids.filter((moduleId) => getModuleInfo(moduleId)?.isEntry).sort();
      const elements = entries.filter((entry) => /\/bo-[\w-]+\.ts$/.test(entry));
      const boot = entries.find((entry) => !elements.includes(entry));
      const portal = elements.find((entry) => entry.endsWith('/bo-portal.ts'));
      // The portal's signed-in frame is a dynamic import (a signed-out visitor never loads it), but it
      // is grouped as if up front: what it shares goes to core/areas as before, what only it uses to
      // its own 'portal-shell' chunk instead of bo-portal.js.
      const shellRoot = ids.find((candidate) => candidate.endsWith('/src/modules/portal/PortalShell.tsx'));
      const portalStatic = closure(portal);
      const loadedBy = new Map();
      for (const entry of entries) for (const moduleId of closure(entry === portal && shellRoot ? [entry, shellRoot] : entry)) loadedBy.set(moduleId, [...(loadedBy.get(moduleId) ?? []), entry]);
      // What <bo-login> may ever load: the rest of the portal's up-front modules (the catalogue, the areas' routes) stays out of its core.
      const login = closure(elements.filter((element) => element.endsWith('/bo-login.ts')), true);
      // What another element may load, now or in a later chunk: never in bo-portal.js, whose own code defines <bo-portal>.
      const otherElements = new Set(elements.filter((element) => element !== portal).flatMap((element) => [...closure(element, true)]));
      // Named after the elements that load the group, relative to the project: the same name on every checkout.
      const group = (by) => `shared-${createHash('sha256').update(by.map((entry) => path.relative(process.cwd(), entry)).join('|')).digest('hex').slice(0, 6)}`;
      const inList = closure(ids.filter((candidate) => listRoots.some((root) => candidate.endsWith(root))));
      chunkOf = new Map();
      for (const [moduleId, by] of loadedBy) {
        // What every element loads, but not retaguarda.js (it stays small: it finds the tags and asks for the config at once).
        if (by.length === elements.length && elements.every((element) => by.includes(element))) chunkOf.set(moduleId, 'core');
        // What the portal loads up front: with its own code in bo-portal.js, or in `core` when another element may load it too,
        // so the portal's first list is five files, not ten.
        else if (by.includes(portal) && !by.includes(boot)) chunkOf.set(moduleId, !otherElements.has(moduleId) ? (portalStatic.has(moduleId) ? 'bo-portal' : 'portal-shell') : login.has(moduleId) ? 'core' : 'areas');
        // What retaguarda.js loads, and the list's modules the elements load up front: as rollup groups them.
        else if (by.includes(boot) || inList.has(moduleId)) chunkOf.set(moduleId, group(by));
      }
      for (const moduleId of inList) if (!loadedBy.has(moduleId)) chunkOf.set(moduleId, 'list');
    }
    return chunkOf.get(id) ?? DECLARATION_PARTS.find(([pattern]) => pattern.test(id))?.[1];
  };
}

/**
 * The field builders, `defineResource` and what every declaration shares: in the list's chunk.
 * Each declaration imports the list chunk already (its field types live there), and every screen
 * that loads a declaration loads that chunk too, so they cost nobody a byte there; left to rollup
 * they were nine files of 0.1–0.6 KB gz, then one more file for every record screen.
 */
const FIELD_BUILDERS = /\/src\/contracts\/(fields\/[^/]+|define|resources\/parts\/common)\.ts$/;

/**
 * The small modules the declarations share, grouped so that a list's declaration is one or two
 * files rather than ten: left to rollup, /fornecedores' declaration pulled nine chunks of 0.1–1.1 KB
 * gz (person, contact, payment, bankAccount, ufs, states…). On HTTP/1.1 a browser opens six
 * connections to the server, so each extra file of a cold list queues behind the others, and on a
 * busy 2-core machine each costs the browser some CPU of its own: 15 → 8 files took ~5–15 ms off
 * the first row, paired A/B (docs/decisions.md, issue 23 "First row … a fifth look").
 * Each group holds modules that their users load together: a family's declarations go with the
 * parts only that family uses (suppliers, customers and persons with the person's fields).
 */
const DECLARATION_PARTS = [
  [FIELD_BUILDERS, 'list'],
  [/\/src\/contracts\/brazil\/(pixKeyTypes|bankAccount)\.ts$/, 'list'],
  // The states (UF) and the DRE's lines: imported together by the declarations, reports and forms that use either.
  [/(\/src\/contracts\/brazil\/(ufs|dre)\.ts|\/@brazilian-utils\/brazilian-utils\/dist\/(get-states|states-[\w-]+)\.js)$/, 'places'],
  [/\/src\/contracts\/resources\/(parts\/(person|address|contact|payment)|suppliers|customers|persons)\.ts$/, 'person'],
  // A lançamento's fields and its parcelas' payment and receipt data: the payables', installments' and their screens'.
  [/\/src\/contracts\/(resources\/parts\/(financeEntry|paymentDataFields|receiptDataFields)|recurrence)\.ts$/, 'financeEntry'],
];

/**
 * early.js: the portal page's first requests, a classic script the server inlines into the page
 * (src/elements/early.ts, server/http/web.ts), so it runs before any module has loaded.
 */
const earlyScript = {
  input: 'src/elements/early.ts',
  output: { file: 'dist/early.js', format: 'iife' },
  plugins: [
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts'] }),
    esbuild({ target: 'es2022', tsconfig: 'tsconfig.json' }),
    production && terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
  ],
};

const bundle = {
  input: {
    retaguarda: 'src/elements/index.ts',
    'bo-portal': 'src/elements/bo-portal.ts',
    'bo-login': 'src/elements/bo-login.ts',
    'bo-minha-conta': 'src/elements/bo-minha-conta.ts',
    'bo-pedidos': 'src/elements/bo-pedidos.ts',
    'bo-cotacoes': 'src/elements/bo-cotacoes.ts',
    'bo-ordens-de-compra': 'src/elements/bo-ordens-de-compra.ts',
    'bo-contas-a-pagar': 'src/elements/bo-contas-a-pagar.ts',
    'bo-contas-a-receber': 'src/elements/bo-contas-a-receber.ts',
    'bo-conciliacao': 'src/elements/bo-conciliacao.ts',
    'bo-arquivos-de-remessa': 'src/elements/bo-arquivos-de-remessa.ts',
    'bo-painel': 'src/elements/bo-painel.ts',
  },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // SOURCEMAP=1: maps beside the chunks, to read a browser's CPU profile by source file (never shipped by default).
    sourcemap: process.env.SOURCEMAP === '1',
    manualChunks: listScreenChunk(),
  },
  plugins: [
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __APP_VERSION__: JSON.stringify(pkg.version),
        // What a stored "already validated" app config text is valid for (src/core/config.ts).
        __CONFIG_SCHEMA_ID__: JSON.stringify(createHash('sha256').update(readFileSync('src/core/configSchema.ts')).digest('hex').slice(0, 16)),
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

export default [bundle, earlyScript];
