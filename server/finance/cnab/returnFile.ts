/**
 * Reads a CNAB 240 retorno with the same layout the remessa was written with: every line must be
 * 240 characters (CRLF or LF), the records in FEBRABAN order, the batch trailers' counts and sums
 * and the file trailer's counts exact. A problem is a `CnabReadError` naming the line and the
 * field; nothing is returned half-read.
 *
 * Each payment (segments A, J and O; B and J-52 only complement them) comes back with its "seu
 * número", its ocorrências (positions 231–240: up to five two-character codes) and what the bank
 * says it paid: the real date and amount of segment A (the scheduled ones when the bank leaves
 * them empty), the payment date and amount of J and O.
 */
import { LINE_LENGTH } from './fields.js';
import { RECORD_LABELS, type RecordKind } from './febraban240.js';
import type { Layout } from './overlays.js';
import { isoDate } from './text.js';
import { fieldOf, readRecord } from './writer.js';

export class CnabReadError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Linha ${line}: ${message}`);
  }
}

export interface ReturnedPayment {
  line: number;
  segment: 'A' | 'J' | 'O';
  reference: string;
  occurrences: string[];
  /** What the bank says it paid, when it says (centavos and 'YYYY-MM-DD'). */
  paidOn: string | null;
  paidAmount: number;
}

export interface ReturnFile {
  bankCode: string;
  companyDocument: string;
  agreementCode: string;
  companyAccount: string;
  /** 1 remessa, 2 retorno (position 143). */
  direction: string;
  payments: ReturnedPayment[];
}

export const RETURN_MESSAGES = {
  empty: 'O arquivo está vazio.',
  length: (length: number) => `tem ${length} caracteres; o layout CNAB 240 exige ${LINE_LENGTH} em cada linha.`,
  header: 'o arquivo não começa com um header de arquivo CNAB 240 (registro tipo 0).',
  type: (type: string) => `tipo de registro "${type}" inesperado aqui.`,
  segment: (segment: string) => `segmento "${segment}" desconhecido.`,
  noTrailer: 'o arquivo termina sem o trailer do arquivo (registro tipo 9).',
  afterTrailer: 'há linhas depois do trailer do arquivo.',
  count: (record: RecordKind, label: string, said: number, found: number) => `${RECORD_LABELS[record]}, campo "${label}": informa ${said}, o arquivo tem ${found}.`,
  sum: (label: string, said: number, found: number) => `trailer do lote, campo "${label}": informa ${said}, a soma dos pagamentos é ${found} (centavos).`,
  number: (record: RecordKind, label: string) => `${RECORD_LABELS[record]}, campo "${label}" não é numérico.`,
} as const;

/** Splits bytes read as latin1 into lines; a final newline (and an EOF mark) is allowed. */
export function splitLines(text: string): string[] {
  const lines = text.replace(/\x1a$/, '').split(/\r?\n/);
  if (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function numberOf(layout: Layout, record: RecordKind, values: Record<string, string>, name: string, line: number): number {
  const raw = values[name] ?? '';
  if (!/^\d+$/.test(raw)) throw new CnabReadError(line, RETURN_MESSAGES.number(record, fieldOf(layout.records[record], name)?.label ?? name));
  return Number(raw);
}

const labelOf = (layout: Layout, record: RecordKind, name: string) => fieldOf(layout.records[record], name)?.label ?? name;

export function readReturnFile(layout: Layout, text: string): ReturnFile {
  const lines = splitLines(text);
  if (!lines.length) throw new CnabReadError(1, RETURN_MESSAGES.empty);
  lines.forEach((line, i) => {
    if (line.length !== LINE_LENGTH) throw new CnabReadError(i + 1, RETURN_MESSAGES.length(line.length));
  });
  if (lines[0][7] !== '0') throw new CnabReadError(1, RETURN_MESSAGES.header);
  const header = readRecord(layout.records.fileHeader, lines[0]);
  const payments: ReturnedPayment[] = [];
  let batches = 0;
  let i = 1;
  for (; i < lines.length && lines[i][7] === '1'; ) {
    batches++;
    const start = i;
    i++;
    let sum = 0;
    for (; i < lines.length && lines[i][7] === '3'; i++) {
      const payment = readDetail(layout, lines[i], i + 1);
      if (payment) {
        payments.push(payment.returned);
        sum += payment.scheduled;
      }
    }
    if (i >= lines.length || lines[i][7] !== '5') throw new CnabReadError(i + 1, i >= lines.length ? RETURN_MESSAGES.noTrailer : RETURN_MESSAGES.type(lines[i][7]));
    const trailer = readRecord(layout.records.batchTrailer, lines[i]);
    const count = numberOf(layout, 'batchTrailer', trailer, 'batchRecords', i + 1);
    if (count !== i - start + 1) throw new CnabReadError(i + 1, RETURN_MESSAGES.count('batchTrailer', labelOf(layout, 'batchTrailer', 'batchRecords'), count, i - start + 1));
    const total = numberOf(layout, 'batchTrailer', trailer, 'batchTotal', i + 1);
    if (total !== sum) throw new CnabReadError(i + 1, RETURN_MESSAGES.sum(labelOf(layout, 'batchTrailer', 'batchTotal'), total, sum));
    i++;
  }
  if (i >= lines.length) throw new CnabReadError(i + 1, RETURN_MESSAGES.noTrailer);
  if (lines[i][7] !== '9') throw new CnabReadError(i + 1, RETURN_MESSAGES.type(lines[i][7]));
  if (i !== lines.length - 1) throw new CnabReadError(i + 2, RETURN_MESSAGES.afterTrailer);
  const trailer = readRecord(layout.records.fileTrailer, lines[i]);
  const saidBatches = numberOf(layout, 'fileTrailer', trailer, 'fileBatches', i + 1);
  if (saidBatches !== batches) throw new CnabReadError(i + 1, RETURN_MESSAGES.count('fileTrailer', labelOf(layout, 'fileTrailer', 'fileBatches'), saidBatches, batches));
  const saidRecords = numberOf(layout, 'fileTrailer', trailer, 'fileRecords', i + 1);
  if (saidRecords !== lines.length) throw new CnabReadError(i + 1, RETURN_MESSAGES.count('fileTrailer', labelOf(layout, 'fileTrailer', 'fileRecords'), saidRecords, lines.length));
  return {
    bankCode: header.bankCode,
    companyDocument: (header.companyDocument ?? '').replace(/^0+(?=\d{11}$|\w{14}$)/, ''),
    agreementCode: (header.agreementCode ?? '').trim(),
    companyAccount: header.companyAccount ?? '',
    direction: lines[0][142],
    payments,
  };
}

/** A payment segment (A, J, O) with the amount its batch trailer sums; null for B and J-52. */
function readDetail(layout: Layout, line: string, number: number): { returned: ReturnedPayment; scheduled: number } | null {
  const segment = line[13];
  if (segment === 'B' || (segment === 'J' && line.slice(17, 19) === '52')) return null;
  if (segment !== 'A' && segment !== 'J' && segment !== 'O') throw new CnabReadError(number, RETURN_MESSAGES.segment(segment));
  const kind: RecordKind = segment === 'A' ? 'segmentA' : segment === 'J' ? 'segmentJ' : 'segmentO';
  const values = readRecord(layout.records[kind], line);
  const amount = numberOf(layout, kind, values, 'amount', number);
  const occurrences = (values.occurrences ?? '').match(/.{1,2}/g)?.map((code) => code.trim()).filter(Boolean) ?? [];
  let paidOn = isoDate(values.paymentDate ?? '');
  let paidAmount = amount;
  if (segment === 'A') {
    const effective = /^\d+$/.test(values.effectiveAmount ?? '') ? Number(values.effectiveAmount) : 0;
    if (effective > 0) paidAmount = effective;
    paidOn = isoDate(values.effectiveDate ?? '') ?? paidOn;
  }
  return { returned: { line: number, segment, reference: (values.reference ?? '').trim(), occurrences, paidOn, paidAmount }, scheduled: amount };
}
