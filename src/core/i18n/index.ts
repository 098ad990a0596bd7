/**
 * pt-BR message catalogue. Every user-visible word comes from here.
 *
 * Extension: an area adds `catalogue/<area>.ts` exporting a flat `Record<string, string>`
 * and either appends it to `STATIC_CATALOGUES` below (bundled with the core) or calls
 * `registerCatalogue(partial)` from its own chunk when it loads. Later entries win. The texts of
 * record screens load with the roots that show records (recordTexts.ts); what only a form, a
 * details page or a dialog shows, with the module that shows it (recordPageTexts.ts).
 */
import { core } from './catalogue/core';
import { screens } from './catalogue/screens';

export type Catalogue = Readonly<Record<string, string>>;
export type MessageParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Catalogues bundled with the core, merged in order at start-up. */
export const STATIC_CATALOGUES: readonly Catalogue[] = [core, screens];

const messages: Record<string, string> = {};

/** Merges `partial` over the current catalogue (later registrations win). */
export function registerCatalogue(partial: Catalogue): void {
  Object.assign(messages, partial);
}

for (const catalogue of STATIC_CATALOGUES) registerCatalogue(catalogue);

/** True when `key` has a text. */
export function hasMessage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/**
 * Text for `key` with `{name}` placeholders filled from `params`, and `{name:singular|plural}`
 * choosing by that number. An unknown key returns the
 * key itself (visible in development, never throws); a placeholder without a value is kept.
 */
export function t(key: string, params?: MessageParams): string {
  const template = hasMessage(key) ? messages[key] : key;
  if (!params) return template;
  // `{count:registro|registros}`: the singular for exactly one, the plural otherwise ("0 registros").
  const chosen = template.replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (whole, name: string, one: string, other: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : Math.abs(Number(value)) === 1 ? one : other;
  });
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** Snapshot of the merged catalogue (for tests and tooling). */
export function allMessages(): Readonly<Record<string, string>> {
  return { ...messages };
}
