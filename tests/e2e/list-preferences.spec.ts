/**
 * Column chooser and saved filters: per user and per list, stored on the server, so they are
 * there again after signing out and in from a new browser session.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn, signOut } from './support';

const table = (page: Page) => page.getByRole('table', { name: 'Fornecedores' });
const headers = (page: Page) => table(page).locator('thead th').allInnerTexts();

test('columns and saved filters survive a new session', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  expect((await headers(page)).join('|')).toContain('Telefone');

  // Hide a column: the table follows at once.
  await page.getByText(/^Colunas \(\d+ de \d+\)$/).click();
  const chooser = page.getByRole('group', { name: 'Colunas exibidas' });
  await chooser.getByRole('checkbox', { name: 'Telefone' }).uncheck();
  await expect(table(page).getByRole('columnheader', { name: 'Telefone' })).toHaveCount(0);

  // Save the current search under a name.
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('Ltda');
  await expect(page).toHaveURL(/\?q=Ltda$/);
  await page.getByText('Filtros salvos', { exact: true }).click();
  await page.getByLabel('Nome do filtro').fill('Só Ltda');
  await page.getByRole('button', { name: 'Salvar pesquisa e filtros atuais' }).click();
  await expect(page.getByRole('button', { name: 'Só Ltda', exact: true })).toBeVisible();
  // A second one with the same name is refused, in words.
  await page.getByLabel('Nome do filtro').fill('só ltda');
  await page.getByRole('button', { name: 'Salvar pesquisa e filtros atuais' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Já existe um filtro chamado "Só Ltda".' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/list-preferences-wide.png', fullPage: true });
  await signOut(page);

  // A new browser session: same columns, the saved filter applies the search.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await context.newPage();
  await signIn(other, 'admin@demo.com.br');
  await other.goto('/fornecedores');
  await expect(table(other).locator('tbody tr').first()).toBeVisible();
  // The user's columns come with the first rows (asked for beside them): never the declared ones first.
  expect((await headers(other)).join('|')).not.toContain('Telefone');
  expect((await headers(other)).join('|')).toContain('Nome / Razão social');
  await other.getByText(/^Filtros salvos \(1\)$/).click();
  await other.getByRole('button', { name: 'Só Ltda', exact: true }).click();
  await expect(other).toHaveURL(/\/fornecedores\?q=Ltda$/);
  await expect(other.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue('Ltda');
  await other.getByText(/^Colunas \(\d+ de \d+\)$/).click();
  expect(await axeViolations(other)).toEqual([]);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await other.screenshot({ path: '.tmp/screens/list-preferences-phone.png', fullPage: true });

  // Another user has their own: all columns, no saved filters.
  await signOut(other);
  await signIn(other, 'compras@demo.com.br');
  await other.goto('/fornecedores');
  await expect(table(other).locator('tbody tr').first()).toBeVisible();
  expect((await headers(other)).join('|')).toContain('Telefone');
  await expect(other.getByText('Filtros salvos', { exact: true })).toBeVisible();
  await context.close();

  // Back: delete the filter, show every column again.
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores');
  await page.getByText(/^Filtros salvos \(1\)$/).click();
  await page.getByRole('button', { name: 'Excluir o filtro salvo Só Ltda' }).click();
  await expect(page.getByText('Nenhum filtro salvo nesta lista.')).toBeVisible();
  await page.getByText(/^Colunas \(\d+ de \d+\)$/).click();
  await page.getByRole('button', { name: 'Mostrar todas as colunas' }).click();
  await expect(table(page).getByRole('columnheader', { name: 'Telefone' })).toBeVisible();
});

test('each list of the same records keeps its own columns: the payment queue apart from the parcelas', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fila-de-pagamentos/parcelamentos/fila');
  await page.getByText('Colunas (8 de 8)', { exact: true }).click();
  await page.getByRole('group', { name: 'Colunas exibidas' }).getByRole('checkbox', { name: 'Descrição' }).uncheck();
  await expect(page.getByText('Colunas (7 de 8)', { exact: true })).toBeVisible();

  // The parcelas list and the authorised ones are other lists: every column still there.
  await page.goto('/contas-a-pagar/parcelamentos');
  await expect(page.getByText('Colunas (8 de 8)', { exact: true })).toBeVisible();
  await page.goto('/fila-de-pagamentos/parcelamentos/autorizados');
  await expect(page.getByText('Colunas (8 de 8)', { exact: true })).toBeVisible();
  // The queue kept its choice (from the server: a full page load).
  await page.goto('/fila-de-pagamentos/parcelamentos/fila');
  await expect(page.getByText('Colunas (7 de 8)', { exact: true })).toBeVisible();
  await page.getByText('Colunas (7 de 8)', { exact: true }).click();
  await page.getByRole('button', { name: 'Mostrar todas as colunas' }).click();
  await expect(page.getByText('Colunas (8 de 8)', { exact: true })).toBeVisible();
});
