/**
 * Calls that are not CRUD (approve, award, import, generate, reconcile, report) declared once as
 * data: family, method, path, input and output schemas. The server serves the Fastify route from
 * it (server/http/endpoint.ts `serveEndpoint`: validation, OpenAPI, answer schema), the client calls
 * it (core/resources/endpoint.ts `callEndpoint`: URL from the family's base in app.config.json, the
 * path's parameters filled and encoded) — one declaration, no path or shape written twice.
 */
import type * as z from 'zod/mini';
import type { ApiFamily } from './resource';

export interface Endpoint<Body = unknown, Answer = unknown> {
  family: ApiFamily;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the family's prefix, with `{param}` placeholders: `flows/{id}/approve`. */
  path: string;
  /** pt-BR, for the API's documentation. */
  summary: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType<Body>;
  /** The answer of a success (200). */
  answer: z.ZodMiniType<Answer>;
  /** A paged list: `page` / `perPage` in the query, `Link` and `X-Total-Count` on the answer. */
  paged?: boolean;
}

/** Checks an endpoint's shape at compile time (identity at run time). */
export const defineEndpoint = <Body, Answer>(endpoint: Endpoint<Body, Answer>): Endpoint<Body, Answer> => endpoint;

/** The answer type of an endpoint. */
export type AnswerOf<E> = E extends Endpoint<unknown, infer A> ? A : never;
export type BodyOf<E> = E extends Endpoint<infer B, unknown> ? B : never;

/** `flows/{id}/approve` with `{id: 'a/b'}` → `flows/a%2Fb/approve`. */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" of ${endpoint.path}`);
    return encodeURIComponent(value);
  });
}
