/**
 * The postal-code (CEP) lookup adapter: asks the configured ViaCEP-shaped service
 * (app.config.json `apis.postalCode.baseURL`, no token sent), and when the service cannot be
 * reached (network failure, time-out, 5xx, unreadable answer) falls back to the offline ranges.
 */
import { normaliseCep, validCep } from '../../contracts/brazil';
import { fetchWithin, type WithinOptions } from '../fetchWithin';
import { postalCodeBaseUrl } from './config';
import { offlineAddress } from './offline';
import type { PostalLookup } from './types';
import { readViaCep, viaCepUrl, type ViaCepBody } from './viacep';

export const POSTAL_TIMEOUT_MS = 5000;

export interface LookupOptions extends Partial<WithinOptions> {
  baseUrl?: string;
}

export async function lookupPostalCode(value: string, options: LookupOptions = {}): Promise<PostalLookup> {
  const cep = normaliseCep(value);
  if (!cep || !validCep(cep)) return { status: 'invalid' };
  const url = viaCepUrl(options.baseUrl ?? postalCodeBaseUrl(), cep);
  try {
    return await fetchWithin(url, { headers: { Accept: 'application/json' }, credentials: 'omit' }, { ...options, timeoutMs: options.timeoutMs ?? POSTAL_TIMEOUT_MS }, async (response): Promise<PostalLookup> => {
      if (response.status === 400 || response.status === 404) return { status: 'notFound' };
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const address = readViaCep(cep, (await response.json()) as ViaCepBody);
      return address ? { status: 'found', address } : { status: 'notFound' };
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const address = await offlineAddress(cep);
    return address ? { status: 'offline', address } : { status: 'invalid' };
  }
}
