import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '../../../src/core/router';
import { routes } from '../../../src/modules/portal/routes';
import { byText, calls, click, flush, json, mount, resetApi, signIn, stubApi, text } from './harness';

const BATCH = { id: 'b1', resourceType: 'suppliers', fileName: 'fornecedores.csv', status: 'uploaded', total: 3, processed: 0, created: 0, updated: 0, failed: 0 };
const UPLOADED = { ...BATCH, columns: [{ name: 'Razão Social' }, { name: 'CNPJ' }, { name: 'Observação' }], sampleRows: [['ACME Ltda', '12.345.678/0001-95', 'x']] };
const PREVIEW = {
  rows: [
    { line: 2, values: { name: 'ACME Ltda', document: '12.345.678/0001-95' }, errors: {} },
    { line: 3, values: { name: 'Beta', document: '12.345.678/0001-90' }, errors: { document: ['CPF ou CNPJ inválido.'] } },
  ],
  valid: 2,
  invalid: 1,
  updates: 1,
};

async function pickFile(input: HTMLInputElement, file: File) {
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await flush();
}

async function open(path: string) {
  const match = matchRoute(routes, path)!;
  const { default: Screen } = await match.route.load();
  return mount(() => createElement(Screen, { ...match.params, title: match.route.title }), { path });
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('batch import wizard', () => {
  it('refuses a file that is not CSV/XLSX before sending', async () => {
    stubApi(() => json({ message: 'unexpected' }, { status: 500 }));
    const view = await open('/configuracoes/importacoes-em-lote/adicionar');
    await pickFile(view.container.querySelector('input[type=file]')!, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(text(view.container)).toContain('O arquivo precisa ser CSV ou XLSX.');
    await click(byText(view.container, 'button', 'Enviar arquivo'));
    expect(calls).toHaveLength(0);
    view.unmount();
  });

  it('upload → map columns → preview with row errors → import with progress → error report', async () => {
    stubApi(async (call) => {
      if (call.method === 'POST' && call.path === 'import-batches') return json(UPLOADED, { status: 201 });
      if (call.method === 'PUT' && call.path === 'import-batches/b1/mapping') return json(PREVIEW);
      if (call.method === 'POST' && call.path === 'import-batches/b1/run') return json({ ...BATCH, status: 'running' }, { status: 202 });
      if (call.method === 'GET' && call.path === 'import-batches/b1') return json({ ...BATCH, status: 'done', processed: 3, created: 1, updated: 1, failed: 1 });
      return json({ message: 'unexpected' }, { status: 500 });
    });
    const view = await open('/configuracoes/importacoes-em-lote/adicionar');
    await pickFile(view.container.querySelector('input[type=file]')!, new File(['Razão Social;CNPJ\n'], 'fornecedores.csv', { type: 'text/csv' }));
    await click(byText(view.container, 'button', 'Enviar arquivo'));
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.url.pathname).toBe('/api/finance/import-batches');
    expect((upload.body as FormData).get('resourceType')).toBe('suppliers');
    expect(((upload.body as FormData).get('file') as File).name).toBe('fornecedores.csv');

    // columns suggested from the headers; the unknown one ignored
    const selects = [...view.container.querySelectorAll('select')];
    expect(selects.map((s) => s.value)).toEqual(['name', 'document', '']);
    await click(byText(view.container, 'button', 'Conferir linhas'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ mapping: { 'Razão Social': 'name', CNPJ: 'document' } });

    expect(text(view.container)).toContain('2 linhas válidas e 1 com erro.');
    expect(text(view.container)).toContain('CPF/CNPJ: CPF ou CNPJ inválido.');
    expect(text(view.container)).toContain('1 linha vai atualizar cadastros existentes.');
    await click(byText(view.container, 'button', 'Importar 2 linhas'));
    expect(calls.some((c) => c.method === 'POST' && c.path === 'import-batches/b1/run')).toBe(true);
    expect(view.container.querySelector('progress')).not.toBeNull();

    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    await flush();
    expect(text(view.container)).toContain('Importação concluída.');
    expect(text(view.container)).toContain('3 de 3 linhas processadas');
    expect(text(view.container)).toContain('Com erro: 1');
    expect(byText(view.container, 'button', 'Baixar relatório de erros (CSV)')).toBeDefined();
    view.unmount();
  });
});
