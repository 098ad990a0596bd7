/**
 * Issue 27 "Permissions": an administrator sets a profile's permissions on its matrix (pt-BR areas
 * and scopes, chosen from the catalogue), the saved boxes are what comes back after a reload; a
 * user's page and Minha conta › Políticas show the effective permissions with where each comes
 * from. 1366 and 390 px, axe-clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { shoot } from './screens';
import { api, axeViolations, signIn, signOut } from './support';

const box = (page: Page, name: string) => page.getByRole('main').getByRole('checkbox', { name, exact: true });

test('a profile’s permission matrix: mark, save, reload; other policies locked; a user’s effective permissions with their sources', async ({ page }) => {
  const profile = `Conferência ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.com.br');

  // A new profile through its form, with one other policy attached (granting Bancos: Ver).
  await page.goto('/grupos-de-usuario/adicionar');
  const form = page.getByRole('form', { name: 'Novo Perfil de Usuário' });
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(profile);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: profile })).toBeVisible();
  const profileId = page.url().split('/').at(-1)!;
  const policy = await api(page, 'POST', '/v1/identity/applications/current/policies', { name: `Bancos ${profile}`, description: null, statements: [{ kind: 'resource', name: 'banks', scopes: ['read'] }] });
  expect(policy.status).toBe(201);
  expect((await api(page, 'PUT', `/v1/identity/user-groups/${profileId}`, { name: profile, description: null, members: [], policies: [policy.body.id] }, { 'if-match': '1' })).status).toBe(200);

  await page.reload();
  await page.getByRole('main').getByRole('navigation').getByRole('link', { name: 'Permissões' }).click();
  await expect(page).toHaveURL(new RegExp(`/grupos-de-usuario/${profileId}/permissoes$`));
  await expect(page.getByRole('heading', { name: 'Permissões do perfil' })).toBeVisible();
  await expect(page.getByText('Ao salvar, o perfil ganha uma política própria com estas marcas.')).toBeVisible();

  // What the other policy grants shows checked and locked, saying where it comes from.
  const inherited = page.getByRole('main').getByRole('checkbox', { name: `Bancos: Ver. Concedido por Bancos ${profile}` });
  await expect(inherited).toBeChecked();
  await expect(inherited).toBeDisabled();
  // A scope that does nothing on an area is not offered.
  await expect(box(page, 'Aprovações (caixa de entrada): Excluir')).toHaveCount(0);

  await box(page, 'Contas a pagar: Ver').check();
  await box(page, 'Contas a pagar: Criar').check();
  await box(page, 'Pedidos: Ver').check();
  await expect(page.getByRole('status').filter({ hasText: '3 alterações não salvas.' })).toBeVisible();
  await box(page, 'Pedidos: Ver').uncheck();
  await expect(page.getByRole('status').filter({ hasText: '2 alterações não salvas.' })).toBeVisible();
  await shoot(page, 'permissions-profile');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Salvar permissões' }).click();
  await expect(page.getByRole('region', { name: 'Avisos' }).getByText('Permissões do perfil salvas.')).toBeVisible();
  await expect(page.getByText(`As marcas editáveis ficam na política “${profile}” deste perfil.`)).toBeVisible();
  await page.reload();
  await expect(box(page, 'Contas a pagar: Ver')).toBeChecked();
  await expect(box(page, 'Contas a pagar: Criar')).toBeChecked();
  await expect(box(page, 'Contas a pagar: Excluir')).not.toBeChecked();
  await expect(box(page, 'Pedidos: Ver')).not.toBeChecked();

  // A user's page: the effective permissions, each mark naming its profile and policy.
  const buyer = (await api(page, 'GET', '/v1/identity/users?q=compras%40demo.com.br')).body[0];
  await page.goto(`/usuarios/${buyer.id}/permissoes`);
  await expect(page.getByRole('heading', { name: 'Permissões efetivas' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Pedidos: Criar. Concedido por perfil Comprador (política Comprador)')).toBeAttached();
  await expect(page.getByRole('main').getByRole('rowheader', { name: 'Contas a pagar' })).toHaveCount(0);
  await shoot(page, 'permissions-user');
  expect(await axeViolations(page)).toEqual([]);
  await signOut(page);

  // Minha conta › Políticas, in pt-BR: no technical names, no raw scopes.
  await signIn(page, 'solicitante@demo.com.br');
  await page.goto('/minha-conta/politicas');
  await expect(page.getByRole('main').getByRole('rowheader', { name: 'Pedidos' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Pedidos: Criar. Concedido por perfil Solicitante (política Solicitante)')).toBeAttached();
  await expect(page.getByRole('main').getByText('requesterQueue')).toHaveCount(0);
  await expect(page.getByRole('main').getByText('create', { exact: true })).toHaveCount(0);
  await shoot(page, 'permissions-mine');
  expect(await axeViolations(page)).toEqual([]);
});
