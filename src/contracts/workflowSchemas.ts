/**
 * The zod schemas of the workflow calls (a transition's body, a bulk transition, the history),
 * apart from `workflow.ts` so a list screen does not load zod.
 */
import * as z from 'zod/mini';
import { inputSchema, type Transition } from './workflow';

/** Body schema of a transition. */
export function transitionInput(transition: Transition): z.ZodMiniType {
  const input = inputSchema(transition);
  return input ? z.strictObject(input.shape) : z.strictObject({});
}

/** One row of a record's status history (`GET {path}/{id}/history`). */
export const historyEntry = z.object({
  id: z.string(),
  action: z.string(),
  from: z.nullable(z.string()),
  to: z.string(),
  /** The transition's input (a reason, a note). */
  input: z.nullable(z.record(z.string(), z.unknown())),
  actor: z.nullable(z.object({ id: z.string(), label: z.string() })),
  /** Record version after the change. */
  version: z.int(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** Body of a bulk transition: the records and the transition's input, the same for all. */
export const bulkTransitionRequest = z.strictObject({
  ids: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1, 'Selecione ao menos um registro.'), z.maxLength(1000, 'No máximo 1000 registros por vez.')),
  input: z.optional(z.record(z.string(), z.unknown())),
});

