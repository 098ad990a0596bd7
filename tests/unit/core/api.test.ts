import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, configureApi, onHttpError, parseLinkHeader, request, requestPage } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { resetSession, setField } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, jsonResponse, testConfig } from './helpers';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

let calls: Call[];
let nextResponse: () => Response;

function stubFetch() {
  calls = [];
  nextResponse = () => jsonResponse({ ok: true });
  configureApi({
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), method: init?.method ?? 'GET', headers, body: init?.body });
      return nextResponse();
    },
  });
}

const base = testConfig();
const config = testConfig({
  apis: { ...base.apis, remote: { baseURL: 'https://api.example.com/v1/remote' } },
});

beforeEach(() => {
  resetSession();
  store.set(appConfigAtom, config);
  document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
  stubFetch();
});
afterEach(() => configureApi({ fetch: null }));

describe('request headers (spec §7)', () => {
  it('sends the bearer token and JSON headers for a JSON body, at the family base URL', async () => {
    setField('accessToken', FUTURE_JWT);
    await request('supply', 'orders', { method: 'POST', body: { title: 'Pedido' } });
    const [call] = calls;
    expect(call.url).toBe('/v1/supply/orders');
    expect(call.method).toBe('POST');
    expect(call.headers.get('authorization')).toBe(`Bearer ${FUTURE_JWT}`);
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.headers.get('accept')).toBe('application/json');
    expect(call.body).toBe(JSON.stringify({ title: 'Pedido' }));
  });

  it('does not set a JSON content type for FormData', async () => {
    setField('accessToken', FUTURE_JWT);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await request('commons', 'files', { method: 'POST', body: form });
    expect(calls[0].headers.get('content-type')).toBeNull();
    expect(calls[0].body).toBe(form);
  });

  it('repeats array query parameters', async () => {
    setField('accessToken', FUTURE_JWT);
    await apiClient('supply').get('orders', { status: ['open', 'closed'], q: 'café', page: 2, skip: undefined });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.searchParams.getAll('status')).toEqual(['open', 'closed']);
    expect(url.searchParams.get('q')).toBe('café');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(calls[0].url).toContain('status=open&status=closed');
  });

  it('sends the XSRF cookie value only to the same origin', async () => {
    setField('accessToken', FUTURE_JWT);
    await request('identity', 'users/me');
    await request('remote', 'things');
    expect(calls[0].headers.get('x-xsrf-token')).toBe('xsrf-123');
    expect(calls[1].url).toBe('https://api.example.com/v1/remote/things');
    expect(calls[1].headers.get('x-xsrf-token')).toBeNull();
  });

  it('fails locally with 401 when a private call has no token (no network call)', async () => {
    const seen: ApiError[] = [];
    const off = onHttpError((e) => seen.push(e));
    await expect(request('supply', 'orders')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
    expect(seen.map((e) => e.status)).toEqual([401]);
    off();
  });

  it('public calls go out without a token and without Authorization', async () => {
    await request('identity', 'auth', { method: 'POST', body: { login: 'a', secret: 'b' }, public: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('authorization')).toBeNull();
  });

  it('an unknown API is a 400', async () => {
    setField('accessToken', FUTURE_JWT);
    await expect(request('nope', 'x', { silent: true })).rejects.toMatchObject({ status: 400 });
  });
});

