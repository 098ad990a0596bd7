/**
 * The catalogue (issue 23): what core and the shells know of every resource without loading its
 * declaration — names, labels, API family and path, route mount, permission, display field and
 * the workflow's state labels and tones. Data only (no zod, no React). A screen loads the full
 * declaration of its one resource (`loadDeclaration`, declarations.ts).
 */
import type { AnyResource } from '../../contracts/resource';
import type { Tone } from '../../contracts/workflow';

/**
 * What generic code needs of a resource to reach it (API path, permission, labels, display field):
 * a catalogue entry and a full declaration both are one.
 */
export type ResourceSummary = Pick<AnyResource, 'name' | 'api' | 'path' | 'permission' | 'labels' | 'titleField' | 'route'> &
  Partial<Pick<AnyResource, 'kind' | 'systemOwnerOnly' | 'parent' | 'ownership' | 'bornOf'>> & {
    /** The title field is a number: records are named "Ordem de compra nº 42" (`recordName`). */
    numberedTitle?: boolean;
    /** Its records can be inactivated (`isActive`, a list filter): a form's picker offers active ones only. */
    activable?: boolean;
  };

/** One entry of the generated catalogue (entries.ts). */
export interface CatalogueEntry extends ResourceSummary {
  /** Paths of the declaration's tabs that show a field (a tab naming a resource is that resource's own mount); absent: none. */
  fieldTabs?: readonly string[];
  /** `list.named`: the lists a mount may name. */
  lists?: readonly string[];
}

/** A workflow in the catalogue (workflows.ts): its status field and each state's label and badge tone. */
export interface WorkflowSummary {
  field: string;
  states: Readonly<Record<string, { label: string; tone: Tone }>>;
}

/** The generated entries with each one's `name` set to its key (entries.ts leaves it out). */
export function withNames<const T extends Readonly<Record<string, Omit<CatalogueEntry, 'name'>>>>(entries: T): { readonly [K in keyof T]: T[K] & { readonly name: K & string } } {
  for (const [name, entry] of Object.entries(entries)) (entry as { name?: string }).name = name;
  return entries as { readonly [K in keyof T]: T[K] & { readonly name: K & string } };
}
