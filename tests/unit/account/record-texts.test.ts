/**
 * A screen marked `recordTexts: false` loads without the record screens' texts (registry,
 * workflow: core/i18n/recordTexts.ts, in the list's chunk), so none of the code
 * it runs may ask for one of those texts: it would show the key. Read from the sources: every
 * `t('…')` key (and the fixed start of a `t(`…${x}`)` key) in the screen's module and in every
 * module of src/ it imports, statically, however deep.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { core } from '../../../src/core/i18n/catalogue/core';
import { registry } from '../../../src/core/i18n/catalogue/registry';
import { screens } from '../../../src/core/i18n/catalogue/screens';
import { workflow } from '../../../src/core/i18n/catalogue/workflow';
import { accountRouteData } from '../../../src/modules/account/routes.data';

const ACCOUNT = path.resolve('src/modules/account');
/** Keys only the record texts hold (the up-front catalogues may hold some of the same). */
const recordOnly = Object.keys({ ...registry, ...workflow }).filter((key) => !Object.hasOwn(core, key) && !Object.hasOwn(screens, key));

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The modules `file` runs: itself and what it imports statically (type-only imports excluded). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, typeOnly, spec] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)) {
    const target = !typeOnly && resolveImport(file, spec);
    if (target) staticClosure(target, seen);
  }
  for (const [, spec] of source.matchAll(/^import\s+'([^']+)'/gm)) {
    const target = resolveImport(file, spec);
    if (target) staticClosure(target, seen);
  }
  return seen;
}

/** Each `t('key')` as the key, and each `t(`start.${…}`)` as its fixed start followed by `*`. */
function textKeys(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const literal = [...source.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]);
  const templated = [...source.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)].map((match) => `${match[1]}*`);
  return [...literal, ...templated];
}

const asksForRecordText = (key: string) => (key.endsWith('*') ? recordOnly.some((known) => known.startsWith(key.slice(0, -1))) : recordOnly.includes(key));

describe('screens without record texts', () => {
  const views = Object.fromEntries(
    [...readFileSync(path.join(ACCOUNT, 'routes.ts'), 'utf8').matchAll(/(\w+): \(\) => import\('\.\/(\w+)'\)/g)].map(([, view, module]) => [view, path.join(ACCOUNT, `${module}.tsx`)]),
  );
  const withoutTexts = accountRouteData.filter((route) => route.recordTexts === false);

  it('the account pages that show no records are marked, and the one with the permission matrix is not', () => {
    expect(withoutTexts.map((route) => route.view).sort()).toEqual(['edit', 'overview', 'password', 'twoFactor']);
    expect(accountRouteData.find((route) => route.view === 'policies')?.recordTexts).toBeUndefined();
  });

  it.each(withoutTexts.map((route) => [route.path, route.view!]))('%s asks for no record text in anything it runs', (_path, view) => {
    const files = [...staticClosure(views[view])];
    expect(files.length).toBeGreaterThan(1);
    const asked = files.flatMap((file) => textKeys(file).filter(asksForRecordText).map((key) => `${path.relative(process.cwd(), file)}: ${key}`));
    expect(asked).toEqual([]);
  });

  it('finds a record text where one is asked for (the permission matrix names scopes with them)', () => {
    const files = [...staticClosure(views.policies)];
    expect(files.flatMap((file) => textKeys(file)).some(asksForRecordText)).toBe(true);
  });
});
