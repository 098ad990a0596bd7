/**
 * The API client (spec §7), on ofetch: base URL per API family from app.config.json, bearer
 * token, JSON headers, repeated array query parameters, XSRF header on same-origin calls, no
 * time-out, 2xx = success, errors normalised to `ApiError`.
 *
 * NOTE: config.ts imports this module and this module imports config.ts; nothing here may use
 * a config.ts export at module top level (only inside functions).
 */
import { createFetch, FetchError } from 'ofetch';
import { XSRF_COOKIE, XSRF_HEADER } from '../contracts/identityNames';
import { apiUrl, ensureAppConfig } from './config';
import { hasMessage, t } from './i18n';
import { getAccessToken } from './session';
import { takeEarlyAnswer } from './firstPageEarly';
import { buildUrl, isSameOrigin, pageQuery, type QueryParams } from './url';

// ---------------------------------------------------------------- errors

/** HTTP status, or 'UNK' when no answer arrived (network failure, interrupted request). */
export type HttpStatus = number | 'UNK';

export interface ApiErrorInit {
  status: HttpStatus;
  message: string;
  errors?: Record<string, string[]>;
  detail?: string;
  data?: unknown;
  aborted?: boolean;
  /** A 401 that refused the session itself (`WWW-Authenticate: Bearer`, or no token held), not a wrong code or password. */
  sessionRefused?: boolean;
  cause?: unknown;
}

/** Every failed call: `{ status, message, errors?, detail?, data? }`, message in pt-BR. */
export class ApiError extends Error {
  readonly status: HttpStatus;
  readonly errors?: Record<string, string[]>;
  readonly detail?: string;
  readonly data?: unknown;
  /** The caller aborted the request (no notice is shown). */
  readonly aborted: boolean;
  /** The answer refused the session (see ApiErrorInit.sessionRefused). */
  readonly sessionRefused: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    if (init.errors) this.errors = init.errors;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.data !== undefined) this.data = init.data;
    this.aborted = init.aborted ?? false;
    this.sessionRefused = init.sessionRefused ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Catalogue text of a status: its own text, "erro inesperado" for other codes, "desconhecido" otherwise. */
export function statusText(status: unknown): string {
  if (status === 'UNK') return t('http.UNK');
  if (typeof status !== 'number' || !Number.isInteger(status)) return t('http.unknown');
  return hasMessage(`http.${status}`) ? t(`http.${status}`) : t('http.other');
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return Object.keys(out).length ? out : undefined;
}

/** Normalises anything thrown by a call into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const response = (error as FetchError & { response?: Response }).response;
    if (response) {
      const status = response.status;
      const body = error.data as unknown;
      const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
      const message = typeof record?.message === 'string' && record.message ? record.message : statusText(status);
      return new ApiError({
        status,
        message,
        errors: fieldErrors(record?.errors),
        detail: typeof record?.detail === 'string' ? record.detail : undefined,
        data: body ?? undefined,
        sessionRefused: status === 401 && /^bearer\b/i.test(response.headers.get('www-authenticate') ?? ''),
        cause: error,
      });
    }
    const cause = error.cause as { name?: string } | undefined;
    const aborted = cause?.name === 'AbortError';
    return new ApiError({ status: 'UNK', message: statusText('UNK'), aborted, cause: error, ...(aborted ? {} : { detail: t('http.offline') }) });
  }
  if (error && typeof error === 'object' && (error as { name?: string }).name === 'AbortError') {
    return new ApiError({ status: 'UNK', message: statusText('UNK'), aborted: true, cause: error });
  }
  // No answer at all (the network, not the server): the spec's text, and what became of the user's work.
  if (error instanceof TypeError) return new ApiError({ status: 'UNK', message: statusText('UNK'), detail: t('http.offline'), cause: error });
  const message = error instanceof Error && error.message ? error.message : statusText('UNK');
  return new ApiError({ status: 'UNK', message, cause: error });
}

// ---------------------------------------------------------------- error hook

export interface RequestContext {
  apiName: string;
  path: string;
  method: string;
}

export type HttpErrorHandler = (error: ApiError, context: RequestContext) => void;

const httpErrorHandlers = new Set<HttpErrorHandler>();

/** Called for every failed, non-silent, non-aborted call (the notices module shows them). */
export function onHttpError(handler: HttpErrorHandler): () => void {
  httpErrorHandlers.add(handler);
  return () => {
    httpErrorHandlers.delete(handler);
  };
}

