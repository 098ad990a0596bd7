/**
 * The catalogue by name (issue 23): every resource's summary, without its declaration. What
 * core and the shells import; a screen loads its one declaration with `loadDeclaration`. The
 * workflows' state labels and tones are a part of their own (workflows.ts), for what shows them
 * without a declaration (the home page's "Minhas pendências").
 */
import { CATALOGUE, type ResourceName } from './entries';
import type { CatalogueEntry } from './types';

export { CATALOGUE, type ResourceName };
export type { CatalogueEntry, ResourceSummary, WorkflowSummary } from './types';

/** The catalogue entry of resource `name`, or undefined. */
export function catalogueEntry(name: string): CatalogueEntry | undefined {
  return Object.prototype.hasOwnProperty.call(CATALOGUE, name) ? (CATALOGUE as Record<string, CatalogueEntry>)[name] : undefined;
}
