import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '../../../src/contracts/files';
import type { FieldDef } from '../../../src/contracts/resource';
import { products } from '../../../src/contracts/resources';
import { Field } from '../../../src/core/ui/fields/Field';
import { pngFile, storedFile } from '../core/helpers';
import { byText, calls, click, eventually, flush, json, mount, resetApi, signIn, stubApi, text, type Call } from './harness';

const mediaDef = (products.fields.media as Extract<FieldDef, { type: 'list' }>).of.fileId;

const stored = (overrides: Partial<StoredFile> = {}) => storedFile({ missing: [], status: 'ready', sha256: 'abc', ...overrides });

function Probe({ initial, seen }: { initial: unknown; seen: unknown[] }) {
  const [value, setValue] = useState(initial);
  return (
    <Field resource={products} field="media.0.fileId" label="Imagem" def={mediaDef} value={value} params={{}}
      onChange={(next) => { seen.push(next); setValue(next); }} />
  );
}

async function render(initial: unknown = null) {
  const seen: unknown[] = [];
  const view = await mount(() => <Probe initial={initial} seen={seen} />);
  return { view, seen, input: view.container.querySelector<HTMLInputElement>('input[type=file]')! };
}

async function pick(input: HTMLInputElement, file: File) {
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await flush();
}

const happy = (call: Call): Response => {
  if (call.method === 'POST' && call.path === 'files') return json(stored({ status: 'uploading', missing: [0, 1, 2], sha256: null }), { status: 201 });
  if (call.method === 'PUT') return json(stored({ status: 'uploading' }));
  if (call.path.endsWith('/complete')) return json(stored());
  if (call.method === 'DELETE') return new Response(null, { status: 204 });
  if (call.path.endsWith('/content')) return new Response(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } });
  if (call.method === 'GET') return json(stored({ id: 'f9', name: 'vitrine.png' }));
  return json({ message: 'inesperado' }, { status: 500 });
};

beforeEach(() => {
  signIn();
  if (!URL.createObjectURL) (URL as { createObjectURL?: unknown }).createObjectURL = () => 'blob:x';
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${Math.random()}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  resetApi();
  vi.restoreAllMocks();
});

