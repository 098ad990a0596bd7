import { expect, test, type Page } from '@playwright/test';
import { axeViolations, mainNavigation, signIn } from './support';

const SHOTS = '.tmp/screens';
const searchField = (page: Page) => page.getByRole('combobox', { name: 'Ir para…' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Resultados da busca' });
const areas = (page: Page) => results(page).getByRole('group', { name: 'Áreas' });
/** The records found after the pause have arrived (or none was asked). */
const settled = (page: Page) => expect(page.locator('[role="listbox"][aria-busy="true"]')).toHaveCount(0);

test.describe('menu search "Ir para…"', () => {
  test('by keyboard only: "/" and Ctrl+K open it, arrows choose, Enter opens the area, Escape closes', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin@demo.com.br');
    const field = searchField(page);

    // "/" outside a field goes to the search.
    await page.locator('body').press('/');
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.type('fornec');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(areas(page).getByRole('option')).toHaveText([/^Fornecedores/, /^Clientes & Fornecedores/]);
    await expect(page.getByRole('status').filter({ hasText: '2 áreas encontradas.' })).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/menu-search-wide.png` });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fornecedores$/);
    await expect(page).toHaveTitle('Fornecedores · Retaguarda');
    await expect(field).toHaveValue('');
    await expect(page.locator('#conteudo')).toBeFocused();

    // Ctrl+K from anywhere, even from a field; "/" typed in a field stays in the field.
    const listSearch = page.getByRole('main').getByRole('searchbox');
    await listSearch.focus();
    await page.keyboard.type('a/b');
    await expect(listSearch).toHaveValue('a/b');
    await expect(field).not.toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(field).toBeFocused();

    // Accents and case do not matter; ↓ moves the active option, ↑ wraps to the last one.
    await page.keyboard.type('CONTAS');
    await settled(page);
    const options = results(page).getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');

    // Escape closes the list, a second Escape clears the text.
    await page.keyboard.press('Escape');
    await expect(results(page)).toBeHidden();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue('CONTAS');
    await page.keyboard.press('Escape');
    await expect(field).toHaveValue('');

    // Nothing found says so.
    await page.keyboard.type('zzz');
    await expect(page.getByText('Nenhuma área encontrada.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  test('it offers only the areas the user may open', async ({ page }) => {
    await signIn(page, 'solicitante@demo.com.br');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('fornecedores');
    await expect(page.getByText('Nenhuma área encontrada.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.type('pedidos');
    await expect(areas(page).getByRole('option', { name: /^Pedidos/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pedidos$/);
  });

  test('on a phone, Ctrl+K opens the Menu panel with the focus in the search', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.com.br');
    const menu = page.getByRole('button', { name: 'Menu' });
    await page.keyboard.press('Control+k');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type('usuarios');
    await expect(results(page).getByRole('option').first()).toContainText('Usuários');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/menu-search-phone.png` });
    // Escape closes the list first (the panel stays), then the panel.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNavigation(page)).toBeHidden();
  });
});

