/**
 * Error bodies `{message, errors?, detail?}` in pt-BR, and the one error handler of the app.
 * Validation issues become 400 with `errors: {field: [messages]}`; unknown failures become a
 * generic 500 whose `detail` is the request's correlation id (details only in the log).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export const MESSAGES = {
  validation: 'Os dados enviados são inválidos.',
  badBody: 'O corpo da requisição é inválido.',
  unauthenticated: 'Você precisa se autenticar para continuar.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  notFound: 'O conteúdo parece indisponível.',
  methodNotAllowed: 'Método não permitido.',
  tooLarge: 'O conteúdo enviado é grande demais.',
  unsupported: 'Formato de conteúdo não suportado.',
  tooMany: 'Muitas requisições. Tente novamente mais tarde.',
  conflict: 'Um ou mais dados informados já foram cadastrados.',
  internal: 'Algo deu errado do lado do servidor.',
  unexpected: 'Ocorreu um erro inesperado.',
  xsrf: 'Verificação XSRF falhou.',
  databaseDown: 'O banco de dados está indisponível no momento. Aguarde alguns segundos e tente novamente.',
  concurrent: 'Outra operação alterou estes dados ao mesmo tempo e nada foi gravado. Recarregue e tente novamente.',
  stale: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual e tente novamente.',
  ifMatchRequired: 'Informe a versão do registro que você alterou (cabeçalho If-Match).',
  inUse: 'Este registro está em uso por outros cadastros e não pode ser excluído.',
  invalidLogin: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.',
  invalidCode: 'O código é inválido ou expirou. Tente novamente.',
  secondFactorLocked: 'Muitas tentativas de código. Aguarde alguns minutos e tente novamente.',
  verificationRequired: 'Confirme sua identidade com um código de verificação para continuar.',
  methodNotAllowedTwoFactor: 'Este método de verificação não é permitido para a sua conta.',
  codeSent: 'Enviamos um código para o seu e-mail.',
  codeResendWait: 'Aguarde alguns segundos antes de pedir outro código.',
  recoverySent: 'Se o login existir, enviaremos um e-mail com as instruções.',
} as const;

export type FieldErrors = Record<string, string[]>;

/**
 * Path of the first `__proto__` key (or `constructor` holding `prototype`) in parsed JSON.
 * The segment is shown as `[__proto__]` so the error body itself stays a plain record.
 */
export function findPoisonedKey(value: unknown, path: string, depth = 0): string | undefined {
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  const join = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '__proto__') return join('[__proto__]');
    if (key === 'constructor' && child !== null && typeof child === 'object' && Object.prototype.hasOwnProperty.call(child, 'prototype')) {
      return join('[constructor]');
    }
    const found = findPoisonedKey(child, join(key), depth + 1);
    if (found) return found;
  }
  return undefined;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More members of the body (the 412 answer's `current` record). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated, undefined, { 'www-authenticate': 'Bearer' });
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const fieldError = (field: string, message: string, top: string = MESSAGES.validation) =>
  new HttpError(400, top, { [field]: [message] });
export const tooMany = (retryAfterSeconds: number, message: string = MESSAGES.tooMany) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.badBody,
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  409: MESSAGES.conflict,
  413: MESSAGES.tooLarge,
  415: MESSAGES.unsupported,
  429: MESSAGES.tooMany,
};

function addFieldError(errors: FieldErrors, field: string, message: string) {
  // Field names come from the client's JSON: never let one reach Object.prototype.
  const key = field === '__proto__' || field === 'constructor' || field === 'prototype' ? `[${field}]` : field;
  if (!Object.prototype.hasOwnProperty.call(errors, key)) errors[key] = [];
  if (!errors[key].includes(message)) errors[key].push(message);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

function validationErrors(issues: ValidationIssue[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const keys = issue.keyword === 'unrecognized_keys' ? (issue.params?.keys as string[] | undefined) : undefined;
    if (keys?.length) {
      for (const key of keys) addFieldError(errors, path ? `${path}.${key}` : key, 'Propriedade não permitida.');
      continue;
    }
    const field = path || (context === 'body' ? 'body' : (context ?? 'body'));
    addFieldError(errors, field, issue.message ?? MESSAGES.validation);
  }
  return errors;
}

export function sendError(reply: FastifyReply, status: number, body: { message: string; errors?: FieldErrors; detail?: string; [key: string]: unknown }) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A browser navigation (GET asking for HTML) gets a page rather than JSON. */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

const escapeText = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "1 minuto", "45 segundos", "2 minutos". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** The 429 page of a browser navigation: pt-BR, the wait, a link back; no script. */
export function tooManyPage(retryAfterSeconds: number): string {
  const wait = escapeText(waitText(retryAfterSeconds));
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Muitas requisições — Retaguarda</title><style>body{font-family:system-ui,sans-serif;color:#1f2933;background:#f5f7fa;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1rem;box-sizing:border-box}main{background:#fff;border:1px solid #d9e2ec;border-radius:.5rem;padding:2rem;max-width:32rem;width:100%;box-sizing:border-box}h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}a{color:#0b5cad}</style></head><body><main><p>Erro 429</p><h1>Muitas requisições</h1><p>Recebemos muitas requisições em pouco tempo. Aguarde <strong>${wait}</strong> e tente novamente.</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;
}

export function sendTooManyPage(reply: FastifyReply, retryAfterSeconds: number) {
  return reply.code(429).header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds)))).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(tooManyPage(retryAfterSeconds));
}

/**
 * PostgreSQL aborted the transaction because of another one (deadlock, serialization failure,
 * lock timeout): its work was rolled back whole, so the caller may simply try again.
 */
export function isConcurrencyAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === '55P03';
}

/** Network codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database cannot be reached or dropped the connection (server shut down, restarting, a
 * network cut: SQLSTATE classes 08 and 57P): a 503 to retry, not a 500. The pool opens new
 * connections by itself when the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, { ...error.extra, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      return sendError(reply, 400, { message: MESSAGES.validation, errors: validationErrors(error.validation as ValidationIssue[], context) });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      // @fastify/rate-limit has already set Retry-After.
      if (wantsHtmlPage(request)) return sendTooManyPage(reply, Number(reply.getHeader('retry-after')) || 60);
      return sendError(reply, 429, { message: MESSAGES.tooMany });
    }
    if (status >= 400 && status < 500) {
      const isProto = /prototype/i.test(error.message ?? '');
      if (status === 400 && (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP') || isProto)) {
        return sendError(reply, 400, {
          message: MESSAGES.badBody,
          errors: { body: [isProto ? 'Propriedades "__proto__" e "constructor" não são permitidas.' : 'JSON inválido.'] },
        });
      }
      if (fastifyError.validation) {
        return sendError(reply, 400, { message: MESSAGES.validation, errors: validationErrors(fastifyError.validation as ValidationIssue[], fastifyError.validationContext) });
      }
      return sendError(reply, status, { message: STATUS_MESSAGES[status] ?? MESSAGES.unexpected });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, correlationId: request.id }, 'database unavailable');
      return reply.header('retry-after', '5').code(503).type('application/json; charset=utf-8').send({ message: MESSAGES.databaseDown });
    }
    if (isConcurrencyAbort(error)) {
      request.log.warn({ err: error, correlationId: request.id }, 'transaction aborted by a concurrent one');
      return sendError(reply, 409, { message: MESSAGES.concurrent });
    }
    request.log.error({ err: error, correlationId: request.id }, 'unhandled error');
    return sendError(reply, 500, { message: MESSAGES.internal, detail: String(request.id) });
  });
}