describe('errors', () => {
  beforeEach(() => setField('accessToken', FUTURE_JWT));

  it('normalises the server body {message, errors, detail}', async () => {
    nextResponse = () =>
      jsonResponse({ message: 'Dados inválidos.', errors: { email: ['E-mail inválido.'] }, detail: 'campo email' }, { status: 400 });
    const error = await request('identity', 'users', { method: 'POST', body: {}, silent: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Dados inválidos.', errors: { email: ['E-mail inválido.'] }, detail: 'campo email' });
  });

  it('falls back to the catalogue text of the status', async () => {
    nextResponse = () => new Response('', { status: 404 });
    await expect(request('identity', 'users/x', { silent: true })).rejects.toMatchObject({
      status: 404,
      message: 'O conteúdo parece estar indisponível.',
    });
  });

  it('a network failure is status UNK', async () => {
    configureApi({ fetch: async () => { throw new TypeError('Failed to fetch'); } });
    await expect(request('identity', 'users/me', { silent: true })).rejects.toMatchObject({
      status: 'UNK',
      message: 'A requisição foi interrompida.',
      detail: 'Sem conexão com o servidor: verifique a internet. O que você preencheu continua na tela; tente de novo quando a conexão voltar.',
    });
  });

  it('calls the error hook unless silent, and never retries', async () => {
    const seen: unknown[] = [];
    const off = onHttpError((e, ctx) => seen.push([e.status, ctx.method, ctx.path]));
    nextResponse = () => jsonResponse({ message: 'Erro.' }, { status: 503 });
    await request('identity', 'users/me').catch(() => {});
    await request('identity', 'users/me', { silent: true }).catch(() => {});
    off();
    expect(seen).toEqual([[503, 'GET', 'users/me']]);
    expect(calls).toHaveLength(2);
  });
});

describe('pagination (spec §3)', () => {
  it('parseLinkHeader reads the page parameter of each link', () => {
    const link =
      '</v1/supply/orders?page=1&perPage=20>; rel="first", </v1/supply/orders?page=2&perPage=20>; rel="prev", ' +
      '</v1/supply/orders?page=4&perPage=20>; rel="next", </v1/supply/orders?page=9&perPage=20>; rel="last"';
    expect(parseLinkHeader(link, 3)).toEqual({ firstPage: 1, prevPage: 2, nextPage: 4, lastPage: 9, currentPage: 3 });
  });

  it('no Link header: a single page', () => {
    expect(parseLinkHeader(null, 1)).toEqual({ firstPage: 1, prevPage: null, nextPage: null, lastPage: 1, currentPage: 1 });
  });

  it('requestPage returns items, pagination and X-Total-Count', async () => {
    setField('accessToken', FUTURE_JWT);
    nextResponse = () =>
      jsonResponse([{ id: 1 }, { id: 2 }], {
        headers: { link: '<https://h/v1/supply/orders?page=2>; rel="next", <https://h/v1/supply/orders?page=5>; rel="last"', 'x-total-count': '97' },
      });
    const result = await requestPage('supply', 'orders', { page: 1, perPage: 20, query: { status: ['a', 'b'] } });
    expect(result).toEqual({
      items: [{ id: 1 }, { id: 2 }],
      pagination: { firstPage: 1, prevPage: null, nextPage: 2, lastPage: 5, currentPage: 1 },
      total: 97,
      totalOver: null,
    });
    expect(calls[0].url).toBe('/v1/supply/orders?status=a&status=b&page=1&perPage=20');
  });

  it('requestPage reads X-Total-Count-Over when the server stopped counting', async () => {
    setField('accessToken', FUTURE_JWT);
    nextResponse = () => jsonResponse([{ id: 1 }], { headers: { link: '<https://h/v1/supply/orders?page=2>; rel="next"', 'x-total-count-over': '10000' } });
    const result = await requestPage('supply', 'orders', { page: 1 });
    expect(result.total).toBeNull();
    expect(result.totalOver).toBe(10000);
    expect(result.pagination.lastPage).toBeNull();
  });
});

describe('against a real HTTP server', () => {
  let server: Server;
  let origin: string;
  const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const cors = {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'access-control-allow-methods': '*',
          'access-control-expose-headers': 'link, x-total-count',
        };
        if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
        if (req.url?.startsWith('/v1/supply/fail')) {
          res.writeHead(409, { ...cors, 'content-type': 'application/json' });
          return res.end(JSON.stringify({ message: 'Já existe.', errors: { code: ['Código repetido.'] } }));
        }
        res.writeHead(200, {
          ...cors,
          'content-type': 'application/json',
          link: `<${origin}/v1/supply/orders?page=3>; rel="next", <${origin}/v1/supply/orders?page=3>; rel="last", <${origin}/v1/supply/orders?page=1>; rel="first", <${origin}/v1/supply/orders?page=1>; rel="prev"`,
          'x-total-count': '41',
        });
        res.end(JSON.stringify([{ id: 'a' }]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    configureApi({ fetch: null });
    store.set(appConfigAtom, testConfig({ apis: { supply: { baseURL: `${origin}/v1/supply` } } }));
    setField('accessToken', FUTURE_JWT);
    received.length = 0;
  });

  it('round-trips a page with bearer, repeated params, Link and total', async () => {
    const result = await requestPage('supply', 'orders', { page: 2, query: { status: ['open', 'late'] } });
    expect(result.items).toEqual([{ id: 'a' }]);
    expect(result.total).toBe(41);
    expect(result.pagination).toEqual({ firstPage: 1, prevPage: 1, nextPage: 3, lastPage: 3, currentPage: 2 });
    const got = received.find((r) => r.method === 'GET' && r.url.startsWith('/v1/supply/orders'))!;
    expect(got.url).toBe('/v1/supply/orders?status=open&status=late&page=2');
    expect(got.headers.authorization).toBe(`Bearer ${FUTURE_JWT}`);
    expect(got.headers['x-xsrf-token']).toBeUndefined();
  });

  it('normalises a real error body', async () => {
    const error = await request('supply', 'fail', { method: 'POST', body: { code: 'X' }, silent: true }).catch((e) => e);
    expect(error).toMatchObject({ status: 409, message: 'Já existe.', errors: { code: ['Código repetido.'] } });
    const got = received.find((r) => r.method === 'POST' && r.url === '/v1/supply/fail')!;
    expect(JSON.parse(got.body)).toEqual({ code: 'X' });
    expect(got.headers['content-type']).toBe('application/json');
  });
});

vi.setConfig({ testTimeout: 15_000 });
