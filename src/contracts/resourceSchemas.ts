/**
 * The zod schemas of records and of the generic calls (list query, totals, bulk, 412 body),
 * derived from a declaration. Kept apart from `resource.ts` (the declarations' types and helpers)
 * so a list screen, which loads declarations, does not load zod: the server and the screens that
 * validate import these.
 */
import * as z from 'zod/mini';
import { ACTIONS_KEY } from './workflow';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, REFS_KEY, writableFields, type AnyResource } from './resource';

/** Answer of `GET {path}/totals`. */
export const totalsResult = z.object({
  count: z.int(),
  sums: z.record(z.string(), z.number()),
  groups: z.record(z.string(), z.array(z.object({ key: z.nullable(z.string()), count: z.int(), sums: z.record(z.string(), z.number()) }))),
});
export type TotalsResult = z.infer<typeof totalsResult>;

const positiveInt = z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform((v: string) => Number(v)));

/** The reserved list parameters as they arrive in a query string (filters are checked per declaration). */
export const listQuerySchema = z.object({
  page: z._default(z.pipe(positiveInt, z.number().check(z.minimum(1))), 1),
  perPage: z._default(z.pipe(positiveInt, z.number().check(z.minimum(1), z.maximum(MAX_PER_PAGE))), DEFAULT_PER_PAGE),
  sort: z.optional(z.string().check(z.regex(/^-?[A-Za-z]\w*(,-?[A-Za-z]\w*)*$/))),
  q: z.optional(z.string().check(z.maxLength(200))),
  mine: z.optional(z.enum(['true', 'false'])),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Fields every record has. `version` is the optimistic lock sent back in `If-Match`. */
export const recordBaseShape = {
  id: z.string(),
  version: z.int().check(z.minimum(0)),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.optional(z.nullable(z.string())),
  updatedBy: z.optional(z.nullable(z.string())),
};

export const refLabel = z.object({ id: z.string(), label: z.string() });
export type RefLabel = z.infer<typeof refLabel>;

/** Record schema of a declaration (what GET answers). */
export function recordSchema(resource: AnyResource) {
  return z.object({
    ...shapeWithItemIds(resource),
    ...recordBaseShape,
    [REFS_KEY]: z.optional(z.record(z.string(), z.array(refLabel))),
    [ACTIONS_KEY]: z.optional(z.array(z.string())),
  });
}

/** Item id of a keyed list: server-made, optional on write (absent = a new item). */
export const itemId = () => z.optional(z.string().check(z.maxLength(64)));

/** The declaration's schema shape, with `id` added to the items of keyed lists. */
function shapeWithItemIds(resource: AnyResource, names: readonly string[] = Object.keys(resource.schema.shape)): Record<string, z.core.$ZodType> {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const name of names) {
    const def = resource.fields[name];
    const type = resource.schema.shape[name];
    shape[name] = def?.type === 'list' && def.keyed ? keyedList(type) : type;
  }
  return shape;
}

/** `z.array(z.object(item))` (with its checks) → the same array whose items also take `id`. */
function keyedList(type: z.core.$ZodType): z.core.$ZodType {
  const array = type as unknown as z.ZodMiniArray<z.ZodMiniObject>;
  const item = array._zod.def.element;
  const itemChecks = item._zod.def.checks ?? [];
  const plain = z.object({ ...item.shape, id: itemId() });
  // The item's own checks across its fields (payment data of a parcela) stay with it.
  const keyed = itemChecks.length ? plain.check(...(itemChecks as z.core.$ZodCheck<z.output<typeof plain>>[])) : plain;
  const checks = array._zod.def.checks ?? [];
  return checks.length ? z.array(keyed).check(...(checks as z.core.$ZodCheck<unknown[]>[])) : z.array(keyed);
}

/** Body schema of create and update: the writable fields only, unknown keys refused. */
export function writeSchema(resource: AnyResource) {
  return z.strictObject(shapeWithItemIds(resource, writableFields(resource)));
}

/** 412 body: the usual error plus the record as it is now on the server. */
export const staleBody = z.object({
  message: z.string(),
  detail: z.optional(z.string()),
  current: z.optional(z.record(z.string(), z.unknown())),
});

export const bulkRequest = z.strictObject({ ids: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(1000)) });
export type BulkRequest = z.infer<typeof bulkRequest>;
export const bulkResult = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResult>;

