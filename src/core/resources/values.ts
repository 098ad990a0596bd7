/**
 * Form values ↔ request bodies, and validation with the declaration's zod schema before
 * anything is sent. Messages come from the schema when it has its own, else from the catalogue.
 */
import * as z from 'zod/mini';
import { fieldShown, isOptionalField, writableFields, type AnyResource, type FieldDef } from '../../contracts/resource';
import { writeSchema } from '../../contracts/resourceSchemas';
// The declarations' heavier checks (a parcela's boleto / PIX payload), installed for `validate`.
import '../../contracts/validation/provide';
import { t } from '../i18n';
import type { Row } from './useList';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string[]>;

/** The errors still true after an edit: a field's message goes once its value changes. */
export function errorsAfterEdit(errors: FieldErrors, before: Record<string, unknown>, after: Record<string, unknown>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => Object.is(before[field.split('.')[0]], after[field.split('.')[0]])));
}

/** Starting value of a field in a new form: the declaration's `initial`, else empty for its type. */
export function emptyValue(def: FieldDef): unknown {
  if (def.initial !== undefined) return Array.isArray(def.initial) ? [...def.initial] : def.initial;
  switch (def.type) {
    case 'boolean':
      return false;
    case 'references':
    case 'scopes':
    case 'list':
      return [];
    case 'enum':
      return def.multiple ? [] : (def.options[0] ?? null);
    default:
      return null;
  }
}

/** A single-choice enum the declaration lets be empty, with no `initial`: a new form starts it empty ("—"). */
function optionalChoice(resource: AnyResource, name: string): boolean {
  const def = resource.fields[name];
  return def?.type === 'enum' && !def.multiple && def.initial === undefined && isOptionalField(resource, name);
}

/** Initial form values: the record's writable fields, or empty ones for a new record. */
export function initialValues(resource: AnyResource, record: Row | null): FormValues {
  const values: FormValues = {};
  for (const name of writableFields(resource)) {
    const value = record ? record[name] : undefined;
    values[name] = value === undefined ? (optionalChoice(resource, name) ? null : emptyValue(resource.fields[name])) : value;
  }
  return values;
}

const hiddenEmpty = (def: FieldDef, values: FormValues, record: FormValues) => Boolean(def.shownWhen?.emptyWhenHidden) && !fieldShown(def, values, record);

/** A list's items with their `emptyWhenHidden` fields emptied where hidden. */
function itemsSent(def: FieldDef, value: unknown, record: FormValues): unknown {
  if (def.type !== 'list' || !Array.isArray(value)) return value;
  const hiding = Object.entries(def.of).filter(([, sub]) => sub.shownWhen?.emptyWhenHidden);
  if (!hiding.length) return value;
  return (value as FormValues[]).map((item) => ({ ...item, ...Object.fromEntries(hiding.filter(([, sub]) => hiddenEmpty(sub, item, record)).map(([name]) => [name, null])) }));
}

/** The body to send: writable fields only; blank text becomes null; a field hidden with `emptyWhenHidden` goes empty. */
export function toBody(resource: AnyResource, values: FormValues): FormValues {
  const body: FormValues = {};
  for (const name of writableFields(resource)) {
    const def = resource.fields[name];
    const value = hiddenEmpty(def, values, values) ? emptyValue({ ...def, initial: undefined }) : itemsSent(def, values[name], values);
    body[name] = typeof value === 'string' && value.trim() === '' ? null : value === undefined ? null : value;
  }
  return body;
}

function message(issue: z.core.$ZodRawIssue): string {
  const raw = issue as { code: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string };
  if (raw.input === null || raw.input === undefined || raw.input === '') return t('registry.validation.required');
  switch (raw.code) {
    case 'too_small':
      return raw.origin === 'array' ? t('registry.validation.minItems', { n: String(raw.minimum) }) : t('registry.validation.tooSmall', { n: String(raw.minimum) });
    case 'too_big':
      return raw.origin === 'array' ? t('registry.validation.maxItems', { n: String(raw.maximum) }) : t('registry.validation.tooBig', { n: String(raw.maximum) });
    case 'invalid_value':
      return t('registry.validation.option');
    default:
      return t('registry.validation.invalid');
  }
}

/** Field → messages of a failed parse (dotted paths for list items: `statements.0.scopes`). */
function issueErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** Field → messages (dotted paths for list items: `statements.0.scopes`); empty when valid. */
export function validate(resource: AnyResource, values: FormValues): FieldErrors {
  const result = z.safeParse(writeSchema(resource), toBody(resource, values), { error: message });
  return result.success ? {} : issueErrors(result.error.issues);
}

const NONE = '\u0000';

/** What `schema` itself says of an empty value, when it says something of its own ("Escolha a baixa a estornar."); else nothing. */
function ownEmptyMessage(schema: z.ZodMiniType): string | undefined {
  const result = z.safeParse(schema, '', { error: () => NONE });
  return result.success ? undefined : result.error.issues.find((issue) => issue.message !== NONE)?.message;
}

/**
 * A transition's input (a dialog's body, its empty inputs left out) checked with its zod schema before
 * anything is sent: the data, or field → messages in pt-BR — the schema's own message, else the
 * catalogue's (never zod's English "Invalid input"). An input left empty (a select, a reference, an
 * enum with nothing chosen) says what its schema says of an empty value, else "Preencha este campo.".
 */
export function checkInput(schema: z.ZodMiniType, body: Record<string, unknown>): { success: true; data: Record<string, unknown> } | { success: false; errors: FieldErrors } {
  const result = z.safeParse(schema, body, { error: message });
  if (result.success) return { success: true, data: result.data as Record<string, unknown> };
  const shape = (schema as { shape?: Record<string, z.ZodMiniType> }).shape ?? {};
  const issues = result.error.issues.map((issue) => {
    const [name] = issue.path;
    const left = issue.path.length === 1 && typeof name === 'string' && body[name] === undefined && shape[name];
    return { path: issue.path, message: (left && ownEmptyMessage(left)) || issue.message };
  });
  return { success: false, errors: issueErrors(issues) };
}

/** Names of the fields whose values differ (shallow JSON comparison). */
export function changedFields(a: FormValues, b: FormValues): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
}
