/**
 * The company (CNPJ) lookup adapter: asks the configured BrasilAPI-shaped service
 * (app.config.json `apis.companyLookup.baseURL`; our server's same-origin route, with the
 * session's token) and says `offline` when it cannot be reached (network failure, time-out, 5xx,
 * unreadable answer) — the form then says so and stays usable. Loaded only when a lookup runs.
 */
import { normaliseCnpj, validCnpj } from '../../contracts/brazil';
import { fetchWithin, type WithinOptions } from '../fetchWithin';
import { getAccessToken } from '../session';
import { readBrasilApi, type BrasilApiCompany } from './brasilapi';
import { companyLookupBaseUrl } from './config';
import type { CompanyLookup } from './types';

export const COMPANY_LOOKUP_TIMEOUT_MS = 8000;

export interface CompanyLookupOptions extends Partial<WithinOptions> {
  baseUrl?: string;
  /** Bearer token sent to a same-origin service (default: the session's). */
  token?: string | null;
}

/** A numeric CNPJ with valid check digits (the public services know no alphanumeric one yet). */
export function lookableCnpj(value: string): string | null {
  const cnpj = normaliseCnpj(value);
  return cnpj && /^\d{14}$/.test(cnpj) && validCnpj(cnpj) ? cnpj : null;
}

export async function lookupCompany(value: string, options: CompanyLookupOptions = {}): Promise<CompanyLookup> {
  const cnpj = lookableCnpj(value);
  const base = options.baseUrl ?? companyLookupBaseUrl();
  if (!cnpj || !base) return { status: 'invalid' };
  const url = `${base}/${cnpj}`;
  const token = options.token === undefined ? getAccessToken() : options.token;
  const sameOrigin = url.startsWith('/') && !url.startsWith('//');
  const init: RequestInit = { headers: { Accept: 'application/json', ...(token && sameOrigin ? { Authorization: `Bearer ${token}` } : {}) }, credentials: sameOrigin ? 'same-origin' : 'omit' };
  try {
    return await fetchWithin(url, init, { ...options, timeoutMs: options.timeoutMs ?? COMPANY_LOOKUP_TIMEOUT_MS }, async (response): Promise<CompanyLookup> => {
      if (response.status === 404) return { status: 'notFound' };
      if (response.status === 400) return { status: 'invalid' };
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const company = readBrasilApi(cnpj, (await response.json()) as BrasilApiCompany);
      return company ? { status: 'found', company } : { status: 'notFound' };
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { status: 'offline' };
  }
}