describe('file input (product media)', () => {
  it('is labelled, takes only images and says so', async () => {
    stubApi(happy);
    const { view, input } = await render();
    const label = view.container.querySelector(`label[for="${CSS.escape(input.id)}"]`);
    expect(text(label!)).toContain('Imagem');
    expect(input.accept).toBe('image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp,image/gif,.gif');
    const hint = view.container.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)}`);
    expect(text(hint!)).toBe('Formatos aceitos: JPG, PNG, WebP, GIF. Até 10 MB.');
    view.unmount();
  });

  it('speaks pt-BR instead of the browser: "Escolher arquivo", then the chosen name; the real input stays labelled and focusable', async () => {
    stubApi(happy);
    const { view, input } = await render();
    expect(text(view.container)).toContain('Escolher arquivo');
    expect(text(view.container)).toContain('Nenhum arquivo escolhido');
    expect(input.id).toBeTruthy();
    expect(input.tabIndex).not.toBe(-1);
    await pick(input, pngFile(1000));
    expect(text(view.container)).toContain('foto.png');
    expect(text(view.container)).not.toContain('Nenhum arquivo escolhido');
    view.unmount();
  });

  it('uploads in 64 KB parts to the cart family, shows the progress, then the name and a thumbnail', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubApi(async (call) => {
      if (call.method === 'PUT' && call.path.endsWith('/chunks/1')) await held;
      return happy(call);
    });
    const { view, input, seen } = await render();
    await pick(input, pngFile(150_000));

    const progress = view.container.querySelector('progress')!;
    expect(progress).not.toBeNull();
    expect(progress.value).toBe(65536);
    expect(progress.max).toBe(150_000);
    expect(text(view.container.querySelector(`label[for="${CSS.escape(progress.id)}"]`)!)).toBe('Enviando… 43%');
    expect(input.getAttribute('aria-busy')).toBe('true');

    release();
    await flush();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /v1/cart/files',
      'PUT /v1/cart/files/f1/chunks/0',
      'PUT /v1/cart/files/f1/chunks/1',
      'PUT /v1/cart/files/f1/chunks/2',
      'POST /v1/cart/files/f1/complete',
    ]);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => (call.body as Blob).size)).toEqual([65536, 65536, 18928]);
    expect(view.container.querySelector('progress')).toBeNull();
    expect(seen).toEqual(['f1']);
    expect(text(view.container)).toContain('Arquivo atual: foto.png');
    expect(text(view.container.querySelector('[role=status]')!)).toBe('Arquivo enviado: foto.png');
    const img = view.container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Pré-visualização de foto.png');
    expect(img.getAttribute('src')).toMatch(/^blob:preview-/);
    view.unmount();
  });

  it('refuses a wrong type, an empty file and a PDF in an image field, with no call', async () => {
    stubApi(happy);
    const { view, input, seen } = await render();
    await pick(input, new File(['olá'], 'notas.txt', { type: 'text/plain' }));
    const alert = () => view.container.querySelector('[role=alert]');
    expect(text(alert()!)).toBe('Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF ou PDF.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert()!.id);

    await pick(input, new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }));
    expect(text(alert()!)).toBe('Tipo de arquivo não aceito neste campo.');
    await pick(input, new File([], 'vazio.png', { type: 'image/png' }));
    expect(text(alert()!)).toBe('O arquivo está vazio.');

    expect(calls).toEqual([]);
    expect(seen).toEqual([]);
    view.unmount();
  });

  it('shows the server refusal under the field (415 on complete)', async () => {
    const message = 'O conteúdo do arquivo não corresponde ao tipo informado.';
    stubApi((call) => (call.path.endsWith('/complete') ? json({ message }, { status: 415 }) : happy(call)));
    const { view, input, seen } = await render();
    await pick(input, pngFile(1000, 'falso.png'));
    expect(text(view.container.querySelector('[role=alert]')!)).toBe(message);
    expect(seen).toEqual([]);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: 'files/f1/complete' });
    view.unmount();
  });

  it('shows a stored file: its name, its thumbnail fetched with the token; removing it clears the value', async () => {
    stubApi(happy);
    const { view, input, seen } = await render('f9');
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['GET /v1/cart/files/f9', 'GET /v1/cart/files/f9/content']);
    expect(calls[1].headers.get('authorization')).toMatch(/^Bearer /);
    expect(text(view.container)).toContain('Arquivo atual: vitrine.png');
    expect(view.container.querySelector('img')!.getAttribute('alt')).toBe('Pré-visualização de vitrine.png');

    await click(byText(view.container, 'button', 'Remover arquivo'));
    expect(seen).toEqual([null]);
    expect(view.container.querySelector('img')).toBeNull();
    expect(text(view.container)).not.toContain('Arquivo atual');
    expect(URL.revokeObjectURL).toHaveBeenCalled();
    expect(view.container.ownerDocument.activeElement).toBe(input);
    view.unmount();
  });

  it('cancels an upload in progress', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubApi(async (call) => {
      if (call.method === 'PUT' && call.path.endsWith('/chunks/0')) await held;
      return happy(call);
    });
    const { view, input, seen } = await render();
    await pick(input, pngFile(150_000));
    await click(byText(view.container, 'button', 'Cancelar envio'));
    release();
    await flush();
    expect(text(view.container.querySelector('[role=status]')!)).toBe('Envio cancelado.');
    expect(view.container.querySelector('progress')).toBeNull();
    expect(seen).toEqual([]);
    expect(calls.some((call) => call.path.endsWith('/complete'))).toBe(false);
    view.unmount();
  });
});

describe('stored images on the show page (Mídias tab)', () => {
  it('shows each image as a thumbnail fetched with the token (object URL), with its name', async () => {
    stubApi(happy);
    const { RecordShow } = await import('../../../src/core/ui/RecordShow');
    const record = {
      id: 'p1', version: 1, createdAt: '', updatedAt: '', name: 'Cadeira',
      media: [{ fileId: 'f9', caption: 'Vista frontal' }],
      _refs: { 'media.0.fileId': [{ id: 'f9', label: 'vitrine.png' }] },
    };
    const view = await mount(() => <RecordShow resource={products} record={record} fields={['media']} />);
    // The thumbnail is a lazily loaded part: its chunk may take longer than a few ticks on a busy machine.
    const image = await eventually(() => view.container.querySelector('img[src]'));
    expect(image?.getAttribute('alt')).toBe('Pré-visualização de vitrine.png');
    expect(image?.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /v1/cart/files/f9/content');
    expect(text(view.container)).toContain('vitrine.png');
    expect(text(view.container)).toContain('Vista frontal');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(image!.getAttribute('src'));
  });
});
