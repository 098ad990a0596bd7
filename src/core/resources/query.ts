/**
 * The list's state lives in the URL (spec: filters kept in the URL) with the same names the API
 * takes: `page`, `perPage`, `sort`, `q` and plain filter parameters (see contracts/resource.ts).
 */
import {
  BASE_FIELD_DEFS,
  DEFAULT_PER_PAGE,
  filterKind,
  MAX_PER_PAGE,
  MINE_PARAM,
  RANGE_FROM,
  RANGE_TO,
  type AnyResource,
  type FieldDef,
} from '../../contracts/resource';
import type { QueryParams } from '../url';

/**
 * What a registry list's route fixes of its requests, as plain data (a mount: modules/registry
 * spec.ts): the declaration, path parameters, fixed filters and the default sort.
 */
export interface ListMount {
  resource: string;
  params?: Readonly<Record<string, string>>;
  fixedQuery?: Readonly<Record<string, readonly string[]>>;
  defaultSort?: string;
  /** A named list of the declaration (`list.named`, a queue): its own preferences (`?list=`). */
  list?: string;
}

export interface ListState {
  page: number;
  perPage: number;
  sort: string;
  q: string;
  /** Filter parameter → values (range filters use `field.from` / `field.to`). */
  filters: Record<string, string[]>;
  /** `mine=true`: only the records the caller created (`ownership` resources). */
  mine?: boolean;
}

export function fieldDef(resource: AnyResource, field: string): FieldDef | undefined {
  return resource.fields[field] ?? (BASE_FIELD_DEFS as Record<string, FieldDef>)[field];
}

/** Query parameter names a declaration's filters accept. */
export function filterParams(resource: AnyResource): string[] {
  return (resource.list?.filters ?? []).flatMap(({ field }) => {
    const def = fieldDef(resource, field);
    if (!def) return [];
    const kind = filterKind(def.type);
    return kind === 'range' ? [field + RANGE_FROM, field + RANGE_TO] : kind === 'none' ? [] : [field];
  });
}

const positive = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** ListState from the page's query string; unknown parameters are ignored. */
export function readListState(resource: AnyResource, search: URLSearchParams): ListState {
  const filters: Record<string, string[]> = {};
  for (const name of filterParams(resource)) {
    const values = search.getAll(name).filter((v) => v !== '');
    if (values.length) filters[name] = values;
  }
  return {
    page: positive(search.get('page'), 1),
    perPage: positive(search.get('perPage'), resource.list?.perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    sort: search.get('sort') ?? resource.list?.defaultSort ?? '',
    q: search.get('q') ?? '',
    filters,
    ...(resource.ownership && search.get(MINE_PARAM) === 'true' ? { mine: true } : {}),
  };
}

/** The API query of a list state (also the export's, without paging). */
export function apiQuery(state: ListState, paging = true): QueryParams {
  return {
    ...(paging ? { page: state.page, perPage: state.perPage } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(state.mine ? { [MINE_PARAM]: 'true' } : {}),
    ...state.filters,
  };
}

/** Query string of a list state; defaults are left out so URLs stay short. */
export function listSearch(resource: AnyResource, state: ListState): string {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.perPage !== (resource.list?.perPage ?? DEFAULT_PER_PAGE)) params.set('perPage', String(state.perPage));
  if (state.sort && state.sort !== resource.list?.defaultSort) params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  for (const [name, values] of Object.entries(state.filters)) for (const value of values) params.append(name, value);
  if (state.mine) params.set(MINE_PARAM, 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Next state after a change; anything but a page change goes back to page 1. */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** Sort cycle of a column header: ascending → descending → the declaration's default. */
export function nextSort(current: string, field: string, defaultSort: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return defaultSort === `-${field}` ? field : defaultSort;
  return field;
}

export const activeFilterCount = (state: ListState) => Object.keys(state.filters).length;
