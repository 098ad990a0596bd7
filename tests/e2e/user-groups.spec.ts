/**
 * Issue #3: an admin creates a user group with a policy, adds a user, and that user's
 * navigation changes accordingly after signing in again — through the portal's screens only.
 */
import { expect, test, type Page } from '@playwright/test';
import { expandNavigation, mainNavigation, signIn, signOut } from './support';

const POLICY = 'Lançamento de contas a pagar';
const GROUP = 'Lançadores de contas a pagar';

/** Opens a module from the sidebar, as a person would. */
async function openModule(page: Page, name: string) {
  await expandNavigation(page);
  await mainNavigation(page).getByRole('link', { name, exact: true }).click();
}

/** The record's sub-pages (Detalhes, Membros, Políticas…) of a show page. */
const recordTabs = (page: Page, label: string) => page.getByRole('main').getByRole('navigation', { name: label });

/** A success notice (earlier ones may still be on screen for a few seconds). */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByRole('region', { name: 'Avisos' }).getByText(text, { exact: true }).last()).toBeVisible();
}

/** The value shown on a one-field sub-page (the tab shows only its term and definition). */
async function expectTabValue(page: Page, text: string) {
  const definitions = page.getByRole('main').getByRole('definition');
  await expect(definitions).toHaveCount(1);
  await expect(definitions).toHaveText(text);
}

/** Deletes the record whose show page is open (Excluir, then confirm). */
async function deleteOpenRecord(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir' });
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expectNotice(page, 'Registro excluído.');
}

test('a user group with a policy changes a member’s navigation after they sign in again', async ({ page }) => {
  // Before: the requester sees their own modules but not Contas a Pagar.
  await signIn(page, 'solicitante@demo.com.br');
  await expandNavigation(page);
  await expect(mainNavigation(page).getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Contas a Pagar' })).toHaveCount(0);
  await signOut(page);

  await signIn(page, 'admin@demo.com.br');

  // A policy granting create (and read) on payables, in the current application.
  await openModule(page, 'Políticas da Aplicação');
  await expect(page).toHaveURL(/\/configuracoes\/aplicacao\/politicas$/);
  await page.getByRole('button', { name: 'Nova Política' }).click();
  const policyForm = page.getByRole('form', { name: 'Nova Política' });
  await policyForm.getByRole('textbox', { name: 'Nome', exact: true }).fill(POLICY);
  await policyForm.getByRole('textbox', { name: 'Descrição' }).fill('Permite lançar contas a pagar.');
  await policyForm.getByRole('button', { name: 'Adicionar permissão' }).click();
  const statement = policyForm.getByRole('group', { name: 'Item 1' });
  await expect(statement.getByRole('combobox', { name: 'Tipo' })).toHaveValue('resource');
  await statement.getByRole('textbox', { name: 'Nome técnico' }).fill('payables');
  await statement.getByRole('checkbox', { name: 'Criar' }).check();
  await statement.getByRole('checkbox', { name: 'Ver' }).check();
  await policyForm.getByRole('button', { name: 'Salvar' }).click();
  await expectNotice(page, 'Registro criado.');
  await expect(page.getByRole('heading', { level: 1, name: POLICY })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Recurso payables Criar Ver' })).toBeVisible();

  // A user group holding that policy.
  await openModule(page, 'Perfis de Usuário');
  await expect(page).toHaveURL(/\/grupos-de-usuario$/);
  await page.getByRole('button', { name: 'Novo Perfil de Usuário' }).click();
  await expect(page).toHaveURL(/\/grupos-de-usuario\/adicionar$/);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(GROUP);
  await page.getByRole('textbox', { name: 'Descrição' }).fill('Quem lança contas a pagar.');
  await page.getByRole('combobox', { name: 'Políticas' }).fill('contas a pagar');
  await page.getByRole('listbox', { name: 'Políticas' }).getByRole('option', { name: POLICY }).click();
  await expect(page.getByRole('list', { name: '1 selecionado' }).getByText(POLICY)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotice(page, 'Registro criado.');
  await expect(page.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
  const groupUrl = page.url();
  expect(groupUrl).toMatch(/\/grupos-de-usuario\/[^/]+$/);

  const tabs = recordTabs(page, 'Perfil de Usuário');
  await tabs.getByRole('link', { name: 'Políticas' }).click();
  await expect(page).toHaveURL(`${groupUrl}/politicas`);
  await expectTabValue(page, POLICY);
  await tabs.getByRole('link', { name: 'Membros' }).click();
  await expect(page).toHaveURL(`${groupUrl}/membros`);
  await expectTabValue(page, '—');

  // The requester joins the group.
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: `Editar ${GROUP}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Membros' }).fill('solicitante@demo.com.br');
  const option = page.getByRole('listbox', { name: 'Membros' }).getByRole('option');
  await expect(option).toHaveCount(1);
  const member = await option.innerText();
  await option.click();
  await expect(page.getByRole('list', { name: '1 selecionado' }).first().getByText(member)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotice(page, 'Alterações salvas.');
  await expect(page).toHaveURL(groupUrl);
  await tabs.getByRole('link', { name: 'Membros' }).click();
  await expect(page).toHaveURL(`${groupUrl}/membros`);
  await expectTabValue(page, member);
  await signOut(page);

  // After: signing in again, the requester sees Contas a Pagar and can open it.
  await signIn(page, 'solicitante@demo.com.br');
  await expandNavigation(page);
  await expect(mainNavigation(page).getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await openModule(page, 'Contas a Pagar');
  await expect(page).toHaveURL(/\/contas-a-pagar(\/lancamentos)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lançamentos a pagar' })).toBeVisible();
  await signOut(page);

  // Clean-up through the same screens, and the navigation goes back to what it was.
  await signIn(page, 'admin@demo.com.br');
  await page.goto(groupUrl);
  await expect(page.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
  await deleteOpenRecord(page);
  await expect(page).toHaveURL(/\/grupos-de-usuario$/);
  await openModule(page, 'Políticas da Aplicação');
  await page.getByRole('search').getByRole('searchbox', { name: 'Pesquisar' }).fill(POLICY);
  // The search reaches the URL after a pause and re-renders the rows: a click before that can land
  // on a row being replaced.
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('link', { name: POLICY }).click();
  await expect(page.getByRole('heading', { level: 1, name: POLICY })).toBeVisible();
  await deleteOpenRecord(page);
  // The delete goes back to the policies' list: "Sair" on the page being left is lost (it is inert while the list loads).
  await expect(page.getByRole('heading', { level: 1, name: 'Políticas', exact: true })).toBeVisible();
  await signOut(page);

  await signIn(page, 'solicitante@demo.com.br');
  await expandNavigation(page);
  await expect(mainNavigation(page).getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Contas a Pagar' })).toHaveCount(0);
});
