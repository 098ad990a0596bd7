/**
 * The generic registry screens in the portal (Usuários as the example): search, sort by a
 * column, paging controls, a row click opens the show page; axe clean on a list and a form.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expandNavigation, mainNavigation, signIn } from './support';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuários' });
/** The names in the table's Nome column (first cell of each body row), in order. */
const names = (page: Page) => usersTable(page).locator('tbody tr td:nth-child(2)').allInnerTexts();

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  await expandNavigation(page);
  await mainNavigation(page).getByRole('link', { name: 'Usuários', exact: true }).click();
  await expect(page).toHaveURL(/\/usuarios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(usersTable(page).getByRole('cell', { name: 'solicitante@demo.com.br' })).toBeVisible();
});

test('the list searches, sorts, pages and opens a record', async ({ page }) => {
  // Search: the URL keeps it, the count and the rows follow.
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Pesquisar' });
  await search.fill('solicitante@demo');
  await expect(page).toHaveURL(/\/usuarios\?q=solicitante%40demo$/);
  await expect(page.getByRole('status').filter({ hasText: /^1 registro$/ })).toBeVisible();
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
  await expect(usersTable(page).getByRole('cell', { name: 'solicitante@demo.com.br' })).toBeVisible();
  await search.fill('nenhum-usuario-assim');
  await expect(page.getByText('Nenhum registro corresponde à pesquisa ou aos filtros.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar pesquisa e filtros' }).click();
  await expect(page).toHaveURL(/\/usuarios$/);
  await expect(usersTable(page).getByRole('cell', { name: 'solicitante@demo.com.br' })).toBeVisible();

  // Sort by Nome: ascending by default, descending after a click on its header (all users on
  // one page, so the descending page is the ascending one reversed, whatever the collation).
  await page.goto('/usuarios?perPage=100');
  const nameHeader = usersTable(page).getByRole('columnheader', { name: /Nome/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(usersTable(page).getByRole('cell', { name: 'solicitante@demo.com.br' })).toBeVisible();
  const ascending = await names(page);
  expect(ascending.length).toBeGreaterThanOrEqual(5);
  await nameHeader.getByRole('button', { name: 'Ordenar por Nome em ordem decrescente' }).click();
  await expect(page).toHaveURL(/\/usuarios\?perPage=100&sort=-name$/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual([...ascending].reverse());
  // Another column: E-mail ascending.
  await usersTable(page).getByRole('button', { name: 'Ordenar por E-mail em ordem crescente' }).click();
  await expect(page).toHaveURL(/\/usuarios\?perPage=100&sort=email$/);
  await expect(usersTable(page).getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

  // Paging: two per page, first/previous/next/last, the page in the URL.
  await page.goto('/usuarios?perPage=2');
  const paging = page.getByRole('navigation', { name: 'Paginação' });
  await expect(paging).toBeVisible();
  await expect(paging.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(2);
  await expect(paging.getByRole('button', { name: 'Primeira página' })).toBeDisabled();
  await expect(paging.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  const firstPage = await names(page);
  await paging.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page).toHaveURL(/\/usuarios\?page=2&perPage=2$/);
  await expect(paging.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect.poll(() => names(page)).not.toEqual(firstPage);
  await expect(paging.getByRole('button', { name: 'Página anterior' })).toBeEnabled();
  const lastPage = /Página 2 de (\d+)/.exec(await paging.getByText(/^Página 2 de \d+$/).innerText())![1];
  await paging.getByRole('button', { name: 'Última página' }).click();
  await expect(paging.getByText(`Página ${lastPage} de ${lastPage}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/usuarios\\?page=${lastPage}&perPage=2$`));
  await expect(paging.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  await paging.getByRole('button', { name: 'Primeira página' }).click();
  await expect(paging.getByText(/^Página 1 de \d+$/)).toBeVisible();

  // A click anywhere on a row (here its e-mail cell) opens the record.
  await page.goto('/usuarios');
  const row = usersTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: 'compras@demo.com.br', exact: true }) });
  const name = await row.getByRole('link').innerText();
  await row.getByRole('cell', { name: 'compras@demo.com.br', exact: true }).click();
  await expect(page).toHaveURL(/\/usuarios\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('definition').filter({ hasText: 'compras@demo.com.br' })).toBeVisible();
  await page.getByRole('link', { name: '← Voltar para a lista' }).click();
  await expect(page).toHaveURL(/\/usuarios$/);
});

test("a bookmarked list asks for its rows once, before the portal's code has even downloaded", async ({ page }) => {
  const asked: string[] = [];
  let seen!: () => void;
  const listAsked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/v1/identity/users') {
      asked.push(url.search);
      seen();
    }
  });
  // The portal's shared code is held back until the list's request has gone out (or 10 s have passed).
  const released: string[] = [];
  await page.route('**/dist/chunks/core-*.js', async (route) => {
    released.push(await Promise.race([listAsked.then(() => 'after the list request'), new Promise<string>((resolve) => setTimeout(() => resolve('by the timeout'), 10_000))]));
    await route.continue();
  });
  await page.goto('/usuarios?perPage=2');
  await expect(usersTable(page).locator('tbody tr')).toHaveCount(2);
  expect(released).toEqual(['after the list request']);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['?sort=name&page=1&perPage=2']);
});

test('a registry list and its form have no axe violations', async ({ page }) => {
  await page.goto('/usuarios?perPage=2');
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  await expect(page).toHaveURL(/\/usuarios\/adicionar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Usuário' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Novo Usuário' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The same form showing the client-side errors of an empty submit…
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  // …and with a reference select's option list open.
  await page.getByRole('combobox', { name: 'Perfis de usuário' }).click();
  await expect(page.getByRole('listbox', { name: 'Perfis de usuário' }).getByRole('option').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
