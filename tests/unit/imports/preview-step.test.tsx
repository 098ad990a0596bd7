/** The import preview keeps each row's errors next to its line number, whatever the file's width. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { importableFields, suggestMapping } from '../../../src/contracts/importFields';
import { registerCatalogue } from '../../../src/core/i18n';
import { imports } from '../../../src/modules/imports/catalogue';
import { PreviewStep } from '../../../src/modules/imports/PreviewStep';

registerCatalogue(imports);

describe('PreviewStep', () => {
  it('shows the errors column second, right after the line', async () => {
    const fields = importableFields('suppliers');
    const columns = ['CNPJ', 'Razão social', 'Fantasia', 'E-mail', 'Telefone', 'CEP', 'Endereço', 'Nº', 'Bairro', 'Município', 'UF'];
    const mapping = suggestMapping(columns, fields);
    const preview = {
      total: 2, valid: 1, invalid: 1, updates: 0,
      rows: [
        { line: 2, values: { document: '11222333000181', name: 'Boa Ltda' }, errors: {} },
        { line: 3, values: { document: '123', name: 'Ruim Ltda' }, errors: { document: ['CPF ou CNPJ inválido.'] } },
      ],
    };
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<PreviewStep batchId="b1" mapping={mapping} fields={fields} preview={preview as never} onBack={() => undefined} onRun={async () => undefined} />));
    const headers = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers.slice(0, 3)).toEqual(['Linha', 'Erros', 'CPF/CNPJ']);
    expect(headers).toHaveLength(2 + Object.keys(mapping).length);
    const invalid = container.querySelector('tr[data-invalid]')!;
    expect(invalid.children[1].textContent).toBe('CPF/CNPJ: CPF ou CNPJ inválido.');
    await act(async () => root.unmount());
    container.remove();
  });
});