test.describe('not-found and error pages', () => {
  for (const width of [1366, 390]) {
    test(`stay inside the portal with the spec's text, a pt-BR line and the way back (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'admin@demo.com.br');
      await page.goto('/isto-nao-existe');
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      await expect(page.getByText('Página não encontrada: o endereço não existe ou a página foi movida.')).toBeVisible();
      await expect(page.getByText('/isto-nao-existe')).toBeVisible();
      await expect(page.getByText('Conectado como admin@demo.com.br')).toBeVisible();
      if (width > 800) await expect(mainNavigation(page)).toBeVisible();
      else await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(page).toHaveTitle('Page Not Found · Retaguarda');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/not-found-${width}.png` });
      await page.getByRole('link', { name: 'Voltar para o início' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: /^Olá/ })).toBeVisible();

      // A part of the app that cannot load (even after the one reload): the error page, in the portal.
      await page.route(/\/chunks\/SettingsHubPage-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/configuracoes');
      await expect(page.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeVisible();
      await expect(page.getByText('Erro interno: algo deu errado ao abrir esta página.', { exact: false })).toBeVisible();
      await expect(page.getByText('Uma parte do sistema não pôde ser carregada.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
      await expect(page.getByText('Conectado como admin@demo.com.br')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/error-${width}.png` });
      await page.unroute(/\/chunks\/SettingsHubPage-[^/]+\.js$/);
      await page.getByRole('link', { name: 'Voltar para o início' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test('home shortcuts: the areas with a screen are links, the ones still to come are plain text', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'compras@demo.com.br');
  const home = page.getByRole('main');
  await expect(home.getByRole('link', { name: 'Pedidos', exact: true })).toHaveAttribute('href', '/pedidos');
  await expect(home.getByRole('link', { name: 'Fornecedores', exact: true })).toBeVisible();
  await expect(home.getByRole('link', { name: 'Cotações', exact: true })).toHaveAttribute('href', '/cotacoes');
  // Nothing the user may not open: no administration areas for a buyer.
  await expect(home.getByText('Usuários')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/home-wide.png`, fullPage: true });
  await home.getByRole('link', { name: 'Fornecedores', exact: true }).click();
  await expect(page).toHaveURL(/\/fornecedores$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(home.getByRole('link', { name: 'Pedidos', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/home-phone.png`, fullPage: true });
});

test('on a slow network the page being left says another is on its way (after 300 ms), then the new one shows', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores');
  await expect(page.getByRole('heading', { name: 'Fornecedores', level: 1 })).toBeVisible();
  // Every API answer from now on takes 2 s more (the network, not the server).
  await page.route(/\/(v1|api)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  // The bar is drawn for only ~100 ms here (the new page shows after its 400 ms wait for data,
  // with its rows still loading): the page records what it shows, so no poll can miss it.
  await page.evaluate(() => {
    const root = document.querySelector('bo-portal')!.shadowRoot!;
    const seen: { at: number; bar: 'added' | 'drawn' | 'removed'; opacity: string }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const record = (bar: 'added' | 'drawn' | 'removed', element: Element | null) =>
      seen.push({ at: performance.now(), bar, opacity: element ? getComputedStyle(element).opacity : '' });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target as Element;
        if (mutation.type === 'attributes' && target.hasAttribute('data-drawn')) record('drawn', target);
        for (const node of mutation.addedNodes) if (node instanceof Element && node.matches('[data-navigation-progress]')) record('added', node);
        for (const node of mutation.removedNodes) if (node instanceof Element && node.matches('[data-navigation-progress]')) record('removed', null);
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('clientes');
  await page.keyboard.press('Enter');
  const progress = page.getByRole('progressbar', { name: 'Carregando…' });
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: { at: number; bar: string; opacity: string }[] }).progressSeen);
  expect(seen.map((entry) => [entry.bar, entry.opacity])).toEqual([['added', '0'], ['drawn', '1'], ['removed', '']]);
  // Drawn only once the wait passes 300 ms (a timer: a little early is impossible, late is not).
  expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(295);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('"Ir para…" finds records too: a company by name, once under both its kinds, in its own group, opened with Enter', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('horizonte');
  await settled(page);
  const records = results(page).getByRole('group', { name: 'Registros' });
  // A customer that is also a supplier: one line, not one per registry that shows it.
  const company = records.getByRole('option', { name: 'Comercial Horizonte Ltda — Cliente · Fornecedor' });
  await expect(records.getByRole('option', { name: /^Comercial Horizonte Ltda/ })).toHaveCount(1);
  await expect(company).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /registros? encontrados?\./ })).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/menu-search-records-1366.png` });
  await company.hover();
  await expect(company).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clientes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Comercial Horizonte Ltda', level: 1 })).toBeVisible();
});
