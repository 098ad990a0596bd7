/**
 * Exports of a list (`GET /{path}/export.csv|.xlsx`): the rows of the list's search and filters,
 * the columns the user shows (`columns`, else the declaration's list columns), pt-BR labels and
 * values as the screen shows them (references by their labels, booleans as Sim/Não, money as
 * "R$ 1.234,56" — a number in a currency format in XLSX —, CPF/CNPJ/CEP/phones masked, dates as
 * dd/mm/aaaa, instants in Brasília time), in a file named after the list in Portuguese
 * ("fornecedores-2026-11-24.xlsx"). Text typed by users that starts with `= + - @` (or a
 * tab / carriage return) is neutralised with a leading apostrophe so no spreadsheet runs it as a
 * formula (SECURITY.md "uploads").
 */
import { saoPauloToday } from '../../src/contracts/today.js';
import * as z from 'zod/mini';
import { fold } from '../../src/contracts/brazil/text.js';
import { MASK_OF_TYPE } from '../../src/contracts/brazil/masks.js';
import { formatMoney } from '../../src/contracts/money.js';
import type { AnyResource, ColumnDef, FieldDef } from '../../src/contracts/resource.js';
import { fieldDefOf } from './query.js';
import type { WireRecord } from './storage.js';
import { xlsx, type Cell } from './xlsx.js';

/** Rows an export holds at most (the list's filters narrow it down). */
export const MAX_EXPORT_ROWS = 50_000;

const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });


/** One cell: a number for the spreadsheet when numeric, else the text shown in the list. */
function cell(def: FieldDef, field: string, record: WireRecord): Cell {
  const value = record[field];
  if (value === null || value === undefined) return null;
  switch (def.type) {
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'money':
      return { value: Number(value) / 100, centavos: Number(value), format: 'money' };
    case 'percent':
      return { value: Number(value) / 10_000, format: 'percent' };
    case 'integer':
      return { value: Number(value), format: 'integer' };
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      return m ? `${m[3]}/${m[2]}/${m[1]}` : String(value);
    }
    case 'datetime':
      return dateTime.format(new Date(String(value))).replace(',', '');
    case 'enum': {
      const values = Array.isArray(value) ? (value as string[]) : [String(value)];
      return values.map((v) => def.optionLabels[v] ?? v).join(', ');
    }
    case 'reference':
    case 'references':
    case 'tree':
      return (record._refs?.[field] ?? []).map((r) => neutralise(r.label)).join(', ');
    case 'scopes':
      return (value as string[]).join(', ');
    case 'list':
      return `${(value as unknown[]).length} ${(value as unknown[]).length === 1 ? 'item' : 'itens'}`;
    case 'cpf':
    case 'cnpj':
    case 'cpfCnpj':
    case 'cep':
    case 'phone':
    case 'pixKey':
      return neutralise(MASK_OF_TYPE[def.type]!(String(value)));
    default:
      return neutralise(String(value));
  }
}

/**
 * The columns of an export: the ones named in `columns` (comma-separated, the order the user
 * sees; names that are no list column are left out), else every list column of the declaration.
 */
export function exportColumns(resource: AnyResource, columns?: string): readonly ColumnDef[] {
  const declared: readonly ColumnDef[] = resource.list?.columns ?? [];
  const asked = (columns ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (!asked.length) return declared;
  const chosen = asked.map((name) => declared.find((column) => column.field === name)).filter((column): column is ColumnDef => Boolean(column));
  return chosen.length ? [...new Map(chosen.map((column) => [column.field, column])).values()] : declared;
}

/** The list's query string plus `columns` (the columns shown, comma-separated). */
export function exportQuerystring(list: z.ZodMiniObject) {
  return z.strictObject({ ...list.shape, columns: z.optional(z.string().check(z.maxLength(2000))) });
}

/** "fornecedores-2026-11-24.xlsx": the list's pt-BR name without accents, and the Brasília date. */
export function exportFileName(resource: AnyResource, now: Date, format: string): string {
  return fileNameOf(resource.labels.many, resource.name, now, format);
}

function table(resource: AnyResource, records: WireRecord[], columns: readonly ColumnDef[]): { header: string[]; rows: Cell[][] } {
  const defs = columns.map((c) => [c.field, fieldDefOf(resource, c.field)] as const).filter((pair): pair is readonly [string, FieldDef] => Boolean(pair[1]));
  return {
    header: defs.map(([, def]) => def.label),
    rows: records.map((record) => defs.map(([field, def]) => cell(def, field, record))),
  };
}

const csvText = (c: Cell): string => {
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  if (typeof c === 'object') {
    if (c.format === 'percent') return `${decimal.format(c.value * 100)}%`;
    if (c.format === 'integer') return String(c.value);
    // As on the screen ("R$ 1.234,56"), with a plain space (spreadsheets read it as an amount).
    return formatMoney(c.centavos ?? Math.round(c.value * 100)).replace(/\u00a0/g, ' ');
  }
  return c;
};
const csvQuote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** CSV as Excel in pt-BR reads it: UTF-8 with BOM, `;` separator, CRLF, decimal comma. */
export function toCsv(resource: AnyResource, records: WireRecord[], columns: readonly ColumnDef[] = exportColumns(resource)): Buffer {
  const { header, rows } = table(resource, records, columns);
  return csvOf(header, rows);
}

/** A header and rows of cells (the XLSX writer's) as that CSV: every export's CSV, lists' and reports'. */
export function csvOf(header: readonly string[], rows: readonly Cell[][]): Buffer {
  const lines = [header.map(csvQuote).join(';'), ...rows.map((row) => row.map((c) => csvQuote(csvText(c))).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** "dre-por-mes-2026-11-24.xlsx": a pt-BR title without accents, and the Brasília date. */
export function fileNameOf(title: string, fallback: string, now: Date, format: string): string {
  const slug = fold(title).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || fallback;
  const day = saoPauloToday(now);
  return `${slug}-${day}.${format}`;
}

export function toXlsx(resource: AnyResource, records: WireRecord[], columns: readonly ColumnDef[] = exportColumns(resource)): Buffer {
  const { header, rows } = table(resource, records, columns);
  return xlsx(resource.labels.many, header, rows);
}

export const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
