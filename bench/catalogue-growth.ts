/**
 * Figure (issue 23, the registry as a catalogue): how much an element's first list grows when the
 * product gets 20 more workflow declarations — goal ≤ 1 KB gz. In a temporary copy of the project
 * (src, scripts, the build's configuration; node_modules linked), the bundle is built as it is and
 * again with 20 synthetic declarations (six states and five transitions each, mounted in the route
 * table like any registry, in the catalogue through `npm run registry:catalogue`). Each first list
 * is counted from the build's own chunk graph (dist/preload.json): the page's scripts with their
 * static imports, the list screen's, its prime's and its declaration's chunks, each gzip -9 — the
 * files a browser fetches for it (bench/bundle-size.ts measures the same lists in Chromium).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SYNTHETIC = 20;
const GOAL_KB = 1;
const ROOT = path.resolve(import.meta.dirname, '..');

/** What each first list loads: the element's script, then the lazily loaded modules of its list route (by module name). */
const FIRST_LISTS: { label: string; entry: string; lazy: string[] }[] = [
  { label: '<bo-pedidos> /pedidos', entry: 'bo-pedidos.js', lazy: ['OrderListPage', 'ListPage', 'primeList', 'orders'] },
  { label: '<bo-contas-a-pagar> lançamentos', entry: 'bo-contas-a-pagar.js', lazy: ['FinanceListPage', 'ListPage', 'primeList', 'payables'] },
  { label: '<bo-portal> /fornecedores', entry: 'bo-portal.js', lazy: ['ListPage', 'primeList', 'suppliers'] },
  { label: '<bo-login> (no list)', entry: 'bo-login.js', lazy: [] },
];

function firstListKb(dist: string, entry: string, lazy: string[]): number {
  const { files, names } = JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8')) as { files: Record<string, string[]>; names: Record<string, string> };
  const loaded = new Set<string>();
  for (const file of ['retaguarda.js', entry, ...lazy.map((name) => names[name])]) {
    if (!file) throw new Error(`no chunk for one of ${lazy.join(', ')}`);
    for (const each of [file, ...(files[file] ?? [])]) loaded.add(each);
  }
  return [...loaded].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0) / 1024;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A workflow declaration like the product's: six states, five transitions, a few fields and list columns. */
const declaration = (n: number) => `import { defineResource } from '../define';
import { date, enumOf, money, text } from '../fields';
import { defineWorkflow, reasonInput, stateLabels } from '../workflow';

const STATES = ['draft', 'submitted', 'approved', 'rejected', 'done', 'cancelled'] as const;

const workflow = defineWorkflow<(typeof STATES)[number]>({
  field: 'status',
  initial: 'draft',
  states: {
    draft: { label: 'Rascunho ${n}', tone: 'neutral' },
    submitted: { label: 'Enviado ${n}', tone: 'info' },
    approved: { label: 'Aprovado ${n}', tone: 'success' },
    rejected: { label: 'Reprovado ${n}', tone: 'danger' },
    done: { label: 'Concluído ${n}', tone: 'success', locked: 'all' },
    cancelled: { label: 'Cancelado ${n}', tone: 'neutral', locked: 'all' },
  },
  transitions: [
    { name: 'submit', label: 'Enviar ${n}', verb: 'enviar', from: ['draft', 'rejected'], to: 'submitted', scope: 'create', bulk: true },
    { name: 'approve', label: 'Aprovar ${n}', verb: 'aprovar', from: ['submitted'], to: 'approved', scope: 'approve' },
    { name: 'reject', label: 'Reprovar ${n}', verb: 'reprovar', from: ['submitted'], to: 'rejected', scope: 'approve', input: reasonInput },
    { name: 'finish', label: 'Concluir ${n}', verb: 'concluir', from: ['approved'], to: 'done', scope: 'update', confirm: 'Concluir este registro ${n}?' },
    { name: 'cancel', label: 'Cancelar ${n}', verb: 'cancelar', from: ['draft', 'submitted', 'approved'], to: 'cancelled', scope: 'create', input: reasonInput, tone: 'danger' },
  ],
});

export const synthetic${pad(n)} = defineResource({
  name: 'synthetic${pad(n)}',
  api: 'supply',
  path: 'synthetic-${pad(n)}',
  route: { base: '/sinteticos-${pad(n)}', idParam: 'syntheticId' },
  permission: 'synthetic${pad(n)}',
  labels: { one: 'Documento sintético ${n}', many: 'Documentos sintéticos ${n}', gender: 'm' },
  titleField: 'title',
  fields: {
    title: text('Título ${n}', { max: 160 }),
    status: enumOf('Situação', STATES, stateLabels(STATES, workflow), { readOnly: true }),
    amount: money('Valor ${n}'),
    dueDate: date('Vencimento ${n}', { optional: true }),
  },
  list: {
    columns: [{ field: 'title', sortable: true }, { field: 'status' }, { field: 'amount', sortable: true }, { field: 'dueDate' }],
    defaultSort: 'title',
    searchFields: ['title'],
    filters: [{ field: 'status' }, { field: 'dueDate' }],
  },
  form: { sections: [{ key: 'general', title: 'Documento ${n}', fields: ['title', 'amount', 'dueDate'] }] },
  workflow,
});
`;

