/**
 * A chosen PIX key decides its type (`typesSetByChoice`): the parcela a receber's form offers no
 * "Tipo da nossa chave PIX" input of its own — choosing a key sends its type with it — and an error
 * the server gives on the type shows under the key, so no validation is lost.
 */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receivableInstallments } from '../../../src/contracts/resources';
import FormPage from '../../../src/modules/registry/FormPage';
import type { RegistrySpec } from '../../../src/modules/registry/spec';
import { byText, calls, click, eventually, flush, json, mount, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

const spec: RegistrySpec = { resource: 'receivableInstallments', base: '/contas-a-receber/parcelamentos', idParam: 'installmentId', title: 'Parcelas a receber' };
const record = sampleRecord(receivableInstallments, {
  id: 'p1', version: 1, status: 'open', paymentMethod: 'pix', bankAccountId: 'a1', pixKeyType: 'cnpj', pixKey: '11222333000181', boletoLine: null, ourNumber: null,
});
const account = { id: 'a1', version: 1, name: 'Itaú', pixKeys: [{ type: 'cnpj', key: '11222333000181', isDefault: true }, { type: 'email', key: 'financeiro@demo.com.br', isDefault: false }] };

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('the type of a chosen PIX key', () => {
  it('has no input of its own: the key’s choice sends it, and its errors show under the key', async () => {
    stubApi((call) => {
      if (call.method === 'PUT') return json({ message: 'Verifique os campos.', errors: { pixKeyType: ['Escolha o tipo da nossa chave PIX.'] } }, { status: 400 });
      return json(call.path.startsWith('bank-accounts') ? account : record);
    });
    const view = await mount(() => createElement(FormPage, { spec, view: 'edit', installmentId: 'p1' }), { path: '/contas-a-receber/parcelamentos/p1/editar' });
    const select = await eventually(() => view.container.querySelector<HTMLSelectElement>('[data-field="pixKey"] select option[value="financeiro@demo.com.br"]')?.parentElement as HTMLSelectElement | null);
    expect(select).toBeTruthy();
    expect(view.container.querySelector('[data-field="pixKeyType"]')).toBeNull();
    select!.value = 'financeiro@demo.com.br';
    select!.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ pixKey: 'financeiro@demo.com.br', pixKeyType: 'email' });
    expect(text(view.container.querySelector('[data-field="pixKey"]')!)).toContain('Escolha o tipo da nossa chave PIX.');
    view.unmount();
  });
});
