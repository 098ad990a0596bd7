import { afterEach, describe, expect, it, vi } from 'vitest';
import { cnpjCheckDigits } from '../../../src/contracts/brazil/documents';
import { appConfigAtom } from '../../../src/core/config';
import { companyLookupBaseUrl } from '../../../src/core/companyLookup/config';
import { lookupCompany } from '../../../src/core/companyLookup/lookup';
import { store } from '../../../src/core/store';
import { testConfig } from '../core/helpers';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const CNPJ = `191311000001${cnpjCheckDigits('191311000001')}`;
const MASKED = `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`;

const MODELO = {
  cnpj: CNPJ, razao_social: 'PADARIA MODELO LTDA', nome_fantasia: 'PADARIA MODELO', email: 'contato@modelo.com.br', ddd_telefone_1: '1133334444',
  cep: '01310100', descricao_tipo_de_logradouro: 'AVENIDA', logradouro: 'PAULISTA', numero: '1578', complemento: 'LOJA 2', bairro: 'BELA VISTA',
  municipio: 'SAO PAULO', uf: 'SP', codigo_municipio_ibge: '3550308',
};

afterEach(() => store.set(appConfigAtom, null));

describe('company lookup by CNPJ', () => {
  it('asks the configured BrasilAPI-shaped service (same origin: with the token) and reads its answer', async () => {
    store.set(appConfigAtom, testConfig({ apis: { ...testConfig().apis, companyLookup: { baseURL: '/v1/commons/companies/cnpj/' } } }));
    expect(companyLookupBaseUrl()).toBe('/v1/commons/companies/cnpj');
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(MODELO));
    const result = await lookupCompany(MASKED, { fetch, token: 'abc' });
    expect(fetch.mock.calls[0][0]).toBe(`/v1/commons/companies/cnpj/${CNPJ}`);
    expect(fetch.mock.calls[0][1]?.headers).toMatchObject({ Authorization: 'Bearer abc' });
    expect(result).toEqual({
      status: 'found',
      company: {
        cnpj: CNPJ, name: 'PADARIA MODELO LTDA', tradeName: 'PADARIA MODELO', email: 'contato@modelo.com.br', phone: '1133334444',
        address: { cep: '01310100', street: 'AVENIDA PAULISTA', number: '1578', complement: 'LOJA 2', district: 'BELA VISTA', cityCode: '3550308', cityName: 'SAO PAULO', state: 'SP' },
      },
    });
  });

  it('sends no token to another origin (the public BrasilAPI itself)', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json({ ...MODELO, cep: null, email: 'sem e-mail' }));
    const result = await lookupCompany(CNPJ, { fetch, baseUrl: 'https://brasilapi.example/api/cnpj/v1', token: 'abc' });
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: 'omit', headers: { Accept: 'application/json' } });
    expect(fetch.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
    expect(result.status === 'found' && result.company).toMatchObject({ email: '', address: null });
  });

  it('an unknown CNPJ is "notFound"', async () => {
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: async () => json({ message: 'CNPJ não encontrado.' }, 404) })).toEqual({ status: 'notFound' });
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: async () => json({}) })).toEqual({ status: 'notFound' });
  });

  it('a service that cannot answer (network, 5xx, unreadable body, time-out) is "offline"', async () => {
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: async () => { throw new TypeError('Failed to fetch'); } })).toEqual({ status: 'offline' });
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: async () => json({ message: 'indisponível' }, 503) })).toEqual({ status: 'offline' });
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: async () => new Response('<html>', { status: 200 }) })).toEqual({ status: 'offline' });
    const hanging = (_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await lookupCompany(CNPJ, { baseUrl: '/x', fetch: hanging, timeoutMs: 20 })).toEqual({ status: 'offline' });
  });

  it('an invalid, incomplete or alphanumeric CNPJ, or no service configured, asks nothing', async () => {
    const fetch = vi.fn();
    expect(await lookupCompany(`${CNPJ.slice(0, 13)}${(Number(CNPJ[13]) + 1) % 10}`, { baseUrl: '/x', fetch })).toEqual({ status: 'invalid' });
    expect(await lookupCompany(CNPJ.slice(0, 12), { baseUrl: '/x', fetch })).toEqual({ status: 'invalid' });
    expect(await lookupCompany(`12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`, { baseUrl: '/x', fetch })).toEqual({ status: 'invalid' });
    expect(companyLookupBaseUrl()).toBeNull();
    expect(await lookupCompany(CNPJ, { fetch })).toEqual({ status: 'invalid' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