function addSynthetic(copy: string): void {
  const resources = path.join(copy, 'src/contracts/resources');
  const names = Array.from({ length: SYNTHETIC }, (_, i) => `synthetic${pad(i + 1)}`);
  names.forEach((name, i) => writeFileSync(path.join(resources, `${name}.ts`), declaration(i + 1)));
  const indexFile = path.join(resources, 'index.ts');
  let index = readFileSync(indexFile, 'utf8');
  index = names.map((name) => `import { ${name} } from './${name}';\n`).join('') + index;
  index = index.replace('} as const satisfies Record<string, AnyResource>;', `${names.map((name) => `  ${name},\n`).join('')}} as const satisfies Record<string, AnyResource>;`);
  writeFileSync(indexFile, index);
  // Mounted like any registry (a route line each).
  const routesFile = path.join(copy, 'src/modules/registry/routes.data.ts');
  writeFileSync(routesFile, readFileSync(routesFile, 'utf8').replace("  ...resourceRouteData('approvalDelegations'),", `  ...resourceRouteData('approvalDelegations'),\n${names.map((name) => `  ...resourceRouteData('${name}'),\n`).join('')}`));
}

const build = (copy: string) => execFileSync('npx', ['rollup', '-c', '--silent'], { cwd: copy, stdio: 'inherit' });

const copy = mkdtempSync(path.join(tmpdir(), 'rt-bench-catalogue-'));
try {
  for (const entry of ['src', 'scripts', 'rollup.config.mjs', 'package.json', 'tsconfig.json']) cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  build(copy);
  const before = FIRST_LISTS.map(({ entry, lazy }) => firstListKb(path.join(copy, 'dist'), entry, lazy));
  addSynthetic(copy);
  execFileSync('npx', ['tsx', 'scripts/registry-catalogue.ts'], { cwd: copy, stdio: 'ignore' });
  build(copy);
  const after = FIRST_LISTS.map(({ entry, lazy }) => firstListKb(path.join(copy, 'dist'), entry, lazy));
  console.log(`catalogue-growth: first list with ${SYNTHETIC} more workflow declarations (KB gz JS+CSS, from the build's chunk graph)`);
  FIRST_LISTS.forEach(({ label }, i) => {
    const grew = after[i] - before[i];
    console.log(`catalogue-growth: ${label.padEnd(34)} ${before[i].toFixed(1)} → ${after[i].toFixed(1)} KB: ${grew >= 0 ? '+' : ''}${grew.toFixed(2)} KB (goal ≤ ${GOAL_KB} KB: ${grew <= GOAL_KB ? 'met' : 'NOT met'})`);
  });
} finally {
  rmSync(copy, { recursive: true, force: true });
}
