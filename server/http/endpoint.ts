/**
 * Serves a declared endpoint (src/contracts/endpoint.ts): the Fastify route with its path,
 * parameter, query and body validation, the answer's schema and its OpenAPI entry, all from the
 * declaration the client calls too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Endpoint } from '../../src/contracts/endpoint.js';
import { fastifyPath } from '../registry/route-table.js';

const BEARER = [{ bearerAuth: [] }];

export interface ServeOptions {
  onRequest: onRequestHookHandler | onRequestHookHandler[];
  tags: string[];
  /** A hook on the answer before it leaves (a report's CSV for a token de conta). */
  onSend?: onSendHookHandler;
}

export function serveEndpoint<Body, Answer>(
  app: FastifyInstance,
  endpoint: Endpoint<Body, Answer>,
  options: ServeOptions,
  handler: (request: FastifyRequest & { body: Body }, reply: FastifyReply) => Promise<Answer>,
): void {
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    onRequest: options.onRequest,
    ...(options.onSend ? { onSend: options.onSend } : {}),
    schema: {
      tags: options.tags,
      summary: endpoint.summary,
      security: BEARER,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.answer },
    },
    handler: (request, reply) => handler(request as FastifyRequest & { body: Body }, reply),
  });
}
