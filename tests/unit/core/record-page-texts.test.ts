/**
 * The record pages' texts (core/i18n/catalogue/recordPages.ts) are not loaded with a list: each
 * module that names one of them imports core/i18n/recordPageTexts.ts itself, so they arrive with
 * that module wherever it is used — a list that starts using a form's piece brings its texts along
 * instead of showing a key. Read from the sources: every `'key'` literal, and the fixed start of
 * every `` `prefix.${x}` `` template, in each module of src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordPages } from '../../../src/core/i18n/catalogue/recordPages';

const KEYS = Object.keys(recordPages);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('i18n', 'catalogue')) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The record pages' keys a module names: as a literal, or under a template's fixed start. */
function namedKeys(source: string): string[] {
  const prefixes = [...source.matchAll(/`([a-zA-Z][\w.]*\.)\$\{/g)].map(([, prefix]) => prefix);
  return KEYS.filter((key) => source.includes(`'${key}'`) || source.includes(`"${key}"`) || prefixes.some((prefix) => key.startsWith(prefix)));
}

describe('the record pages texts', () => {
  const users = sources(path.resolve('src'))
    .map((file) => ({ file: path.relative(path.resolve('src'), file), source: readFileSync(file, 'utf8') }))
    .map(({ file, source }) => ({ file, keys: namedKeys(source), imports: /^import '[./]+(core\/)?i18n\/recordPageTexts';$/m.test(source) }))
    .filter(({ keys }) => keys.length > 0);

  it('are named by the form, details and dialog modules (the split keeps them)', () => {
    expect(users.map(({ file }) => file)).toEqual(expect.arrayContaining(['core/ui/RecordForm.tsx', 'modules/registry/ShowPage.tsx', 'core/ui/fields/Field.tsx', 'core/ui/TransitionInputs.tsx']));
  });

  it('are imported by every module that names one of them', () => {
    expect(users.filter(({ imports }) => !imports).map(({ file, keys }) => `${file}: ${keys.slice(0, 3).join(', ')}`)).toEqual([]);
  });

  it('are each named somewhere (no dead text)', () => {
    const named = new Set(users.flatMap(({ keys }) => keys));
    expect(KEYS.filter((key) => !named.has(key))).toEqual([]);
  });
});
