/**
 * SECURITY.md, audit: "no secret, token, code or full account number in logs". What an audit entry
 * or a history note keeps of a field declared `sensitive` (src/contracts/resource.ts): "•••• 1234",
 * the last four characters only, so a change still reads before → after. Two different values
 * ending alike would read the same: the new one then says so ("•••• 1234 (outra)").
 * Applied by declaration, for every writer through the registry service, its bulk writer and the
 * approval plug's notes; nothing else a field holds is touched.
 */
import { isRandomKeyShape } from '../../src/contracts/brazil/pix.js';
import type { AnyResource, FieldDef, ScalarFieldDef } from '../../src/contracts/resource.js';

export const MASK_WORDS = {
  dots: '••••',
  /** After a masked value that reads like the one before it but is not. */
  other: '(outra)',
} as const;

type Fields = Readonly<Record<string, FieldDef | ScalarFieldDef>>;

/** Whether `value` of a field declared `def` may not be kept whole. */
function hidden(def: FieldDef | ScalarFieldDef, value: unknown): value is string {
  if (typeof value !== 'string' || !value || !def.sensitive) return false;
  // A random (EVP) key is a UUID; no other kind of key has that shape (digits, an @, a +55 phone).
  if (def.sensitive === 'pixKey') return isRandomKeyShape(value);
  // An account number, a copia e cola, a boleto line (its free field names the payee's bank, agency and account).
  return true;
}

/**
 * "12345678" → "•••• 5678"; four characters or fewer → "••••" (the last four would be all of it).
 * A boleto line keeps its last four digits too: the end of its amount (fator de vencimento and
 * valor close the linha digitável), nothing of the payee's bank data.
 */
export function maskValue(value: string): string {
  const kept = value.replace(/[\s.-]/g, '');
  return kept.length > 4 ? `${MASK_WORDS.dots} ${kept.slice(-4)}` : MASK_WORDS.dots;
}

/** `value` as a log keeps it; `was` (the value before), when given, marks a different value that masks alike. */
export function maskField(def: FieldDef | ScalarFieldDef, value: unknown, was?: unknown): unknown {
  if (!hidden(def, value)) return value;
  const masked = maskValue(value);
  return was !== undefined && was !== value && typeof was === 'string' && hidden(def, was) && maskValue(was) === masked ? `${masked} ${MASK_WORDS.other}` : masked;
}

function maskFields(fields: Fields, record: Record<string, unknown>, was: Record<string, unknown> | undefined): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [name, def] of Object.entries(fields)) {
    const value = record[name];
    let masked: unknown = value;
    if (def.type === 'list' && Array.isArray(value)) {
      const before = Array.isArray(was?.[name]) ? (was[name] as unknown[]) : [];
      masked = value.map((item, index) => (item && typeof item === 'object' ? maskFields(def.of, item as Record<string, unknown>, asRecord(before[index])) : item));
    } else masked = maskField(def, value, was ? (was[name] ?? null) : undefined);
    if (masked !== value) (out ??= { ...record })[name] = masked;
  }
  return out ?? record;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** An audit entry's before and after with the resource's sensitive fields masked (`after` marked against `before`). */
export function maskEntry(resource: AnyResource, before: unknown, after: unknown): { before: unknown; after: unknown } {
  const was = asRecord(before);
  const is = asRecord(after);
  return {
    before: was ? maskFields(resource.fields, was, undefined) : before,
    after: is ? maskFields(resource.fields, is, was) : after,
  };
}

/** Whether the resource declares anything sensitive (a writer may skip the walk). */
export function hasSensitive(resource: AnyResource): boolean {
  return Object.values(resource.fields).some((def) => def.sensitive || (def.type === 'list' && Object.values(def.of).some((item) => item.sensitive)));
}
