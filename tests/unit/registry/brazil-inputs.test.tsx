import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDef } from '../../../src/contracts/resource';
import { defineResource } from '../../../src/contracts/define';
import { text as textField } from '../../../src/contracts/fields';
import { addressesField } from '../../../src/contracts/resources/parts/address';
import { pixKeysField } from '../../../src/contracts/resources/parts/payment';
import { Field } from '../../../src/core/ui/fields/Field';
import { act } from 'react';
import { byText, click, flush, mount, resetApi, signIn, text, type } from './harness';

const demo = defineResource({
  name: 'demo',
  api: 'identity',
  path: 'demo',
  route: { base: '/demo', idParam: 'demoId' },
  permission: 'demo',
  labels: { one: 'Demo', many: 'Demos', gender: 'm' },
  titleField: 'name',
  fields: { name: textField('Nome', { rule: ({ z }) => z.string() }) },
  form: { sections: [] },
});

function Probe({ def, initial, seen }: { def: FieldDef; initial: unknown; seen: unknown[] }) {
  const [value, setValue] = useState(initial);
  return <Field resource={demo} field="items" label="Itens" def={def} value={value} params={{}} onChange={(v) => { seen.push(v); setValue(v); }} />;
}

async function until(check: () => boolean, tries = 40) {
  for (let i = 0; i < tries && !check(); i++) await flush();
  expect(check()).toBe(true);
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await flush();
}

const inputOf = (root: ParentNode, label: string) => {
  const labelEl = byText(root, 'label', label);
  return root.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${labelEl!.getAttribute('for')}"]`)!;
};

beforeEach(() => signIn());
afterEach(() => {
  resetApi();
  vi.unstubAllGlobals();
});

describe('PIX key input', () => {
  it('stores the canonical key and sets the type it detects', async () => {
    const seen: unknown[] = [];
    const view = await mount(() => <Probe def={pixKeysField} initial={[{ type: 'cpf', key: null, isDefault: false }]} seen={seen} />);
    const key = inputOf(view.container, 'Chave');
    await type(key, 'Financeiro@Fornecedor.com.br');
    expect(seen.at(-1)).toEqual([{ type: 'email', key: 'financeiro@fornecedor.com.br', isDefault: false }]);
    expect(text(view.container)).toContain('Tipo detectado: E-mail');
    await type(key, '(11) 98765-4321');
    expect(seen.at(-1)).toEqual([{ type: 'phone', key: '+5511987654321', isDefault: false }]);
    await type(key, '12.ABC.345/01DE-35');
    expect(seen.at(-1)).toEqual([{ type: 'cnpj', key: '12ABC34501DE35', isDefault: false }]);
    await type(key, '123.456.789-00');
    expect(seen.at(-1)).toEqual([{ type: 'cnpj', key: '123.456.789-00', isDefault: false }]); // not a key: kept as typed, type untouched
    view.unmount();
  });

  it('reads an ambiguous value as the chosen type', async () => {
    const seen: unknown[] = [];
    const view = await mount(() => <Probe def={pixKeysField} initial={[{ type: 'phone', key: null, isDefault: false }]} seen={seen} />);
    await type(inputOf(view.container, 'Chave'), '51998259765'); // valid CPF and valid mobile
    expect(seen.at(-1)).toEqual([{ type: 'phone', key: '+5551998259765', isDefault: false }]);
    view.unmount();
  });
});

describe('address: CEP lookup, UF and municipality', () => {
  const blank = { type: 'main', cep: null, street: null, number: null, complement: null, district: null, state: null, city: null };

  it('fills street, district, UF and city from the postal-code service as the 8th digit is typed; the button looks up again', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' })));
    vi.stubGlobal('fetch', fetch);
    const seen: unknown[] = [];
    const view = await mount(() => <Probe def={addressesField} initial={[blank]} seen={seen} />);
    await type(inputOf(view.container, 'CEP'), '01310-10');
    expect(fetch).not.toHaveBeenCalled();
    await type(inputOf(view.container, 'CEP'), '01310-100');
    await until(() => (seen.at(-1) as { street?: string }[])[0]?.street === 'Avenida Paulista');
    expect(fetch).toHaveBeenCalledTimes(1);
    // app.config.json points the lookup at our own server (commons family), ViaCEP's URL shape.
    expect(fetch.mock.calls[0][0]).toBe('/v1/commons/addresses/postal-codes/01310100/json/');
    expect(seen.at(-1)).toEqual([{ ...blank, cep: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', state: 'SP', city: '3550308' }]);
    expect(text(view.container)).toContain('Endereço preenchido a partir do CEP');
    // the city select lists the UF's municipalities (lazy chunk) with the city chosen
    const city = inputOf(view.container, 'Município') as HTMLSelectElement;
    await until(() => city.options.length > 600);
    expect(city.value).toBe('3550308');
    expect(city.selectedOptions[0].textContent).toBe('São Paulo');
    await click(byText(view.container, 'button', 'Buscar CEP'));
    await until(() => fetch.mock.calls.length === 2);
    view.unmount();
  });

  it('offline fallback: UF and capital city from the CEP ranges, with a notice to check', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const seen: unknown[] = [];
    const view = await mount(() => <Probe def={addressesField} initial={[blank]} seen={seen} />);
    await type(inputOf(view.container, 'CEP'), '20040-002');
    await until(() => (seen.at(-1) as { state?: string }[])[0]?.state === 'RJ');
    expect(seen.at(-1)).toEqual([{ ...blank, cep: '20040002', state: 'RJ', city: '3304557' }]);
    expect(text(view.container)).toContain('O serviço de CEP não respondeu: UF e município preenchidos');
    view.unmount();
  });

  it('choosing another UF clears a city of the previous one', async () => {
    const seen: unknown[] = [];
    const view = await mount(() => <Probe def={addressesField} initial={[{ ...blank, state: 'SP', city: '3550308' }]} seen={seen} />);
    const uf = inputOf(view.container, 'UF') as HTMLSelectElement;
    expect(uf.options).toHaveLength(28);
    await choose(uf, 'RJ');
    await until(() => (seen.at(-1) as { city?: string | null }[])[0]?.city === null);
    expect((seen.at(-1) as { state: string }[])[0].state).toBe('RJ');
    view.unmount();
  });
});
