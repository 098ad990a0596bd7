/** A CNPJ typed into a declared field looks the company up and fills only what is still empty. */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cnpjCheckDigits } from '../../../src/contracts/brazil/documents';
import { suppliers } from '../../../src/contracts/resources';
import { appConfigAtom } from '../../../src/core/config';
import { store } from '../../../src/core/store';
import { Field } from '../../../src/core/ui/fields/Field';
import { testConfig } from '../core/helpers';
import { byText, click, flush, mount, resetApi, signIn, text, type } from './harness';

const CNPJ = `191311000001${cnpjCheckDigits('191311000001')}`;
const MODELO = {
  cnpj: CNPJ, razao_social: 'PADARIA MODELO LTDA', nome_fantasia: 'PADARIA MODELO', email: 'contato@modelo.com.br', ddd_telefone_1: '1133334444',
  cep: '01310100', descricao_tipo_de_logradouro: 'AVENIDA', logradouro: 'PAULISTA', numero: '1578', complemento: 'LOJA 2', bairro: 'BELA VISTA',
  municipio: 'SAO PAULO', uf: 'SP', codigo_municipio_ibge: '3550308',
};

function Form({ initial, seen }: { initial: Record<string, unknown>; seen: Record<string, unknown>[] }) {
  const [values, setValues] = useState(initial);
  const def = suppliers.fields.document;
  const update = (patch: Record<string, unknown>) =>
    setValues((current) => {
      const next = { ...current, ...patch };
      seen.push(next);
      return next;
    });
  return <Field resource={suppliers} field="document" label={def.label} def={def} value={values.document} params={{}} onChange={(v) => update({ document: v })} siblings={values} onSiblings={update} />;
}

async function until(check: () => boolean, tries = 60) {
  for (let i = 0; i < tries && !check(); i++) await flush();
  expect(check()).toBe(true);
}

const input = (root: ParentNode) => root.querySelector('input')!;
const masked = `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`;

beforeEach(() => signIn());
afterEach(() => {
  resetApi();
  vi.unstubAllGlobals();
});

describe('CNPJ lookup in a form', () => {
  it('fills the empty razão social, nome fantasia, e-mail, telefone and the main address; keeps what was typed; the button looks up again', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(MODELO)));
    vi.stubGlobal('fetch', fetch);
    const seen: Record<string, unknown>[] = [];
    const view = await mount(() => <Form initial={{ document: null, name: 'Padaria do Zé', tradeName: null, email: '', phone: null, addresses: [] }} seen={seen} />);
    await type(input(view.container), masked.slice(0, -1));
    expect(fetch).not.toHaveBeenCalled();
    expect(byText(view.container, 'button', 'Consultar CNPJ')).toBeUndefined();
    await type(input(view.container), masked);
    await until(() => seen.at(-1)?.tradeName === 'PADARIA MODELO');
    // app.config.json points the lookup at our own server (commons family), BrasilAPI's shape.
    expect(fetch.mock.calls[0][0]).toBe(`/v1/commons/companies/cnpj/${CNPJ}`);
    expect(seen.at(-1)).toEqual({
      document: CNPJ, name: 'Padaria do Zé', tradeName: 'PADARIA MODELO', email: 'contato@modelo.com.br', phone: '1133334444',
      addresses: [{ type: 'main', cep: '01310100', street: 'AVENIDA PAULISTA', number: '1578', complement: 'LOJA 2', district: 'BELA VISTA', state: 'SP', city: '3550308' }],
    });
    expect(text(view.container)).toContain('Dados da empresa preenchidos a partir do CNPJ');
    await click(byText(view.container, 'button', 'Consultar CNPJ'));
    await until(() => fetch.mock.calls.length === 2);
    await until(() => text(view.container).includes('os campos já preenchidos foram mantidos'));
    view.unmount();
  });

  it('says so when the service cannot be reached or does not know the CNPJ, and changes nothing else', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const seen: Record<string, unknown>[] = [];
    const view = await mount(() => <Form initial={{ document: null, name: null, addresses: [] }} seen={seen} />);
    await type(input(view.container), masked);
    await until(() => text(view.container).includes('Não foi possível consultar o CNPJ agora; preencha os dados manualmente.'));
    expect(seen.at(-1)).toEqual({ document: CNPJ, name: null, addresses: [] });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'CNPJ não encontrado.' }), { status: 404 })));
    await click(byText(view.container, 'button', 'Consultar CNPJ'));
    await until(() => text(view.container).includes('CNPJ não encontrado no serviço de consulta.'));
    expect(seen.at(-1)).toEqual({ document: CNPJ, name: null, addresses: [] });
    view.unmount();
  });

  it('without apis.companyLookup in app.config.json: no lookup and no button', async () => {
    const config = testConfig();
    const { companyLookup: _, ...apis } = config.apis;
    store.set(appConfigAtom, { ...config, apis });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const view = await mount(() => <Form initial={{ document: null }} seen={[]} />);
    await type(input(view.container), masked);
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(byText(view.container, 'button', 'Consultar CNPJ')).toBeUndefined();
    view.unmount();
  });
});