function emitHttpError(error: ApiError, context: RequestContext): void {
  for (const handler of httpErrorHandlers) {
    try {
      handler(error, context);
    } catch {
      // A broken handler must not hide the error from the caller.
    }
  }
}

// ---------------------------------------------------------------- the session's hooks

/**
 * What the session's life (sessionLife.ts) plugs in: `beforeCall` runs before every non-public
 * call (it renews an expired access token of a live session first); `sessionEnded` hears a 401
 * that answered the session's current token. Registered, not imported: sessionLife.ts imports
 * this module.
 */
export interface SessionHooks {
  beforeCall?: () => Promise<void>;
  sessionEnded?: (token: string) => void;
}
let sessionHooks: SessionHooks = {};

export function setSessionHooks(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

// ---------------------------------------------------------------- transport

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
let fetchOverride: FetchFn | null = null;

/** Replaces the transport (tests, or a host page with its own fetch); null restores `fetch`. */
export function configureApi(options: { fetch?: FetchFn | null }): void {
  if (options.fetch !== undefined) fetchOverride = options.fetch;
}

const $fetch = createFetch({
  // The page's first list request may have left with retaguarda.js already (firstPageEarly.ts).
  fetch: ((input: RequestInfo | URL, init?: RequestInit) => takeEarlyAnswer(input, init) ?? (fetchOverride ?? globalThis.fetch)(input, init)) as typeof fetch,
});

export { buildUrl, isSameOrigin, serializeQuery, type QueryParams, type QueryValue } from './url';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie ? document.cookie.split(';') : []) {
    const index = part.indexOf('=');
    const key = (index < 0 ? part : part.slice(0, index)).trim();
    if (key === name) {
      const raw = index < 0 ? '' : part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

function isJsonBody(body: unknown): boolean {
  if (body === null || body === undefined || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return false;
  if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return false;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return false;
  if (ArrayBuffer.isView(body) || body instanceof ArrayBuffer) return false;
  const proto = Object.getPrototypeOf(body);
  return proto === Object.prototype || proto === null || typeof (body as { toJSON?: unknown }).toJSON === 'function';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Plain objects/arrays are sent as JSON; FormData, Blob, strings… as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Public call (auth, password recovery): no local 401 when no token is held. */
  public?: boolean;
  /**
   * No notice on failure (the caller shows its own message); a function decides per error
   * (e.g. an upload shows its own errors but leaves 401/403 to the notices).
   */
  silent?: boolean | ((error: ApiError) => boolean);
  /**
   * A 401 shows the spec's 401 notice even on a silent call (a lookup must never answer "Não há
   * resultados." for an ended session) and ends the session in every element; `quiet401` leaves
   * the 401 to the caller (the guard, which signs out and opens /login itself).
   */
  quiet401?: boolean;
  signal?: AbortSignal;
  /** Default: from the answer's Content-Type (JSON when absent). */
  responseType?: 'json' | 'text' | 'blob' | 'arrayBuffer';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** One call, with the answer's status and headers. Throws ApiError. */
export async function requestRaw<T = unknown>(apiName: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const context: RequestContext = { apiName, path, method };
  let token: string | null = null;
  try {
    const config = await ensureAppConfig();
    const url = buildUrl(apiUrl(config, apiName), path, options.query);
    if (!options.public && sessionHooks.beforeCall) await sessionHooks.beforeCall();
    token = getAccessToken();
    if (!options.public && !token) throw new ApiError({ status: 401, message: statusText(401), sessionRefused: true });

    const headers = new Headers(options.headers);
    if (token && !headers.has('authorization')) headers.set('Authorization', `Bearer ${token}`);
    let body = options.body as BodyInit | undefined;
    const wantsJson = !options.responseType || options.responseType === 'json';
    if (isJsonBody(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
      if (!headers.has('accept')) headers.set('Accept', 'application/json');
    } else if (options.body === undefined && wantsJson && !headers.has('accept')) {
      headers.set('Accept', 'application/json');
    }
    if (isSameOrigin(url)) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }

    const response = await $fetch.raw<T>(url, {
      method,
      headers,
      body,
      retry: 0,
      signal: options.signal,
      credentials: 'same-origin',
      ...(options.responseType ? { responseType: options.responseType as 'json' } : {}),
    });
    return { data: response._data as T, status: response.status, headers: response.headers };
  } catch (error) {
    const apiError = toApiError(error);
    const silent = typeof options.silent === 'function' ? options.silent(apiError) : options.silent;
    const sessionEnd = apiError.sessionRefused && !options.public && !options.quiet401;
    if ((!silent || sessionEnd) && !apiError.aborted) emitHttpError(apiError, context);
    // The server refused the token the session holds now (not one a rotation has replaced since).
    if (sessionEnd && token && token === getAccessToken()) sessionHooks.sessionEnded?.(token);
    throw apiError;
  }
}

/** One call; resolves with the parsed body. Throws ApiError. */
export async function request<T = unknown>(apiName: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestRaw<T>(apiName, path, options)).data;
}

// ---------------------------------------------------------------- pagination

export interface Pagination {
  firstPage: number;
  prevPage: number | null;
  nextPage: number | null;
  lastPage: number | null;
  currentPage: number;
}

/**
 * Pagination from a `Link` header (spec §3): each of first/prev/next/last is the `page`
 * parameter of its link. A missing `first` means page 1; a missing `last` on a page without
 * `next` means the current page; without any Link the current page is the only one.
 */
export function parseLinkHeader(link: string | null | undefined, currentPage = 1): Pagination {
  const pages: Record<string, number> = {};
  for (const entry of (link ?? '').split(/,\s*(?=<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(entry);
    if (!match) continue;
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2])?.[1];
    if (!rel) continue;
    let page: number;
    try {
      page = Number.parseInt(new URL(match[1], 'http://link.invalid/').searchParams.get('page') ?? '', 10);
    } catch {
      continue;
    }
    if (!Number.isFinite(page)) continue;
    for (const name of rel.trim().split(/\s+/)) pages[name.toLowerCase()] = page;
  }
  const nextPage = pages.next ?? null;
  return {
    firstPage: pages.first ?? 1,
    prevPage: pages.prev ?? pages.previous ?? null,
    nextPage,
    lastPage: pages.last ?? (nextPage === null ? currentPage : null),
    currentPage,
  };
}

export interface PageOptions extends Omit<RequestOptions, 'method' | 'body'> {
  page?: number;
  perPage?: number;
}

export interface PageResult<T> {
  items: T[];
  pagination: Pagination;
  /** From `X-Total-Count`, null when absent. */
  total: number | null;
  /** From `X-Total-Count-Over`: the server stopped counting past this many matches. */
  totalOver: number | null;
}

/** GET a list page (`page`, `perPage` query parameters) with its pagination and total. */
export async function requestPage<T = unknown>(apiName: string, path: string, options: PageOptions = {}): Promise<PageResult<T>> {
  const { page = 1, perPage, query, ...rest } = options;
  const response = await requestRaw<unknown>(apiName, path, {
    ...rest,
    method: 'GET',
    query: pageQuery(query, page, perPage),
  });
  const data = response.data as { items?: T[]; data?: T[] } | T[] | null;
  const items = Array.isArray(data) ? data : (data?.items ?? data?.data ?? []);
  const count = (name: string) => {
    const header = response.headers.get(name);
    return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  };
  return { items, pagination: parseLinkHeader(response.headers.get('link'), page), total: count('x-total-count'), totalOver: count('x-total-count-over') };
}

// ---------------------------------------------------------------- per-family client

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  raw<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, query?: QueryParams, options?: Omit<RequestOptions, 'query' | 'method'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  delete<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  page<T = unknown>(path: string, options?: PageOptions): Promise<PageResult<T>>;
}

/** A client bound to one API family of app.config.json (`identity`, `supply`, `finance`…). */
export function apiClient(apiName: string): ApiClient {
  return {
    request: (path, options) => request(apiName, path, options),
    raw: (path, options) => requestRaw(apiName, path, options),
    get: (path, query, options) => request(apiName, path, { ...options, query, method: 'GET' }),
    post: (path, body, options) => request(apiName, path, { ...options, body, method: 'POST' }),
    put: (path, body, options) => request(apiName, path, { ...options, body, method: 'PUT' }),
    patch: (path, body, options) => request(apiName, path, { ...options, body, method: 'PATCH' }),
    delete: (path, body, options) => request(apiName, path, { ...options, body, method: 'DELETE' }),
    page: (path, options) => requestPage(apiName, path, options),
  };
}
