import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payables, products, suppliers, userGroups } from '../../../src/contracts/resources';
import { initialValues } from '../../../src/core/resources/values';
import { getNotices } from '../../../src/core/notices';
import FormPage from '../../../src/modules/registry/FormPage';
import type { RegistrySpec } from '../../../src/modules/registry/spec';
import { byText, calls, click, flush, json, mount, resetApi, signIn, stubApi, text, type } from './harness';
import { sampleRecord } from './samples';

const spec: RegistrySpec = { resource: 'userGroups', base: '/grupos-de-usuario', idParam: 'userGroupId', title: 'Perfis de Usuário' };
const v1 = sampleRecord(userGroups, { id: 'g1', version: 1, name: 'Compradores', description: 'Equipe de compras' });

async function editForm(put: (call: { headers: Headers; body: unknown }) => Response) {
  stubApi((call) => (call.method === 'PUT' ? put(call) : json(v1)));
  const view = await mount(() => createElement(FormPage, { spec, view: 'edit', userGroupId: 'g1' }), { path: '/grupos-de-usuario/g1/editar' });
  const name = view.container.querySelector<HTMLInputElement>('[data-field="name"] input')!;
  return { view, name, submit: () => click(byText(view.container, 'button', 'Salvar')) };
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('RecordForm', () => {
  it('starts a new record active (and its new list items too), as the declaration says', async () => {
    const fresh = initialValues(products, null);
    expect(fresh.isActive).toBe(true);
    expect(fresh.media).toEqual([]);
    stubApi(() => json([]));
    const view = await mount(() => createElement(FormPage, { spec: { resource: 'products', base: '/produtos', idParam: 'productId', title: 'Produtos' }, view: 'create' }), { path: '/produtos/adicionar' });
    expect(view.container.querySelector<HTMLInputElement>('[data-field="isActive"] input[type="checkbox"]')!.checked).toBe(true);
    await click(byText(view.container.querySelector('[data-field="variants"]')!, 'button', 'Adicionar variante'));
    expect(view.container.querySelector<HTMLInputElement>('[data-field="variants"] input[type="checkbox"]')!.checked).toBe(true);
    view.unmount();
  });

  it('drops a list item\'s error once the list is edited, not only a field\'s own', async () => {
    stubApi(() => json([]));
    const view = await mount(() => createElement(FormPage, { spec: { resource: 'products', base: '/produtos', idParam: 'productId', title: 'Produtos' }, view: 'create' }), { path: '/produtos/adicionar' });
    const variants = () => view.container.querySelector('[data-field="variants"]')!;
    await click(byText(variants(), 'button', 'Adicionar variante'));
    await click(byText(view.container, 'button', 'Salvar'));
    const nameInput = variants().querySelector<HTMLInputElement>('[data-field="variants.0.name"] input')!;
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    await type(nameInput, 'Azul M');
    expect(variants().querySelector('[data-field="variants.0.name"] input')!.getAttribute('aria-invalid')).toBeNull();
    view.unmount();
  });

  it('starts an optional choice empty ("—") and a required one on its first option', () => {
    const fresh = initialValues(payables, null);
    expect(fresh.recurrence).toBeNull();
    expect(fresh.documentType).toBe('nfe');
  });

  it('keeps Salvar and Cancelar in the sticky action bar, and Ctrl+S saves instead of the browser', async () => {
    const { view, name } = await editForm(() => json({ ...v1, version: 2, name: 'Financeiro' }));
    const bar = view.container.querySelector('[data-action-bar]')!;
    expect(bar.getAttribute('role')).toBe('group');
    expect([...bar.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Salvar', 'Cancelar']);
    await type(name, 'Financeiro');
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    await act(async () => {
      name.dispatchEvent(event);
    });
    await flush();
    expect(event.defaultPrevented).toBe(true);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    view.unmount();
  });

  it('CPF or CNPJ decides "Tipo de pessoa" as it is typed, and the placeholder follows the type', async () => {
    stubApi(() => json([]));
    const view = await mount(() => createElement(FormPage, { spec: { resource: 'suppliers', base: '/fornecedores', idParam: 'supplierId', title: 'Fornecedores' }, view: 'create' }), { path: '/fornecedores/adicionar' });
    const document = view.container.querySelector<HTMLInputElement>('[data-field="document"] input')!;
    const kind = () => text(byText(view.container, 'span', 'Tipo de pessoa')!.parentElement!);
    expect(document.placeholder).toBe('000.000.000-00');
    expect(kind()).toContain('—');
    await type(document, '529.982.247-25');
    expect(kind()).toContain('Pessoa física');
    await type(document, '11.222.333/0001-81');
    expect(kind()).toContain('Pessoa jurídica');
    view.unmount();
    const pj = sampleRecord(suppliers, { id: 's1', version: 1, document: '11222333000181', kind: 'PJ' });
    stubApi(() => json(pj));
    const edit = await mount(() => createElement(FormPage, { spec: { resource: 'suppliers', base: '/fornecedores', idParam: 'supplierId', title: 'Fornecedores' }, view: 'edit', supplierId: 's1' }), { path: '/fornecedores/s1/editar' });
    const field = edit.container.querySelector<HTMLInputElement>('[data-field="document"] input')!;
    await type(field, '');
    expect(field.placeholder).toBe('00.000.000/0000-00');
    edit.unmount();
  });

  it('every editable item list says what it adds', async () => {
    const { resourceList } = await import('../../../src/contracts/resources');
    const generic: string[] = [];
    for (const resource of resourceList) {
      for (const [field, def] of Object.entries(resource.fields)) {
        if (def.type === 'list' && !def.readOnly && (!def.addLabel || def.addLabel === 'Adicionar item') && !(resource.name === 'orders' && field === 'lines')) generic.push(`${resource.name}.${field}`);
      }
    }
    expect(generic).toEqual([]);
  });

  it('validates with the declaration schema before sending', async () => {
    const { view, name, submit } = await editForm(() => json({}));
    await type(name, '   ');
    await submit();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const errors = view.container.querySelector('[data-field="name"] ul')!;
    expect(errors.querySelectorAll('li')[0].textContent).toBe('Preencha este campo.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(errors.id);
    view.unmount();
  });

  it('sends PUT with If-Match and shows the server field errors as a bulleted list per field', async () => {
    const { view, name, submit } = await editForm(() =>
      json({ message: 'Dados inválidos.', errors: { name: ['Já existe um perfil com este nome.', 'Escolha outro nome.'] } }, { status: 400 }),
    );
    await type(name, 'Financeiro');
    await submit();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('user-groups/g1');
    expect(put.headers.get('if-match')).toBe('"1"');
    expect(put.body).toEqual({ name: 'Financeiro', description: 'Equipe de compras', members: ['r1'], policies: ['r1'] });
    const items = [...view.container.querySelectorAll('[data-field="name"] ul li')].map((li) => li.textContent);
    expect(items).toEqual(['Já existe um perfil com este nome.', 'Escolha outro nome.']);
    view.unmount();
  });

  it('warns on a stale version (412) instead of overwriting, and overwrites only when asked', async () => {
    const v2 = { ...v1, version: 2, description: 'Alterada por outra pessoa' };
    let puts = 0;
    const { view, name, submit } = await editForm((call) => {
      puts++;
      if (call.headers.get('if-match') === '"1"') return json({ message: 'Versão desatualizada.', current: v2 }, { status: 412 });
      return json({ ...v2, name: 'Financeiro', version: 3 });
    });
    await type(name, 'Financeiro');
    await submit();
    expect(puts).toBe(1);
    const alert = byText(view.container, '[role="alert"]', /alterado por outra pessoa/)!;
    expect(alert).toBeDefined();
    expect(text(alert)).toContain('Descrição');
    expect(name.value).toBe('Financeiro'); // the user's edit is kept
    expect(getNotices().some((n) => n.type === 'success')).toBe(false);
    await click(byText(alert, 'button', /Salvar mesmo assim/));
    expect(puts).toBe(2);
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.headers.get('if-match')).toBe('"2"');
    expect(view.navigations.at(-1)).toBe('/grupos-de-usuario/g1');
    view.unmount();
  });

  it('can reload the current version after a 412', async () => {
    const v2 = { ...v1, version: 2, name: 'Nome novo' };
    const { view, name, submit } = await editForm(() => json({ message: 'Versão desatualizada.' }, { status: 412 }));
    stubApi((call) => (call.method === 'PUT' ? json({ message: 'Versão desatualizada.' }, { status: 412 }) : json(v2)));
    await type(name, 'Meu nome');
    await submit();
    // the 412 answer had no `current`: the form fetched it
    expect(calls.filter((c) => c.method === 'GET').at(-1)!.path).toBe('user-groups/g1');
    await click(byText(view.container, 'button', /Carregar a versão atual/));
    expect(view.container.querySelector<HTMLInputElement>('[data-field="name"] input')!.value).toBe('Nome novo');
    view.unmount();
  });
});
