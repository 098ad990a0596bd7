import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigAtom } from '../../../src/core/config';
import { DEFAULT_POSTAL_CODE_BASE_URL, lookupPostalCode, postalCodeBaseUrl } from '../../../src/core/postal';
import { store } from '../../../src/core/store';
import { testConfig } from '../core/helpers';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PAULISTA = { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' };

afterEach(() => store.set(appConfigAtom, null));

describe('postal-code lookup', () => {
  it('asks the configured ViaCEP-shaped service and reads its answer', async () => {
    store.set(appConfigAtom, testConfig({ apis: { ...testConfig().apis, postalCode: { baseURL: 'https://cep.example/ws/' } } }));
    expect(postalCodeBaseUrl()).toBe('https://cep.example/ws');
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(PAULISTA));
    const result = await lookupPostalCode('01310-100', { fetch });
    expect(fetch).toHaveBeenCalledWith('https://cep.example/ws/01310100/json/', expect.objectContaining({ credentials: 'omit' }));
    expect(result).toEqual({
      status: 'found',
      address: { cep: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', cityCode: '3550308', cityName: 'São Paulo', state: 'SP' },
    });
  });

  it('uses ViaCEP when nothing is configured', async () => {
    expect(postalCodeBaseUrl()).toBe(DEFAULT_POSTAL_CODE_BASE_URL);
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(PAULISTA));
    await lookupPostalCode('01310100', { fetch });
    expect(fetch.mock.calls[0][0]).toBe('https://viacep.com.br/ws/01310100/json/');
  });

  it('an unknown CEP is "notFound" ({erro: true} or 400)', async () => {
    expect(await lookupPostalCode('01310999', { fetch: async () => json({ erro: true }) })).toEqual({ status: 'notFound' });
    expect(await lookupPostalCode('01310999', { fetch: async () => json({ erro: 'true' }) })).toEqual({ status: 'notFound' });
    expect(await lookupPostalCode('01310999', { fetch: async () => json({}, 400) })).toEqual({ status: 'notFound' });
  });

  it('an invalid CEP asks nothing', async () => {
    const fetch = vi.fn();
    expect(await lookupPostalCode('0131', { fetch })).toEqual({ status: 'invalid' });
    expect(await lookupPostalCode('00000-000', { fetch })).toEqual({ status: 'invalid' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offline fallback: network failure → UF and, in a capital range, the city from the shipped IBGE list', async () => {
    const down = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await lookupPostalCode('01310-100', { fetch: down })).toEqual({
      status: 'offline',
      address: { cep: '01310100', street: '', district: '', cityCode: '3550308', cityName: 'São Paulo', state: 'SP' },
    });
    const campinas = await lookupPostalCode('13010-000', { fetch: down });
    expect(campinas).toEqual({ status: 'offline', address: expect.objectContaining({ state: 'SP', cityCode: null }) });
    expect(await lookupPostalCode('70040-010', { fetch: async () => json({ message: 'boom' }, 503) })).toEqual({
      status: 'offline',
      address: expect.objectContaining({ state: 'DF', cityCode: '5300108', cityName: 'Brasília' }),
    });
  });

  it('a time-out also falls back', async () => {
    const hang = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const result = await lookupPostalCode('90010-000', { fetch: hang, timeoutMs: 10 });
    expect(result).toEqual({ status: 'offline', address: expect.objectContaining({ state: 'RS', cityCode: '4314902' }) });
  });
});
