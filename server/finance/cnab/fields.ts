/**
 * A CNAB 240 record described as data: the fields of one 240-character line, each with its
 * 1-based start position, its length, its kind and where its value comes from (a constant, or
 * the name of a value the file builder supplies). The FEBRABAN layout (febraban240.ts) and the
 * banks' overlays (overlays.ts) are lists of these; one writer (writer.ts) and one reader
 * (reader.ts) serve every record of every bank.
 *
 * Kinds (FEBRABAN "Formato"): `num` — digits, right-aligned, zero-padded (a value longer than the
 * field is an error, never cut); `alpha` — upper-case ASCII, left-aligned, space-padded, accents
 * folded, cut at the field's length; `doc` — an inscription (CPF/CNPJ, the alphanumeric CNPJ of
 * 2026 included): 0-9/A-Z, right-aligned, zero-padded.
 */

export type FieldKind = 'num' | 'alpha' | 'doc';

export interface FieldSpec {
  /** The value's name (what the builder supplies and the reader returns); `''` for a filler. */
  readonly name: string;
  /** 1-based first position. */
  readonly at: number;
  readonly len: number;
  readonly kind: FieldKind;
  /** A constant (a record type, a layout version): the builder supplies nothing. */
  readonly value?: string;
  /** What the field is, in the bank's words (error messages name it). */
  readonly label?: string;
  /** Text kept in its case (a PIX key or QR-code URL: e-mail and EVP keys are case-sensitive). */
  readonly keepCase?: boolean;
}

export type RecordLayout = readonly FieldSpec[];

export const LINE_LENGTH = 240;

/** A field filled from the value `name`. */
export const field = (name: string, at: number, len: number, kind: FieldKind, label?: string): FieldSpec => ({ name, at, len, kind, ...(label ? { label } : {}) });
/** A text field whose case is kept (still ASCII, accents folded). */
export const caseField = (name: string, at: number, len: number, label: string): FieldSpec => ({ name, at, len, kind: 'alpha', label, keepCase: true });
/** A constant field. */
export const constant = (at: number, len: number, kind: FieldKind, value: string): FieldSpec => ({ name: '', at, len, kind, value });
/** Positions FEBRABAN reserves ("Uso exclusivo FEBRABAN/CNAB"): spaces. */
export const blank = (at: number, len: number): FieldSpec => ({ name: '', at, len, kind: 'alpha', value: '' });
/** Reserved numeric positions: zeros. */
export const zeros = (at: number, len: number): FieldSpec => ({ name: '', at, len, kind: 'num', value: '0' });

/** The last position a field takes. */
export const end = (spec: FieldSpec) => spec.at + spec.len - 1;

/**
 * A record with an overlay's fields laid over it: every base field that an overlay field touches
 * is replaced; the result must still cover positions 1–240 exactly once (checked by `checkCoverage`).
 */
export function overlay(base: RecordLayout, changes: RecordLayout | undefined): RecordLayout {
  if (!changes?.length) return base;
  const kept = base.filter((spec) => !changes.some((change) => change.at <= end(spec) && end(change) >= spec.at));
  return [...kept, ...changes].sort((a, b) => a.at - b.at);
}

/** Gaps and overlaps of a record (empty when it covers 1–240 exactly once). */
export function checkCoverage(layout: RecordLayout): string[] {
  const problems: string[] = [];
  let next = 1;
  for (const spec of [...layout].sort((a, b) => a.at - b.at)) {
    if (spec.len < 1) problems.push(`field ${spec.name || '(filler)'} at ${spec.at} has no length`);
    if (spec.at > next) problems.push(`positions ${next}-${spec.at - 1} are not covered`);
    if (spec.at < next) problems.push(`field ${spec.name || '(filler)'} at ${spec.at} overlaps the previous one`);
    next = Math.max(next, end(spec) + 1);
  }
  if (next !== LINE_LENGTH + 1) problems.push(`the record ends at ${next - 1}, not ${LINE_LENGTH}`);
  return problems;
}
