/**
 * List query of a declaration (contracts/resource.ts "HTTP conventions") → SQL pieces:
 * the querystring schema (reserved parameters + the declared filters, anything else is 400),
 * sort keys, filter and search conditions. Every value is a bound parameter; identifiers come
 * from the storage mapping only.
 */
import { sql, type RawBuilder } from 'kysely';
import * as z from 'zod/mini';
import { foldAccents } from '../../src/contracts/brazil/text.js';
import { unmask } from '../../src/contracts/documents.js';
import { BASE_FIELD_DEFS, DEFAULT_PER_PAGE, filterKind, MAX_PER_PAGE, parseSort, RANGE_FROM, RANGE_TO, type AnyResource, type FieldDef } from '../../src/contracts/resource.js';
import { listQuerySchema } from '../../src/contracts/resourceSchemas.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import { fieldStorage, type ResourceStorage } from './storage.js';

/** Business dates and "whole day" bounds are in Brasília time (no daylight saving since 2019). */
const BRASILIA_OFFSET = '-03:00';
const MAX_VALUES = 100;

export function fieldDefOf(resource: AnyResource, field: string): FieldDef | undefined {
  if (Object.prototype.hasOwnProperty.call(resource.fields, field)) return resource.fields[field];
  return (BASE_FIELD_DEFS as Record<string, FieldDef>)[field];
}

/** Query parameters of the declared filters (`field`, or `field.from` / `field.to` for ranges). */
export function filterParams(resource: AnyResource): { param: string; field: string; bound?: 'from' | 'to' }[] {
  return (resource.list?.filters ?? []).flatMap(({ field }) => {
    const def = fieldDefOf(resource, field);
    if (!def) return [];
    const kind = filterKind(def.type);
    if (kind === 'none') return [];
    if (kind === 'range') return [{ param: field + RANGE_FROM, field, bound: 'from' as const }, { param: field + RANGE_TO, field, bound: 'to' as const }];
    return [{ param: field, field }];
  });
}

const filterValue = z.union([z.string().check(z.maxLength(200)), z.array(z.string().check(z.maxLength(200))).check(z.maxLength(MAX_VALUES))]);

/** `perPage` without the contract's fixed default (a declaration may set its own). */
const perPageParam = z.optional(
  z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform((v: string) => Number(v))), z.number().check(z.minimum(1), z.maximum(MAX_PER_PAGE))),
);

/** Querystring schema of a list (`paging`) or of an export (no page/perPage). */
export function listQuerystring(resource: AnyResource, paging: boolean) {
  const { page, sort, q, mine } = listQuerySchema.shape;
  const shape: Record<string, z.core.$ZodType> = paging ? { page, perPage: perPageParam, sort, q, mine } : { sort, q, mine };
  for (const { param } of filterParams(resource)) shape[param] = z.optional(filterValue);
  return z.strictObject(shape);
}

export interface SortKey {
  field: string;
  desc: boolean;
}

export interface ParsedList {
  page: number;
  perPage: number;
  sort: SortKey[];
  conditions: RawBuilder<unknown>[];
  /** The `q` condition alone (also in `conditions`: records.ts sorts its matches instead of walking an index), or null without `q`. */
  searchCondition: RawBuilder<unknown> | null;
}

const TEXT_SORT = new Set(['text', 'longText', 'email', 'enum', 'richText']);
const DOCUMENTS = new Set(['cpf', 'cnpj', 'cpfCnpj', 'cep', 'phone']);
const FOLDED_SEARCH = new Set(['text', 'longText', 'richText']);

/** `%term%` for ILIKE with `\`, `%` and `_` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `field` contains `term`: documents compared unmasked; text with accents folded ("joao" finds
 * "João") — through the table's folded generated column when it has one (trigram-indexed), else
 * folding each row on the fly; anything else as typed. Case never matters (ILIKE).
 */
