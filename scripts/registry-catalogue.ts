/**
 * Writes the client's catalogue from the declarations of src/contracts/resources (issue 23):
 * - src/core/catalogue/entries.ts: what core and the shells know of each resource (name, labels,
 *   API family and path, route mount, permission, display field, field tabs, named lists, the
 *   workflow's state labels and tones) — small, no zod;
 * - src/core/catalogue/workflows.ts: each workflow's status field and its states' labels and
 *   tones (badges and counts shown without the declaration: the home page's pending records);
 * - src/core/catalogue/declarations.ts: each resource's full declaration as its own dynamic
 *   import, which a screen's route loader awaits;
 * - src/core/catalogue/sources.ts: the module each declaration is in (its chunk's name in the
 *   build's preload.json), for the server's modulepreload links of a list page.
 * Run `npm run registry:catalogue` after adding a declaration or changing one of those parts;
 * tests/unit/registry/catalogue.test.ts fails while either file is out of date. `npm run build`
 * checks it first (`--check`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isActivable, type AnyResource } from '../src/contracts/resource';
import { resourceList } from '../src/contracts/resources';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CATALOGUE_DIR = resolve(ROOT, 'src/core/catalogue');
export const ENTRIES_FILE = resolve(CATALOGUE_DIR, 'entries.ts');
export const DECLARATIONS_FILE = resolve(CATALOGUE_DIR, 'declarations.ts');
export const WORKFLOWS_FILE = resolve(CATALOGUE_DIR, 'workflows.ts');
export const SOURCES_FILE = resolve(CATALOGUE_DIR, 'sources.ts');
const RESOURCES_DIR = resolve(ROOT, 'src/contracts/resources');

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));
const literal = (value: unknown): string => {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${key(k)}: ${literal(v)}`).join(', ')} }`;
  return String(value);
};

/** The catalogue entry of one declaration (CatalogueEntry, types.ts). */
export function entryOf(resource: AnyResource): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    name: resource.name,
    api: resource.api,
    path: resource.path,
    ...(resource.kind ? { kind: resource.kind } : {}),
    route: { base: resource.route.base, ...(resource.route.idParam ? { idParam: resource.route.idParam } : {}) },
    permission: resource.permission,
    ...(resource.systemOwnerOnly ? { systemOwnerOnly: true } : {}),
    ...(resource.parent ? { parent: resource.parent } : {}),
    labels: resource.labels,
    titleField: resource.titleField,
    ...(resource.fields[resource.titleField]?.type === 'integer' ? { numberedTitle: true } : {}),
    ...(resource.bornOf ? { bornOf: resource.bornOf } : {}),
    ...(resource.ownership ? { ownership: resource.ownership } : {}),
    ...(resource.list?.named?.length ? { lists: resource.list.named } : {}),
    // Records that can be inactivated: a form's picker offers the active ones (the API refuses the rest).
    ...(isActivable(resource) ? { activable: true } : {}),
  };
  const fieldTabs = (resource.tabs ?? []).flatMap((tab) => ('field' in tab ? [tab.path] : []));
  if (fieldTabs.length) entry.fieldTabs = fieldTabs;
  return entry;
}

/** The catalogue's summary of a declaration's workflow (WorkflowSummary, types.ts), or null. */
export function workflowOf(resource: AnyResource): Record<string, unknown> | null {
  if (!resource.workflow) return null;
  const states = Object.fromEntries(Object.entries(resource.workflow.states).map(([state, def]) => [state, { label: def.label, tone: def.tone }]));
  return { field: resource.workflow.field, states };
}

/** Which file (and export) of `dir` holds each declaration of `resources`. */
async function sources(resources: readonly AnyResource[], dirs: readonly string[]): Promise<Map<string, { file: string; exported: string }>> {
  const found = new Map<string, { file: string; exported: string }>();
  const wanted = new Set(resources);
  for (const dir of dirs) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts') && file !== 'index.ts').sort()) {
      const file = resolve(dir, name);
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (wanted.has(value as AnyResource) && !found.has((value as AnyResource).name)) found.set((value as AnyResource).name, { file, exported });
      }
    }
  }
  return found;
}

