import { expect, test, type Page } from '@playwright/test';
import { shoot } from './screens';
import { axeViolations, expandNavigation, mainNavigation, signIn } from './support';

/**
 * The settings hub (/configuracoes) and the style guide (/theme, /tests, /table, /test-icon), in
 * Chromium: an administrator reaches the hub from the menu, sees its groups, follows a card by
 * keyboard; a Solicitante sees only the registries they may read and no style guide; the style
 * guide lists the tokens with the values in use (a host page's override included). Axe-clean,
 * screenshots at 1366 and 390 px.
 */
const hub = (page: Page) => page.getByRole('region', { name: 'Configurações' });
const groupTitles = (page: Page) => hub(page).getByRole('heading', { level: 2 });
const axe = (page: Page) => async () => expect(await axeViolations(page)).toEqual([]);

test('an administrator opens the hub from the menu, sees every group and follows a card by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await expandNavigation(page);
  await mainNavigation(page).getByRole('link', { name: 'Todas as configurações' }).click();
  await expect(page).toHaveURL(/\/configuracoes$/);
  await expect(page).toHaveTitle('Configurações · Retaguarda');
  await expect(groupTitles(page)).toHaveText(['Organização', 'Pessoas e acesso', 'Compras', 'Financeiro', 'Dados']);
  await expect(hub(page).getByRole('link', { name: /^Departamentos do catálogo/ })).toHaveAttribute('href', '/departamentos');
  await expect(hub(page).getByRole('link', { name: /^Organizações/ })).toBeVisible();
  await expect(hub(page).getByRole('link', { name: /^Configurações de compras/ })).toHaveAttribute('href', '/configuracoes/compras');
  await shoot(page, 'settings-hub-admin', { atEachWidth: axe(page) });

  // Keyboard only: Tab moves card to card, Enter follows.
  const banks = hub(page).getByRole('link', { name: /^Bancos/ });
  const bankAccounts = hub(page).getByRole('link', { name: /^Contas Financeiras/ });
  await banks.focus();
  await page.keyboard.press('Tab');
  await expect(bankAccounts).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(banks).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/configuracoes\/bancos$/);
  // The menu marks Bancos as the current page, not the hub above its path.
  await expect(mainNavigation(page).locator('[aria-current="page"]')).toHaveText('Bancos');
  await page.getByRole('navigation', { name: 'Você está aqui' }).getByRole('link', { name: 'Configurações' }).click();
  await expect(groupTitles(page)).toHaveCount(5);
});

test('a Solicitante sees only what they may open, and no style guide', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'solicitante@demo.com.br');
  await page.goto('/configuracoes');
  await expect(groupTitles(page)).toHaveText(['Compras', 'Financeiro']);
  await expect(hub(page).getByRole('link')).toHaveText([/^Departamentos do catálogo/, /^Centros de Custos/, /^Departamentos/]);
  await shoot(page, 'settings-hub-solicitante', { atEachWidth: axe(page) });

  for (const path of ['/theme', '/tests']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('[data-token]')).toHaveCount(0);
  }
  expect((await page.request.get('/v1/identity/style-guide')).status()).toBe(401);
});

test('the style guide shows every token with its value in use, the kit live, and a host override', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/theme');
  const guide = page.getByRole('region', { name: 'Guia de estilo' });
  await expect(guide.getByRole('heading', { level: 1 })).toHaveText('Guia de estilo');
  const primary = guide.locator('[data-token="--bo-color-primary"]');
  await expect(primary.locator('[data-value]')).toHaveText('#0b5cad');
  // Every token of core/styles/tokens.css.ts: 15 colours, 4 fonts, 2 radii, 5 spaces, 2 shadows.
  await expect(guide.locator('[data-token]')).toHaveCount(28);
  await expect(guide.getByRole('heading', { name: 'Como aplicar um tema a uma tag' })).toBeVisible();
  await shoot(page, 'style-guide-theme', { atEachWidth: axe(page) });

  // The kit, live: a dialog opens, Escape closes it and gives the focus back.
  await guide.getByRole('link', { name: 'Componentes' }).click();
  await expect(page).toHaveURL(/\/tests$/);
  await expect(guide.getByRole('textbox', { name: 'CNPJ' })).toHaveAttribute('aria-invalid', 'true');
  const open = guide.getByRole('button', { name: 'Abrir janela' });
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Janela de exemplo' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();
  await shoot(page, 'style-guide-components', { atEachWidth: axe(page) });

  await guide.getByRole('link', { name: 'Tabelas e listas' }).click();
  await expect(guide.getByRole('table')).toContainText('R$ 98.700,00');
  await shoot(page, 'style-guide-table', { atEachWidth: axe(page) });
  await guide.getByRole('link', { name: 'Ícones' }).click();
  await expect(guide.getByText('Campo obrigatório')).toBeVisible();
  await shoot(page, 'style-guide-icons', { atEachWidth: axe(page) });

  // A host page's override on the tag is the value the guide shows.
  await page.evaluate(() => document.querySelector('bo-portal')!.setAttribute('style', '--bo-color-primary: #00695c'));
  await guide.getByRole('link', { name: 'Tokens e tema' }).click();
  await expect(primary.locator('[data-value]')).toHaveText('#00695c');
});
