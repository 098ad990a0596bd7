/** Issue 10 item 8: the new-user form starts at the least privilege with E-mail checked, saves first time, and says the invitation went out. */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/contracts/resources';
import { getNotices } from '../../../src/core/notices';
import { initialValues } from '../../../src/core/resources/values';
import FormPage from '../../../src/modules/registry/FormPage';
import type { RegistrySpec } from '../../../src/modules/registry/spec';
import { byText, calls, click, json, mount, resetApi, signIn, stubApi, type } from './harness';

const spec: RegistrySpec = { resource: 'users', base: '/usuarios', idParam: 'userId', title: 'Usuários' };

beforeEach(() => signIn());
afterEach(() => resetApi());

async function newUserForm(answer: (body: Record<string, unknown>) => Record<string, unknown>) {
  stubApi((call) => (call.method === 'POST' ? json({ id: 'u9', version: 1, ...answer(call.body as Record<string, unknown>) }, { status: 201 }) : json([])));
  return mount(() => createElement(FormPage, { spec, view: 'create' }), { path: '/usuarios/adicionar' });
}

describe('new user form (/usuarios/adicionar)', () => {
  it('starts at the least privileged level with E-mail as the allowed second step', async () => {
    expect(initialValues(users, null)).toMatchObject({ accessLevel: 'User', allowedMethods: ['Email'], isActive: true, twoFactorMandatory: false });
    const view = await newUserForm((body) => body);
    const level = view.container.querySelector<HTMLSelectElement>('[data-field="accessLevel"] select')!;
    expect(level.value).toBe('User');
    expect(level.selectedOptions[0].textContent).toBe('Usuário');
    const methods = [...view.container.querySelectorAll<HTMLInputElement>('[data-field="allowedMethods"] input[type="checkbox"]')];
    expect(methods.map((input) => [input.closest('label')!.textContent, input.checked])).toEqual([
      ['E-mail', true],
      ['Aplicativo autenticador', false],
    ]);
    view.unmount();
  });

  it('saves on the first try with only a name and an e-mail, and says the invitation e-mail was sent', async () => {
    const view = await newUserForm((body) => body);
    await type(view.container.querySelector('[data-field="name"] input'), 'Paula Pagamentos');
    await type(view.container.querySelector('[data-field="email"] input'), 'paula@demo.com.br');
    await click(byText(view.container, 'button', 'Salvar'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('users');
    expect(post?.body).toMatchObject({ name: 'Paula Pagamentos', email: 'paula@demo.com.br', accessLevel: 'User', allowedMethods: ['Email'], isActive: true });
    expect(view.container.querySelector('[aria-invalid="true"]')).toBeNull();
    const notice = getNotices().find((n) => n.type === 'success');
    expect(notice?.message).toBe('Usuário criado. Enviamos um convite para paula@demo.com.br com o link para definir a senha (válido por 24 horas).');
    expect(view.navigations).toEqual(['/usuarios/u9']);
    view.unmount();
  });

  it('an inactive new user gets no invitation, and the notice says so', async () => {
    const view = await newUserForm((body) => body);
    await type(view.container.querySelector('[data-field="name"] input'), 'Rui Inativo');
    await type(view.container.querySelector('[data-field="email"] input'), 'rui@demo.com.br');
    await click(view.container.querySelector('[data-field="isActive"] input[type="checkbox"]'));
    await click(byText(view.container, 'button', 'Salvar'));
    expect(getNotices().find((n) => n.type === 'success')?.message).toMatch(/^Usuário criado como inativo: nenhum convite foi enviado\./);
    view.unmount();
  });
});
