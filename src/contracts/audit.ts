/**
 * "Histórico" of any record: its audit entries (`GET {path}/{id}/audit`, newest first, paged with
 * Link and X-Total-Count). Each says who, when, what (`action`: `create`, `update`, `delete` or the
 * name of a row action / transition) and the fields that changed, labelled from the declaration —
 * only the declaration's fields ever appear (no password, token or column outside it).
 */
import * as z from 'zod/mini';
import { listQuerySchema } from './resourceSchemas';

export const auditChange = z.object({
  field: z.string(),
  /** The declaration's pt-BR label. */
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEntry = z.object({
  id: z.string(),
  /** `create`, `update`, `delete`, or the row action / transition name (`submit`). */
  action: z.string(),
  actor: z.nullable(z.object({ id: z.string(), label: z.string() })),
  at: z.string(),
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `page` and `perPage` (the list's defaults and maximum). */
export const auditQuery = z.object({ page: listQuerySchema.shape.page, perPage: listQuerySchema.shape.perPage });
