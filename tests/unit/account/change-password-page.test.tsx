/** Minha conta → Alterar senha: the server's message shows under its field until that field is edited, never after. */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ChangePasswordPage from '../../../src/modules/account/ChangePasswordPage';
import { byText, click, json, mount, resetApi, signIn, stubApi, type } from '../registry/harness';

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('Minha conta → Alterar senha', () => {
  it('drops a field\'s error once the user edits that field, and keeps the others', async () => {
    stubApi(() => json({ message: 'Os dados enviados são inválidos.', errors: { currentSecret: ['A senha atual está incorreta.'], newSecret: ['A nova senha deve ser diferente da atual.'] } }, { status: 400 }));
    const view = await mount(() => createElement(ChangePasswordPage), { path: '/minha-conta/alterar-senha' });
    const input = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await type(input('currentSecret'), 'errada-123');
    await type(input('newSecret'), 'Nova#Senha2026');
    await type(input('confirmation'), 'Nova#Senha2026');
    await click(byText(view.container, 'button', 'Alterar senha'));
    expect(view.container.textContent).toContain('A senha atual está incorreta.');
    expect(view.container.textContent).toContain('A nova senha deve ser diferente da atual.');
    await type(input('newSecret'), 'Outra#Senha2026');
    expect(view.container.textContent).not.toContain('A nova senha deve ser diferente da atual.');
    expect(view.container.textContent).toContain('A senha atual está incorreta.');
    view.unmount();
  });
});