const HEADER = (what: string) => `/**
 * GENERATED by \`npm run registry:catalogue\` (scripts/registry-catalogue.ts) from the declarations
 * of src/contracts/resources: do not edit. ${what}
 */
`;

export function renderEntries(resources: readonly AnyResource[] = resourceList): string {
  // Each entry's name is its key (filled in by `withNames`): one word less per resource on every first screen.
  const unnamed = (resource: AnyResource) => {
    const { name: _name, ...rest } = entryOf(resource);
    return rest;
  };
  return `${HEADER('What core and the shells know of each resource (types.ts).')}import { withNames, type CatalogueEntry } from './types';

export const CATALOGUE = withNames({
${resources.map((resource) => `  ${key(resource.name)}: ${literal(unnamed(resource))},`).join('\n')}
} as const satisfies Record<string, Omit<CatalogueEntry, 'name'>>);

export type ResourceName = keyof typeof CATALOGUE;
`;
}

export function renderWorkflows(resources: readonly AnyResource[] = resourceList): string {
  const lines = resources.flatMap((resource) => {
    const workflow = workflowOf(resource);
    return workflow ? [`  ${key(resource.name)}: ${literal(workflow)},`] : [];
  });
  return `${HEADER("Each workflow's states, as badges show them (types.ts).")}import type { WorkflowSummary } from './types';

export const WORKFLOWS = {
${lines.join('\n')}
} as const satisfies Record<string, WorkflowSummary>;
`;
}

export async function renderSources(resources: readonly AnyResource[] = resourceList, dirs: readonly string[] = [RESOURCES_DIR]): Promise<string> {
  const found = await sources(resources, dirs);
  const line = (resource: AnyResource) => `  ${key(resource.name)}: ${quote(relative(RESOURCES_DIR, found.get(resource.name)?.file ?? '').replace(/\.ts$/, ''))},`;
  return `${HEADER("The module of each declaration: its lazy chunk's name in the build's preload.json (the server preloads a list page's).")}import type { ResourceName } from './entries';

export const DECLARATION_MODULES: Record<ResourceName, string> = {
${resources.map(line).join('\n')}
};
`;
}

export async function renderDeclarations(resources: readonly AnyResource[] = resourceList, dirs: readonly string[] = [RESOURCES_DIR]): Promise<string> {
  const found = await sources(resources, dirs);
  const line = (resource: AnyResource) => {
    const source = found.get(resource.name);
    if (!source) throw new Error(`No file of ${dirs.join(', ')} exports the declaration "${resource.name}"`);
    const path = relative(CATALOGUE_DIR, source.file).replace(/\\/g, '/').replace(/\.ts$/, '');
    return `  ${key(resource.name)}: () => import(${quote(path.startsWith('.') ? path : `./${path}`)}).then((m) => m.${source.exported}),`;
  };
  return `${HEADER("Each resource's full declaration as its own chunk, loaded with its screen (load.ts).")}import type { AnyResource } from '../../contracts/resource';
import type { ResourceName } from './entries';

export const DECLARATIONS: Record<ResourceName, () => Promise<AnyResource>> = {
${resources.map(line).join('\n')}
};
`;
}

async function main() {
  const files = [
    [ENTRIES_FILE, renderEntries()],
    [WORKFLOWS_FILE, renderWorkflows()],
    [DECLARATIONS_FILE, await renderDeclarations()],
    [SOURCES_FILE, await renderSources()],
  ] as const;
  const stale = files.filter(([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text).map(([file]) => relative(ROOT, file));
  if (process.argv.includes('--check')) {
    if (stale.length) {
      console.error(`${stale.join(', ')}: out of date with the declarations; run \`npm run registry:catalogue\``);
      process.exit(1);
    }
    return;
  }
  for (const [file, text] of files) writeFileSync(file, text);
  console.log(`wrote ${files.map(([file]) => relative(ROOT, file)).join(', ')}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
