/**
 * Postal-code (CEP) lookup served by OUR server (commons family), so the browser only ever talks
 * to its own origin (CSP `connect-src 'self'`; app.config.json `apis.postalCode.baseURL` =
 * `/v1/commons/addresses/postal-codes`):
 *
 *   GET /v1/commons/addresses/postal-codes/{cep}        (also `{cep}/json`, ViaCEP's URL shape)
 *
 * answers ViaCEP-shaped JSON (`cep, logradouro, complemento, bairro, localidade, uf, ibge`;
 * `{erro: true}` for a CEP that does not exist; 400 for one that cannot exist). Public like
 * ViaCEP itself (the portal's form asks before anyone needs a token); only valid CEPs (8 digits in
 * a UF's range) ever reach the upstream, with its own rate limit and a cache.
 *
 * Adapter: the upstream is configurable (POSTAL_CODE_URL, a ViaCEP-shaped base URL; default
 * ViaCEP; `off` = offline only) and asked with a short time-out. When it cannot answer
 * (network, time-out, 5xx, unreadable body) the OFFLINE fallback answers from the Correios CEP
 * ranges: the UF, and the municipality inside a capital's own range (`"offline": true`); after a
 * failure the upstream rests for a minute. Answers are cached in memory (found: a day, not found:
 * an hour; offline answers are not cached).
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { capitalOfCep, normaliseCep, ufOfCep } from '../../src/contracts/brazil/index.js';
import { municipalityByCode } from '../../src/contracts/brazil/municipalities.js';
import type { AppContext } from '../context.js';
import { sendError } from '../errors.js';
import { cachedUpstream, type UpstreamOptions } from './upstream.js';

export const DEFAULT_POSTAL_CODE_URL = 'https://viacep.com.br/ws';

/** `upstream`: a ViaCEP-shaped base URL (`{base}/{cep}/json/`); `off` or empty: offline answers only. Time-out 2.5 s (the browser's own is 5 s). */
export type PostalCodeOptions = UpstreamOptions;

export interface ViaCepAnswer {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
  /** True when the answer comes from the offline ranges (only UF and, sometimes, the city). */
  offline?: boolean;
}

const masked = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;
const field = (value: unknown, max = 200) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The offline answer: UF from the CEP ranges, the capital when the range is its own. */
export function offlineAnswer(cep: string): ViaCepAnswer | null {
  const uf = ufOfCep(cep);
  if (!uf) return null;
  const code = capitalOfCep(cep);
  return { cep: masked(cep), logradouro: '', complemento: '', bairro: '', localidade: code ? (municipalityByCode(code)?.name ?? '') : '', uf, ibge: code ?? '', offline: true };
}

/** A ViaCEP answer as we pass it on; null for `{erro: true}` or an unreadable body. */
function readViaCep(cep: string, raw: unknown): ViaCepAnswer | null {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || body.erro === true || body.erro === 'true') return null;
  const uf = field(body.uf, 2).toUpperCase();
  const ibge = field(body.ibge, 7);
  return {
    cep: masked(cep),
    logradouro: field(body.logradouro),
    complemento: field(body.complemento),
    bairro: field(body.bairro),
    localidade: field(body.localidade),
    uf: /^[A-Z]{2}$/.test(uf) ? uf : '',
    ibge: /^\d{7}$/.test(ibge) ? ibge : '',
  };
}

export function postalCodeRoutes(_ctx: AppContext, options: PostalCodeOptions = {}) {
  const lookup = cachedUpstream(options, { defaultUrl: DEFAULT_POSTAL_CODE_URL, timeoutMs: 2500, url: (base, cep) => `${base}/${cep}/json/`, read: readViaCep });

  return async function postalCodes(app: FastifyInstance) {
    const handler = async (request: { params: unknown }, reply: import('fastify').FastifyReply) => {
      const cep = normaliseCep(String((request.params as { cep: string }).cep ?? ''));
      if (!cep || !ufOfCep(cep)) return sendError(reply, 400, { message: 'CEP inválido.', errors: { cep: ['CEP inválido.'] }, erro: true });
      const found = await lookup(cep);
      const answer = found === undefined ? offlineAnswer(cep) : found;
      reply.header('cache-control', answer && !answer.offline ? 'public, max-age=86400' : 'no-store');
      return reply.type('application/json; charset=utf-8').send(answer ?? { erro: true });
    };
    const schema = {
      tags: ['Endereços'],
      summary: 'Endereço de um CEP (formato ViaCEP; público)',
      params: z.object({ cep: z.string().check(z.maxLength(20)) }),
    };
    const config = { rateLimit: { max: 120, timeWindow: 60_000 } };
    app.get('/addresses/postal-codes/:cep', { schema, config }, handler);
    app.get('/addresses/postal-codes/:cep/json', { schema, config }, handler);
  };
}
