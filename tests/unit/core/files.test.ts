import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, configureApi, onHttpError } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { acceptAttribute, checkFile, fileFamily, FileRefusedError, uploadFile } from '../../../src/core/files';
import { resetSession, setField } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FILE_CHUNK_BYTES, FILE_MAX_BYTES, IMAGE_TYPES } from '../../../src/contracts/files';
import { FUTURE_JWT, jsonResponse, pngFile, storedFile, testConfig } from './helpers';

interface Call {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

let calls: Call[];
let handler: (call: Call) => Response | Promise<Response>;

const stored = storedFile;

/** The server of the happy path: start, parts, complete. */
const happy = (call: Call): Response => {
  if (call.method === 'POST' && call.path === 'files') return jsonResponse(stored(), { status: 201 });
  if (call.method === 'PUT') return jsonResponse(stored());
  if (call.method === 'POST' && call.path.endsWith('/complete')) return jsonResponse(stored({ missing: [], status: 'ready', sha256: 'abc' }));
  if (call.method === 'DELETE') return new Response(null, { status: 204 });
  return jsonResponse({ message: 'unexpected' }, { status: 500 });
};

const noDelay = { retryDelay: () => 0 };

beforeEach(() => {
  resetSession();
  store.set(appConfigAtom, testConfig());
  setField('accessToken', FUTURE_JWT);
  document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
  calls = [];
  handler = happy;
  configureApi({
    fetch: async (input, init) => {
      const url = String(input);
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: Call = {
        url,
        path: new URL(url, 'http://localhost').pathname.replace(/^\/v1\/[\w-]+\//, ''),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: text ? JSON.parse(text) : init?.body,
      };
      calls.push(call);
      return handler(call);
    },
  });
});
afterEach(() => configureApi({ fetch: null }));

const parts = () => calls.filter((call) => call.method === 'PUT');

describe('uploadFile: parts of 64 KB (spec §9)', () => {
  it('starts, sends a 150,000-byte file as parts of 65536, 65536 and 18928 bytes in order, then completes', async () => {
    const file = pngFile(150_000);
    const result = await uploadFile(file, { api: 'cart', accept: IMAGE_TYPES });

    expect(result.status).toBe('ready');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /v1/cart/files',
      'PUT /v1/cart/files/f1/chunks/0',
      'PUT /v1/cart/files/f1/chunks/1',
      'PUT /v1/cart/files/f1/chunks/2',
      'POST /v1/cart/files/f1/complete',
    ]);
    expect(calls[0].body).toEqual({ name: 'foto.png', size: 150_000, contentType: 'image/png' });
    expect(calls[0].headers.get('content-type')).toBe('application/json');

    const sizes = parts().map((call) => (call.body as Blob).size);
    expect(sizes).toEqual([65536, 65536, 18928]);
    // The bytes are the file's, in order.
    const whole = new Uint8Array(await file.arrayBuffer());
    let offset = 0;
    for (const call of parts()) {
      const bytes = new Uint8Array(await (call.body as Blob).arrayBuffer());
      expect(bytes).toEqual(whole.subarray(offset, offset + bytes.length));
      offset += bytes.length;
    }
    expect(offset).toBe(150_000);
  });

  it('sends each part as binary with the bearer token and the XSRF header', async () => {
    await uploadFile(pngFile(1000));
    const [part] = parts();
    expect(part.url).toBe('/v1/commons/files/f1/chunks/0');
    expect(part.body).toBeInstanceOf(Blob);
    expect(part.headers.get('content-type')).toBe('application/octet-stream');
    expect(part.headers.get('authorization')).toBe(`Bearer ${FUTURE_JWT}`);
    expect(part.headers.get('x-xsrf-token')).toBe('xsrf-123');
  });

  it('a file of exactly one part, and of exactly two parts', async () => {
    await uploadFile(pngFile(FILE_CHUNK_BYTES));
    expect(parts().map((call) => (call.body as Blob).size)).toEqual([65536]);
    calls = [];
    await uploadFile(pngFile(2 * FILE_CHUNK_BYTES));
    expect(parts().map((call) => (call.body as Blob).size)).toEqual([65536, 65536]);
  });

  it('reports progress after the start and after each part', async () => {
    const seen: [number, number][] = [];
    await uploadFile(pngFile(150_000), { onProgress: (sent, total) => seen.push([sent, total]) });
    expect(seen).toEqual([[0, 150_000], [65536, 150_000], [131072, 150_000], [150_000, 150_000]]);
  });
});

