/**
 * Reading an uploaded import file (SECURITY.md "uploads": the content decides, never the name
 * or the declared type):
 * - `sniff`: XLSX is a ZIP (local header `PK\x03\x04`) whose central directory lists
 *   `[Content_Types].xml` and `xl/workbook.xml`, with bounded entry count and uncompressed size
 *   (no zip bombs reach the XLSX reader); CSV is text — no NUL byte, none of the usual binary
 *   signatures (PNG, JPEG, GIF, PDF, ZIP, the old OLE .xls), decodable as UTF-8 (BOM allowed),
 *   UTF-16 with BOM, or else Windows-1252, with almost no control characters. Anything else: 415.
 * - `readCsv`: papaparse with the separator found in the header line (`;`, `,` or tab).
 * - `readXlsx`: exceljs, first sheet; numbers, dates, booleans, rich text, formulas (their
 *   result) and hyperlinks (their text) become the strings a person would type.
 * Both return the header (first non-empty row; empty or repeated names made unique) and the
 * data rows with their line number in the file, empty rows skipped.
 */
// exceljs loads on the first spreadsheet (~0.2 s and ~27 MB at every start otherwise): only its types here.
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../../errors.js';

export type FileKind = 'csv' | 'xlsx';

export interface ReadRow {
  /** Line (CSV) or row number (XLSX) in the file; the header is usually 1. */
  line: number;
  cells: string[];
}

export interface ReadFile {
  columns: string[];
  rows: ReadRow[];
}

export const READ_MESSAGES = {
  unsupported: 'Arquivo não suportado. Envie um arquivo CSV ou uma planilha XLSX.',
  oldExcel: 'Arquivo não suportado: planilhas .xls antigas não são aceitas. Salve como .xlsx ou CSV e envie novamente.',
  badXlsx: 'Arquivo não suportado: a planilha XLSX está corrompida ou não pôde ser lida.',
  xlsxTooBig: 'Arquivo muito grande: a planilha descompactada passa do limite aceito.',
  noHeader: 'O arquivo não tem a linha de cabeçalho com os nomes das colunas.',
} as const;

/** Limits of an XLSX archive (what the central directory declares). */
const MAX_ZIP_ENTRIES = 5_000;
const MAX_UNCOMPRESSED = 200 * 1024 * 1024;

const SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // PDF
  [0x42, 0x4d], // BMP
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // PE (exe)
];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (buffer: Buffer, bytes: readonly number[]) => buffer.length >= bytes.length && bytes.every((b, i) => buffer[i] === b);

interface ZipEntry {
  name: string;
  uncompressed: number;
}

/** Names and sizes of a ZIP's central directory, or null when it is not a readable ZIP. */
export function zipEntries(buffer: Buffer): ZipEntry[] | null {
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  const floor = Math.max(0, buffer.length - 65_557);
  let eocd = -1;
  for (let i = buffer.length - 22; i >= floor; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) return null; // ZIP64: not an office file of our size
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) return null;
    const uncompressed = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extra = buffer.readUInt16LE(offset + 30);
    const comment = buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, uncompressed });
    offset += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Text of a CSV file, or null when the bytes are not text. */
export function decodeText(buffer: Buffer): string | null {
  if (startsWith(buffer, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (startsWith(buffer, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  const body = startsWith(buffer, [0xef, 0xbb, 0xbf]) ? buffer.subarray(3) : buffer;
  if (body.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  // Text has (almost) no control characters besides tab, CR and LF.
  let control = 0;
  const sample = text.length > 200_000 ? text.slice(0, 200_000) : text;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f || c === 0xfffd) control++;
  }
  return control > Math.max(2, sample.length / 1000) ? null : text;
}

/** What the bytes are: `csv`, `xlsx`, or a 415/413 HttpError. */
export function sniff(buffer: Buffer): FileKind {
  if (startsWith(buffer, OLE)) throw new HttpError(415, READ_MESSAGES.oldExcel, { file: [READ_MESSAGES.oldExcel] });
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) {
    const entries = zipEntries(buffer);
    const names = new Set(entries?.map((e) => e.name));
    if (!entries || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new HttpError(415, READ_MESSAGES.unsupported, { file: [READ_MESSAGES.unsupported] });
    const total = entries.reduce((sum, e) => sum + e.uncompressed, 0);
    if (entries.length > MAX_ZIP_ENTRIES || total > MAX_UNCOMPRESSED) throw new HttpError(413, READ_MESSAGES.xlsxTooBig, { file: [READ_MESSAGES.xlsxTooBig] });
    return 'xlsx';
  }
  if (buffer.length === 0 || SIGNATURES.some((signature) => startsWith(buffer, signature)) || decodeText(buffer.subarray(0, 256 * 1024)) === null) {
    throw new HttpError(415, READ_MESSAGES.unsupported, { file: [READ_MESSAGES.unsupported] });
  }
  return 'csv';
}

/** Header names: trimmed, empty ones named by position, repeated ones numbered. */
function uniqueColumns(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const base = raw.replace(/^\uFEFF/, '').trim().slice(0, 200) || `Coluna ${index + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function finish(table: { line: number; cells: string[] }[]): ReadFile {
  const nonEmpty = table.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = nonEmpty;
  if (!header) throw new HttpError(400, READ_MESSAGES.noHeader, { file: [READ_MESSAGES.noHeader] });
  const columns = uniqueColumns(header.cells);
  return { columns, rows: rows.map((row) => ({ line: row.line, cells: columns.map((_, i) => (row.cells[i] ?? '').trim()) })) };
}

/** The separator with most occurrences outside quotes in the first line (`,` when none). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? best : ',';
}

export function readCsv(buffer: Buffer): ReadFile {
  const text = decodeText(buffer);
  if (text === null) throw new HttpError(415, READ_MESSAGES.unsupported, { file: [READ_MESSAGES.unsupported] });
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')), skipEmptyLines: false });
  // Line numbers: each record's line is counted from the newlines before it (quoted cells may span lines).
  const table: { line: number; cells: string[] }[] = [];
  let line = 1;
  for (const cells of parsed.data) {
    table.push({ line, cells: cells.map((c) => String(c ?? '')) });
    line += 1 + cells.reduce((sum, c) => sum + (String(c).match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return finish(table);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell value as the text a person would have typed. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const date = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    const time = value.getUTCHours() || value.getUTCMinutes() || value.getUTCSeconds() ? ` ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}` : '';
    return date + time;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
    if ('error' in value) return '';
  }
  return String(value);
}

export async function readXlsx(buffer: Buffer): Promise<ReadFile> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(415, READ_MESSAGES.badXlsx, { file: [READ_MESSAGES.badXlsx] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, READ_MESSAGES.noHeader, { file: [READ_MESSAGES.noHeader] });
  const table: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values : [];
    const cells: string[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] as ExcelJS.CellValue));
    table.push({ line: rowNumber, cells });
  });
  return finish(table);
}

export async function readFile(kind: FileKind, buffer: Buffer): Promise<ReadFile> {
  return kind === 'csv' ? readCsv(buffer) : readXlsx(buffer);
}
