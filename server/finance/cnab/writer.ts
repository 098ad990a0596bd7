/**
 * The one CNAB writer: a record layout (fields.ts) and the values it names → one line of exactly
 * 240 characters. Numbers zero-padded on the left (a value that does not fit is an error naming
 * the record and the field, never cut), text upper-case ASCII padded with spaces on the right
 * (cut at the field's length), inscriptions 0-9/A-Z zero-padded. `readRecord` is the inverse the
 * retorno uses.
 */
import { LINE_LENGTH, type FieldSpec, type RecordLayout } from './fields.js';
import { RECORD_LABELS, type RecordKind } from './febraban240.js';
import { cnabText } from './text.js';

export type CnabValue = string | number | null | undefined;
export type CnabValues = Readonly<Record<string, CnabValue>>;

/** A value that the layout cannot carry (a convênio too long for the bank, an amount beyond 15 digits). */
export class CnabFieldError extends Error {
  constructor(
    readonly record: RecordKind,
    readonly spec: FieldSpec,
    readonly reason: string,
  ) {
    super(`${RECORD_LABELS[record]}, campo "${spec.label ?? spec.name}" (posições ${spec.at}–${spec.at + spec.len - 1}): ${reason}`);
  }
}

function cell(record: RecordKind, spec: FieldSpec, raw: CnabValue): string {
  const value = spec.value ?? (raw === null || raw === undefined ? '' : String(raw));
  if (spec.kind === 'alpha') return cnabText(value, spec.keepCase).slice(0, spec.len).padEnd(spec.len, ' ');
  if (spec.kind === 'num') {
    if (!/^\d*$/.test(value)) throw new CnabFieldError(record, spec, `"${value}" não é numérico.`);
    if (value.length > spec.len) throw new CnabFieldError(record, spec, `"${value}" tem mais de ${spec.len} dígitos.`);
    return value.padStart(spec.len, '0');
  }
  const doc = value.toUpperCase();
  if (!/^[0-9A-Z]*$/.test(doc) || doc.length > spec.len) throw new CnabFieldError(record, spec, `"${value}" não é um CPF/CNPJ válido para o campo.`);
  return doc.padStart(spec.len, '0');
}

export function writeRecord(record: RecordKind, layout: RecordLayout, values: CnabValues): string {
  let line = '';
  for (const spec of layout) line += cell(record, spec, spec.name ? values[spec.name] : undefined);
  if (line.length !== LINE_LENGTH) throw new Error(`CNAB ${record}: ${line.length} characters`);
  return line;
}

/** The named fields of a line, as written (numbers as digit strings, text trimmed on the right). */
export function readRecord(layout: RecordLayout, line: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const spec of layout) {
    if (!spec.name) continue;
    const raw = line.slice(spec.at - 1, spec.at - 1 + spec.len);
    values[spec.name] = spec.kind === 'alpha' ? raw.trimEnd() : raw;
  }
  return values;
}

/** Where a named field sits in a record (tests, messages). */
export const fieldOf = (layout: RecordLayout, name: string): FieldSpec | undefined => layout.find((spec) => spec.name === name);