describe('uploadFile: retries', () => {
  it('resends a part that failed with a 5xx or a network error, and goes on', async () => {
    let failures = 0;
    handler = (call) => {
      if (call.method === 'PUT' && call.path.endsWith('/chunks/1') && failures < 2) {
        failures++;
        if (failures === 1) return jsonResponse({ message: 'Erro interno.' }, { status: 503 });
        throw new TypeError('Failed to fetch');
      }
      return happy(call);
    };
    const notices: ApiError[] = [];
    const off = onHttpError((error) => notices.push(error));
    const seen: number[] = [];
    const result = await uploadFile(pngFile(150_000), { ...noDelay, onProgress: (sent) => seen.push(sent) });
    off();
    expect(result.status).toBe('ready');
    expect(parts().map((call) => call.path.split('/').pop())).toEqual(['0', '1', '1', '1', '2']);
    expect(seen).toEqual([0, 65536, 131072, 150_000]);
    expect(notices).toEqual([]); // retried failures are not notices
  });

  it('gives up after 3 retries, rejects with the server error and cancels the upload', async () => {
    handler = (call) => (call.method === 'PUT' && call.path.endsWith('/chunks/0') ? jsonResponse({ message: 'Serviço indisponível.' }, { status: 503 }) : happy(call));
    const error = await uploadFile(pngFile(150_000), noDelay).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe('Serviço indisponível.');
    expect(parts()).toHaveLength(4); // 1 attempt + 3 retries
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/v1/commons/files/f1' });
    expect(calls.some((call) => call.path.endsWith('/complete'))).toBe(false);
  });

  it('does not retry a 4xx answer', async () => {
    handler = (call) => (call.method === 'PUT' ? jsonResponse({ message: 'Parte do arquivo inválida.' }, { status: 400 }) : happy(call));
    await expect(uploadFile(pngFile(1000), noDelay)).rejects.toMatchObject({ status: 400, message: 'Parte do arquivo inválida.' });
    expect(parts()).toHaveLength(1);
  });

  it('shows the server refusal of the content on complete (415)', async () => {
    const message = 'O conteúdo do arquivo não corresponde ao tipo informado.';
    handler = (call) => (call.path.endsWith('/complete') ? jsonResponse({ message }, { status: 415 }) : happy(call));
    await expect(uploadFile(pngFile(1000))).rejects.toMatchObject({ status: 415, message });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false); // the server dropped it
  });

  it('leaves an expired session (401) to the notices; other failures are the field\'s', async () => {
    const notices: ApiError[] = [];
    const off = onHttpError((error) => notices.push(error));
    handler = (call) => (call.method === 'PUT' ? jsonResponse({ message: 'Parte do arquivo inválida.' }, { status: 400 }) : happy(call));
    await uploadFile(pngFile(1000)).catch(() => undefined);
    expect(notices).toEqual([]);
    handler = () => jsonResponse({ message: 'Sessão expirada.' }, { status: 401 });
    await expect(uploadFile(pngFile(1000))).rejects.toMatchObject({ status: 401 });
    off();
    expect(notices.map((error) => error.status)).toEqual([401]);
  });

  it('stops when aborted, without a notice, and cancels the upload', async () => {
    const controller = new AbortController();
    const notices: ApiError[] = [];
    const off = onHttpError((error) => notices.push(error));
    const error = await uploadFile(pngFile(150_000), {
      signal: controller.signal,
      onProgress: (sent) => {
        if (sent > 0) controller.abort();
      },
    }).catch((e: unknown) => e);
    off();
    expect((error as ApiError).aborted).toBe(true);
    expect(notices).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.some((call) => call.path.endsWith('/complete'))).toBe(false);
    expect(calls.at(-1)?.method).toBe('DELETE');
  });
});

describe('uploadFile: refused before any call', () => {
  it.each([
    ['a type not supported', new File(['olá'], 'notas.txt', { type: 'text/plain' }), IMAGE_TYPES, 'Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF ou PDF.'],
    ['a type the field does not take', new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }), IMAGE_TYPES, 'Tipo de arquivo não aceito neste campo.'],
    ['an empty file', new File([], 'vazio.png', { type: 'image/png' }), IMAGE_TYPES, 'O arquivo está vazio.'],
    ['a file over 10 MB', pngFile(FILE_MAX_BYTES + 1), undefined, 'O arquivo é grande demais: o limite é de 10 MB.'],
  ])('%s', async (_, file, accept, message) => {
    const error = await uploadFile(file, { accept }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileRefusedError);
    expect((error as Error).message).toBe(message);
    expect(calls).toEqual([]);
  });

  it('takes a file of exactly 10 MB', () => {
    expect(checkFile(pngFile(FILE_MAX_BYTES))).toBeNull();
  });

  it('a file without a type is read by its extension', () => {
    expect(checkFile(new File(['x'], 'foto.JPG'), IMAGE_TYPES)).toBeNull();
    expect(checkFile(new File(['x'], 'foto'), IMAGE_TYPES)?.reason).toBe('notSupported');
  });
});

describe('helpers', () => {
  it('files live in the resource family when it serves them, else in commons', () => {
    expect(fileFamily('cart')).toBe('cart');
    expect(fileFamily('pricing')).toBe('pricing');
    expect(fileFamily('identity')).toBe('commons');
    expect(fileFamily(undefined)).toBe('commons');
  });

  it('accept attribute lists the types and their extensions', () => {
    expect(acceptAttribute(['image/png', 'image/jpeg'])).toBe('image/png,.png,image/jpeg,.jpg,.jpeg');
  });
});