export function containsSql(storage: ResourceStorage, field: string, def: FieldDef, term: string): RawBuilder<unknown> {
  // A number (an ordem de compra's "nº 42") is found by the number itself.
  if (def.type === 'integer') {
    const number = /^(?:n[º°o.]*\s*)?(\d{1,15})$/i.exec(term.trim())?.[1];
    return number ? sql`${fieldSql(storage, field)} = ${Number(number)}` : sql`false`;
  }
  if (DOCUMENTS.has(def.type)) return sql`${fieldSql(storage, field)} ILIKE ${containsPattern(unmask(term))} ESCAPE '\\'`;
  if (!FOLDED_SEARCH.has(def.type)) return sql`${fieldSql(storage, field)} ILIKE ${containsPattern(term)} ESCAPE '\\'`;
  const folded = containsPattern(foldAccents(term));
  const column = storage.foldedColumns?.[field];
  return column ? sql`${sql.ref(`t.${column}`)} ILIKE ${folded} ESCAPE '\\'` : sql`rt_sort_key(${fieldSql(storage, field)}) ILIKE ${folded} ESCAPE '\\'`;
}

/** Fields a list may be sorted by: sortable columns, the default sort, createdAt/updatedAt. */
export function sortableFields(resource: AnyResource, storage: ResourceStorage): Set<string> {
  const fields = new Set<string>(['createdAt', 'updatedAt']);
  for (const column of resource.list?.columns ?? []) if (column.sortable) fields.add(column.field);
  for (const key of parseSort(resource.list?.defaultSort)) fields.add(key.field);
  for (const field of [...fields]) {
    const where = fieldStorage(storage, field);
    if (where.kind === 'link' || where.kind === 'child' || where.kind === 'page' || !fieldDefOf(resource, field)) fields.delete(field);
  }
  return fields;
}

/** SQL of one field of alias `t` (a column or a computed expression). */
export function fieldSql(storage: ResourceStorage, field: string): RawBuilder<unknown> {
  const where = fieldStorage(storage, field);
  if (where.kind === 'computed') return sql`(${where.expression})`;
  if (where.kind === 'column') return sql.ref(`t.${where.column}`);
  throw new Error(`Field ${field} is not a column`);
}

/** Text sorts by `rt_sort_key` (migration 0006: case and accents folded), or by the table's folded column of the field (0007); the list indexes use the same. */
export function orderBySql(resource: AnyResource, storage: ResourceStorage, sort: SortKey[]): RawBuilder<unknown> {
  const parts = sort.map(({ field, desc }) => {
    const def = fieldDefOf(resource, field)!;
    const folded = storage.foldedColumns?.[field];
    const expression = !TEXT_SORT.has(def.type) || (def.type === 'enum' && def.multiple)
      ? fieldSql(storage, field)
      : folded
        ? sql.ref(`t.${folded}`)
        : sql`rt_sort_key(${fieldSql(storage, field)})`;
    return desc ? sql`${expression} DESC NULLS LAST` : sql`${expression} ASC NULLS LAST`;
  });
  parts.push(sql`t.id ASC`);
  return sql.join(parts, sql`, `);
}

function asList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String).filter((v) => v !== '');
}

function validDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** A datetime bound: a date means that whole day in Brasília time; else an ISO instant with offset. */
function instantBound(value: string, bound: 'from' | 'to'): Date | undefined {
  if (validDate(value)) {
    const start = new Date(`${value}T00:00:00.000${BRASILIA_OFFSET}`);
    return bound === 'from' ? start : new Date(start.getTime() + 86_400_000 - 1);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Parses the (already schema-checked) querystring; 400 with field errors for bad values. */
export function parseListQuery(resource: AnyResource, storage: ResourceStorage, query: Record<string, unknown>): ParsedList {
  const errors: FieldErrors = {};
  const conditions: RawBuilder<unknown>[] = [];
  let searchCondition: RawBuilder<unknown> | null = null;

  // sort
  const sortable = sortableFields(resource, storage);
  const sort = parseSort(typeof query.sort === 'string' ? query.sort : resource.list?.defaultSort);
  for (const key of sort) if (!sortable.has(key.field)) addError(errors, 'sort', `Não é possível ordenar por "${key.field}".`);

  // q
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q) {
    const alternatives = (resource.list?.searchFields ?? []).flatMap((field) => {
      const def = fieldDefOf(resource, field);
      if (!def || (DOCUMENTS.has(def.type) && !unmask(q))) return [];
      return [containsSql(storage, field, def, q)];
    });
    searchCondition = alternatives.length ? sql`(${sql.join(alternatives, sql` OR `)})` : sql`false`;
    conditions.push(searchCondition);
  }

  // filters
  for (const { param, field, bound } of filterParams(resource)) {
    const values = asList(query[param]);
    if (!values.length) continue;
    const def = fieldDefOf(resource, field)!;
    const where = fieldStorage(storage, field);
    const kind = filterKind(def.type);
    if (kind === 'boolean') {
      if (values.length !== 1 || (values[0] !== 'true' && values[0] !== 'false')) {
        addError(errors, param, 'Use true ou false.');
        continue;
      }
      conditions.push(sql`${fieldSql(storage, field)} = ${values[0] === 'true'}`);
    } else if (kind === 'any') {
      if (def.type === 'enum') {
        const bad = values.filter((v) => !def.options.includes(v));
        if (bad.length) {
          addError(errors, param, `Opção inválida: ${bad.join(', ')}.`);
          continue;
        }
      }
      if (where.kind === 'link') {
        const { table, own, other } = where.link;
        conditions.push(sql`EXISTS (SELECT 1 FROM ${sql.table(table)} AS l WHERE ${sql.ref(`l.${own}`)} = t.id AND ${sql.ref(`l.${other}`)} IN (${sql.join(values)}))`);
      } else if (def.type === 'references' || def.type === 'scopes' || (def.type === 'enum' && def.multiple)) {
        conditions.push(sql`${fieldSql(storage, field)} && ${sql.val(values)}::text[]`);
      } else if (storage.treeFilters?.[field]) {
        const { table, parentColumn } = storage.treeFilters[field];
        const nodes = sql.table(table);
        // UNION (not ALL) ends even on a cycle; row-level security keeps it in the tenant.
        conditions.push(sql`${fieldSql(storage, field)} IN (WITH RECURSIVE sub(id) AS (SELECT n.id FROM ${nodes} AS n WHERE n.id IN (${sql.join(values)})
          UNION SELECT n.id FROM ${nodes} AS n JOIN sub ON ${sql.ref(`n.${parentColumn}`)} = sub.id) SELECT id FROM sub)`);
      } else {
        conditions.push(sql`${fieldSql(storage, field)} IN (${sql.join(values)})`);
      }
    } else if (kind === 'contains') {
      const conds = values.map((v) => containsSql(storage, field, def, v));
      conditions.push(sql`(${sql.join(conds, sql` OR `)})`);
    } else if (kind === 'range') {
      if (values.length !== 1) {
        addError(errors, param, 'Informe um único valor.');
        continue;
      }
      const value = values[0];
      let parameter: unknown;
      if (def.type === 'date') {
        if (validDate(value)) parameter = value;
      } else if (def.type === 'datetime') {
        parameter = instantBound(value, bound!);
      } else if (/^-?\d{1,15}$/.test(value)) {
        parameter = value;
      }
      if (parameter === undefined) {
        addError(errors, param, def.type === 'date' || def.type === 'datetime' ? 'Data inválida.' : 'Número inválido.');
        continue;
      }
      conditions.push(bound === 'from' ? sql`${fieldSql(storage, field)} >= ${parameter}` : sql`${fieldSql(storage, field)} <= ${parameter}`);
    }
  }

  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
  return {
    page: typeof query.page === 'number' ? query.page : 1,
    perPage: typeof query.perPage === 'number' ? query.perPage : (resource.list?.perPage ?? DEFAULT_PER_PAGE),
    sort,
    conditions,
    searchCondition,
  };
}

/**
 * `Link` header of a list page: first/prev/next/last, each keeping every other parameter of the
 * request. `total` null: the count stopped at COUNT_CAP — no `last`, and `next`
 * while the page is full (`fullPage`).
 */
export function linkHeader(url: string, page: number, perPage: number, total: number | null, fullPage = false): string {
  const [path, search = ''] = url.split('?', 2);
  const last = total === null ? null : Math.max(1, Math.ceil(total / perPage));
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    if (!params.has('perPage')) params.set('perPage', String(perPage));
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${href(1)}; rel="first"`];
  if (page > 1) links.push(`${href(last === null ? page - 1 : Math.min(page - 1, last))}; rel="prev"`);
  if (last === null ? fullPage : page < last) links.push(`${href(page + 1)}; rel="next"`);
  if (last !== null) links.push(`${href(last)}; rel="last"`);
  return links.join(', ');
}
