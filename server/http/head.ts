/**
 * HEAD for every GET (RFC 9110 §9.3.2) without a HEAD route per GET (app.ts `exposeHeadRoutes:
 * false`): a HEAD that no route took runs the GET of the same URL, with the same headers and
 * client address, inside the server (`inject`), and answers its status and headers. Node's HTTP
 * server sends no body on a HEAD and keeps the GET's Content-Length. The GET's own hooks apply
 * (authentication, permissions, rate limit: a HEAD counts once, as the GET it runs — rate-limit.ts
 * leaves the HEAD itself uncounted).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Connection-level headers: each connection has its own (a HEAD's body headers do not make a body for the GET). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);
const forwarded = (headers: FastifyRequest['headers']) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

export async function answerHeadAsGet(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const answer = await app.inject({ method: 'GET', url: request.url, headers: forwarded(request.headers), remoteAddress: request.ip });
  for (const [name, value] of Object.entries(forwarded(answer.headers as FastifyRequest['headers']))) if (value !== undefined) reply.header(name, value);
  // The GET's body: its length goes out as Content-Length, the bytes do not (a HEAD's answer has none).
  return reply.code(answer.statusCode).send(answer.rawPayload);
}
