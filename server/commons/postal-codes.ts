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

export const DEFAULT_POSTAL_CODE_URL = 'https://viacep.com.br/ws';

export interface PostalCodeOptions {
  /** ViaCEP-shaped base URL (`{base}/{cep}/json/`); `off` or empty: offline answers only. */
  upstream?: string;
  fetch?: typeof fetch;
  /** Upstream time-out (ms); the browser's own is 5 s. */
  timeoutMs?: number;
}

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

const FOUND_TTL_MS = 24 * 3600_000;
const NOT_FOUND_TTL_MS = 3600_000;
const REST_MS = 60_000;
const CACHE_SIZE = 5000;

const masked = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;
const field = (value: unknown, max = 200) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The offline answer: UF from the CEP ranges, the capital when the range is its own. */
export function offlineAnswer(cep: string): ViaCepAnswer | null {
  const uf = ufOfCep(cep);
  if (!uf) return null;
  const code = capitalOfCep(cep);
  return { cep: masked(cep), logradouro: '', complemento: '', bairro: '', localidade: code ? (municipalityByCode(code)?.name ?? '') : '', uf, ibge: code ?? '', offline: true };
}

export function postalCodeRoutes(_ctx: AppContext, options: PostalCodeOptions = {}) {
  const upstream = (options.upstream ?? DEFAULT_POSTAL_CODE_URL).trim().replace(/\/+$/, '');
  const online = upstream !== '' && upstream !== 'off';
  const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 2500;
  const cache = new Map<string, { at: number; ttl: number; answer: ViaCepAnswer | null }>();
  let restUntil = 0;

  const remember = (cep: string, answer: ViaCepAnswer | null) => {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(cep, { at: Date.now(), ttl: answer ? FOUND_TTL_MS : NOT_FOUND_TTL_MS, answer });
  };

  /** The upstream's answer (null: the CEP does not exist), or undefined when it could not answer. */
  async function ask(cep: string): Promise<ViaCepAnswer | null | undefined> {
    if (!online || Date.now() < restUntil) return undefined;
    try {
      const response = await fetchImpl(`${upstream}/${cep}/json/`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) throw new Error(`upstream ${response.status}`);
      const body = (await response.json()) as Record<string, unknown>;
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
    } catch {
      restUntil = Date.now() + REST_MS;
      return undefined;
    }
  }

  return async function postalCodes(app: FastifyInstance) {
    const handler = async (request: { params: unknown }, reply: import('fastify').FastifyReply) => {
      const cep = normaliseCep(String((request.params as { cep: string }).cep ?? ''));
      if (!cep || !ufOfCep(cep)) return sendError(reply, 400, { message: 'CEP inválido.', errors: { cep: ['CEP inválido.'] }, erro: true });
      const hit = cache.get(cep);
      let answer: ViaCepAnswer | null | undefined;
      if (hit && Date.now() - hit.at < hit.ttl) answer = hit.answer;
      else {
        answer = await ask(cep);
        if (answer !== undefined) remember(cep, answer);
        else answer = offlineAnswer(cep);
      }
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
