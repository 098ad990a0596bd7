/**
 * Exports of a list (`GET /{path}/export.csv|.xlsx`): the declaration's list columns, pt-BR
 * labels and values (references by their labels, booleans as Sim/Não, money in reais, dates as
 * dd/mm/aaaa, instants in Brasília time). Text typed by users that starts with `= + - @` (or a
 * tab / carriage return) is neutralised with a leading apostrophe so no spreadsheet runs it as a
 * formula (SECURITY.md "uploads").
 */
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

function mask(type: string, value: string): string {
  if (type === 'cpf' && /^\d{11}$/.test(value)) return value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if ((type === 'cnpj' || type === 'cpfCnpj') && /^[0-9A-Z]{12}\d{2}$/.test(value)) return value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  if (type === 'cpfCnpj' && /^\d{11}$/.test(value)) return mask('cpf', value);
  if (type === 'cep' && /^\d{8}$/.test(value)) return value.replace(/^(\d{5})(\d{3})$/, '$1-$2');
  return value;
}

/** One cell: a number for the spreadsheet when numeric, else the text shown in the list. */
function cell(def: FieldDef, field: string, record: WireRecord): Cell {
  const value = record[field];
  if (value === null || value === undefined) return null;
  switch (def.type) {
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'money':
      return { value: Number(value) / 100, format: 'money' };
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
      return mask(def.type, String(value));
    default:
      return neutralise(String(value));
  }
}

function table(resource: AnyResource, records: WireRecord[]): { header: string[]; rows: Cell[][] } {
  const columns: readonly ColumnDef[] = resource.list?.columns ?? [];
  const defs = columns.map((c) => [c.field, fieldDefOf(resource, c.field)] as const).filter((pair): pair is readonly [string, FieldDef] => Boolean(pair[1]));
  return {
    header: defs.map(([, def]) => def.label),
    rows: records.map((record) => defs.map(([field, def]) => cell(def, field, record))),
  };
}

const csvText = (c: Cell): string => {
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  if (typeof c === 'object') return c.format === 'percent' ? `${decimal.format(c.value * 100)}%` : c.format === 'integer' ? String(c.value) : decimal.format(c.value);
  return c;
};
const csvQuote = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** CSV as Excel in pt-BR reads it: UTF-8 with BOM, `;` separator, CRLF, decimal comma. */
export function toCsv(resource: AnyResource, records: WireRecord[]): Buffer {
  const { header, rows } = table(resource, records);
  const lines = [header.map(csvQuote).join(';'), ...rows.map((row) => row.map((c) => csvQuote(csvText(c))).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export function toXlsx(resource: AnyResource, records: WireRecord[]): Buffer {
  const { header, rows } = table(resource, records);
  return xlsx(resource.labels.many, header, rows);
}

export const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
