/** Calls a declared endpoint (contracts/endpoint.ts): its family's base URL, its path filled, its method. */
import type { Endpoint } from '../../contracts/endpoint';
import { endpointPath } from '../../contracts/endpoint';
import type { PageOptions, PageResult, RequestOptions } from '../api';
import { request, requestPage } from './transport';

export interface CallOptions<Body> extends Pick<RequestOptions, 'query' | 'signal' | 'silent'> {
  params?: Readonly<Record<string, string>>;
  body?: Body;
}

export function callEndpoint<Body, Answer>(endpoint: Endpoint<Body, Answer>, options: CallOptions<Body> = {}): Promise<Answer> {
  const { params, ...rest } = options;
  return request<Answer>(endpoint.family, endpointPath(endpoint, params), { ...rest, method: endpoint.method });
}

/** A paged endpoint's page (`Link`, `X-Total-Count`). */
export function callPagedEndpoint<Item>(endpoint: Endpoint<unknown, readonly Item[]>, options: Omit<PageOptions, 'method'> & { params?: Readonly<Record<string, string>> } = {}): Promise<PageResult<Item>> {
  const { params, ...rest } = options;
  return requestPage<Item>(endpoint.family, endpointPath(endpoint, params), rest);
}
