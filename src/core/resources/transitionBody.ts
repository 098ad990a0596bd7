/**
 * What a workflow transition sends: its inputs' names, the body of filled inputs and one
 * `Idempotency-Key` per submission. Kept apart from the inputs' screen (`core/ui/TransitionInputs`)
 * so a list loads the field inputs only when its bulk dialog opens.
 */
import { inputSchema, type Transition } from '../../contracts/workflow';
import '../../contracts/validation/provide';

export const inputFields = (transition: Transition): string[] => Object.keys(inputSchema(transition)?.shape ?? {});

/** The body of the call: filled inputs only (an empty `reason` is sent, the server says why it is needed). */
export function inputBody(transition: Transition, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of inputFields(transition)) {
    const value = values[name];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (!empty || name === 'reason') body[name] = typeof value === 'string' ? value.trim() : (value ?? '');
  }
  return body;
}

/**
 * One `Idempotency-Key` per submission: the same key while the same body is retried, a new one
 * when what is sent changes or after a success (`reset`).
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (!last || last.body !== text) last = { body: text, key: crypto.randomUUID() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}
