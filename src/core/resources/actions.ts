import type { ActionDef, AnyResource, BulkResult, ExportFormat } from '../../contracts/resource';
import { ifMatch } from '../../contracts/resource';
import { request, requestRaw } from './transport';
import { apiPath, type PathParams } from './paths';
import { apiQuery, type ListState } from './query';
import type { Row } from './useList';
import { ApiError, type RequestOptions } from '../api';
import { notifyHttpError } from '../notices';
import { saveFile } from '../saveFile';

/**
 * Whether a declared action is offered on `record`: its `offeredWhen` met, and, for one that only
 * sets values, not where they are held already ("Ativar" on an active account would change nothing).
 */
export function actionApplies(action: ActionDef, record: Readonly<Record<string, unknown>>): boolean {
  if (action.set && Object.entries(action.set).every(([field, value]) => record[field] === value)) return false;
  return Object.entries(action.offeredWhen ?? {}).every(([field, values]) => values.includes(record[field] as string | boolean));
}

/** `DELETE /{path}/{id}` with the version the user saw. */
export function deleteRecord(resource: AnyResource, params: PathParams, record: Pick<Row, 'id' | 'version'>): Promise<unknown> {
  return request(resource.api, apiPath(resource, params, record.id), { method: 'DELETE', headers: { 'If-Match': ifMatch(record.version) } });
}

/**
 * `POST /{path}/bulk/{action}` with `{ids}` (a bulk transition: `{ids, input}`); `idempotencyKey`
 * is sent as `Idempotency-Key` (money-moving transitions: the same key on a retry of the same submission).
 */
export function runBulk(resource: AnyResource, params: PathParams, action: string, ids: string[], input?: Record<string, unknown>, idempotencyKey?: string): Promise<BulkResult> {
  return request<BulkResult>(resource.api, `${apiPath(resource, params)}/bulk/${encodeURIComponent(action)}`, {
    method: 'POST',
    body: input ? { ids, input } : { ids },
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}

/** `POST /{path}/{id}/actions/{action}`. */
export function runRowAction(resource: AnyResource, params: PathParams, id: string, action: string): Promise<Row> {
  return request<Row>(resource.api, apiPath(resource, params, id, `actions/${encodeURIComponent(action)}`), { method: 'POST' });
}

/** Downloads `GET /{path}/export.{format}` for the list's current sort, search and filters. */
export async function exportList(resource: AnyResource, params: PathParams, state: ListState, format: ExportFormat, columns?: readonly string[]): Promise<void> {
  // The list's search and filters, and the columns it shows.
  const query = { ...apiQuery(state, false), ...(columns?.length ? { columns: columns.join(',') } : {}) };
  return download(resource.api, `${apiPath(resource, params)}/export.${format}`, query, `${resource.name}.${format}`);
}

/** Downloads `GET {path}` of the `api` family as a file, named as the server's Content-Disposition says (else `fallback`). */
export async function download(api: string, path: string, query: RequestOptions['query'], fallback: string): Promise<void> {
  // A refusal comes back as a blob too: its notice says the server's own pt-BR message (a report
  // download whose audit row could not be written is refused, and the user must know it).
  const told = (error: ApiError) => error.status !== 401 && error.status !== 403 && error.data instanceof Blob;
  const answer = await requestRaw<Blob>(api, path, { query, responseType: 'blob', silent: told }).catch(async (error: unknown) => {
    if (error instanceof ApiError && !error.aborted && told(error)) notifyHttpError(await withBodyMessage(error));
    throw error;
  });
  const disposition = answer.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  saveFile(answer.data, name ? decodeURIComponent(name) : fallback);
}

/** The error with the message of its JSON body, when a blob answer carried one. */
async function withBodyMessage(error: ApiError): Promise<ApiError> {
  try {
    const body = JSON.parse(await (error.data as Blob).text()) as { message?: unknown; errors?: Record<string, string[]>; detail?: unknown };
    if (typeof body.message !== 'string' || !body.message) return error;
    return new ApiError({ status: error.status, message: body.message, errors: body.errors, detail: typeof body.detail === 'string' ? body.detail : undefined, data: body, cause: error });
  } catch {
    return error;
  }
}
