/**
 * Company lookup by CNPJ served by OUR server (commons family), so the browser only talks to its
 * own origin (CSP `connect-src 'self'`; app.config.json `apis.companyLookup.baseURL` =
 * `/v1/commons/companies/cnpj`):
 *
 *   GET /v1/commons/companies/cnpj/{cnpj}
 *
 * answers BrasilAPI-shaped JSON (`/api/cnpj/v1/{cnpj}`: `cnpj, razao_social, nome_fantasia,
 * email, ddd_telefone_1, cep, descricao_tipo_de_logradouro, logradouro, numero, complemento,
 * bairro, municipio, uf, codigo_municipio_ibge`), 404 for a CNPJ the service does not know, 400
 * for one that cannot exist (only a valid numeric CNPJ reaches the upstream), 503 when the
 * service cannot answer — the form then says so and stays usable. Signed-in users only (the
 * registry forms ask), with its own rate limit and a cache.
 *
 * Adapter: the upstream is configurable (COMPANY_LOOKUP_URL, a BrasilAPI-shaped base URL whose
 * `{base}/{cnpj}` answers; default BrasilAPI; `off` = no lookups, every answer a 503) and asked
 * with a short time-out; after a failure it rests for a minute. Answers are cached in memory
 * (found: a day, not found: an hour).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { validCnpj } from '../../src/contracts/brazil/documents.js';
import type { AppContext } from '../context.js';
import { sendError } from '../errors.js';
import { cachedUpstream, type UpstreamOptions } from './upstream.js';

export const DEFAULT_COMPANY_LOOKUP_URL = 'https://brasilapi.com.br/api/cnpj/v1';

export const COMPANY_LOOKUP_MESSAGES = {
  invalid: 'CNPJ inválido.',
  notFound: 'CNPJ não encontrado.',
  unavailable: 'O serviço de consulta de CNPJ não respondeu.',
} as const;

/** `upstream`: a BrasilAPI-shaped base URL (`{base}/{cnpj}`); `off` or empty: no lookups. Time-out 4 s. */
export type CompanyLookupOptions = UpstreamOptions;

/** The part of a BrasilAPI answer the forms use, each value trimmed and bounded. */
export interface CompanyAnswer {
  cnpj: string;
  razao_social: string;
  nome_fantasia: string;
  email: string;
  ddd_telefone_1: string;
  cep: string;
  descricao_tipo_de_logradouro: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  municipio: string;
  uf: string;
  codigo_municipio_ibge: string;
}

const field = (value: unknown, max = 200) => (typeof value === 'string' ? value.trim().slice(0, max) : typeof value === 'number' ? String(value).slice(0, max) : '');
const digits = (value: unknown, length: readonly number[]) => {
  const only = field(value, 40).replace(/\D/g, '');
  return length.includes(only.length) ? only : '';
};

/** The answer as we pass it on (unknown keys dropped, shapes checked). */
export function readCompany(cnpj: string, body: Record<string, unknown>): CompanyAnswer {
  const uf = field(body.uf, 2).toUpperCase();
  const email = field(body.email, 160).toLowerCase();
  return {
    cnpj,
    razao_social: field(body.razao_social, 160),
    nome_fantasia: field(body.nome_fantasia, 160),
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
    ddd_telefone_1: digits(body.ddd_telefone_1, [10, 11]),
    cep: digits(body.cep, [8]),
    descricao_tipo_de_logradouro: field(body.descricao_tipo_de_logradouro, 40),
    logradouro: field(body.logradouro, 160),
    numero: field(body.numero, 20),
    complemento: field(body.complemento, 80),
    bairro: field(body.bairro, 80),
    municipio: field(body.municipio, 80),
    uf: /^[A-Z]{2}$/.test(uf) ? uf : '',
    codigo_municipio_ibge: digits(body.codigo_municipio_ibge, [7]),
  };
}

/**
 * The lookup itself: the company of a valid numeric CNPJ, null when the service does not know it,
 * undefined when it could not answer (off, resting, network, time-out). The route below and the
 * setup command (setup/cli.ts) use it.
 */
export function companyLookup(options: CompanyLookupOptions = {}): (cnpj: string) => Promise<CompanyAnswer | null | undefined> {
  return cachedUpstream(options, {
    defaultUrl: DEFAULT_COMPANY_LOOKUP_URL,
    timeoutMs: 4000,
    url: (base, cnpj) => `${base}/${cnpj}`,
    read: (cnpj, body) => {
      if (!body || typeof body !== 'object') throw new Error('upstream body');
      const answer = readCompany(cnpj, body as Record<string, unknown>);
      return answer.razao_social ? answer : null;
    },
  });
}

export function companyLookupRoutes(_ctx: AppContext, options: CompanyLookupOptions = {}) {
  const lookup = companyLookup(options);

  return async function companyLookupPlugin(app: FastifyInstance) {
    app.get(
      '/companies/cnpj/:cnpj',
      {
        onRequest: app.requireAccess,
        schema: {
          tags: ['Empresas'],
          summary: 'Dados públicos de uma empresa pelo CNPJ (formato BrasilAPI)',
          security: [{ bearerAuth: [] }],
          params: z.object({ cnpj: z.string().check(z.maxLength(30)) }),
        },
        config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      },
      async (request, reply: FastifyReply) => {
        const cnpj = String((request.params as { cnpj: string }).cnpj ?? '').replace(/\D/g, '');
        if (!/^\d{14}$/.test(cnpj) || !validCnpj(cnpj)) return sendError(reply, 400, { message: COMPANY_LOOKUP_MESSAGES.invalid, errors: { cnpj: [COMPANY_LOOKUP_MESSAGES.invalid] } });
        const answer = await lookup(cnpj);
        if (answer === undefined) {
          reply.header('cache-control', 'no-store');
          return sendError(reply, 503, { message: COMPANY_LOOKUP_MESSAGES.unavailable });
        }
        if (answer === null) return sendError(reply, 404, { message: COMPANY_LOOKUP_MESSAGES.notFound });
        reply.header('cache-control', 'private, max-age=3600');
        return reply.type('application/json; charset=utf-8').send(answer);
      },
    );
  };
}
