import { expect, test, type Page } from '@playwright/test';
import { axeViolations, mainNavigation, signIn } from './support';

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is a slide-out panel behind the Menu button, and the page never scrolls sideways', async ({ page }) => {
    await signIn(page, 'admin@demo.com.br');
    await expect(page).toHaveTitle('Início · Retaguarda');
    const menu = menuButton(page);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNavigation(page)).toBeHidden();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/phone-home.png' });

    // Opens with focus inside; Escape closes it and focus returns to the button.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = mainNavigation(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Retaguarda' })).toBeFocused();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/phone-menu.png' });
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // A click outside the panel closes it too.
    await menu.click();
    await expect(nav).toBeVisible();
    await page.mouse.click(370, 600);
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Groups start closed except the current page's; open one and reach a module.
    await menu.click();
    const registries = nav.getByRole('button', { name: 'Cadastros' });
    await expect(registries).toHaveAttribute('aria-expanded', 'false');
    await registries.click();
    await nav.getByRole('link', { name: 'Fornecedores', exact: true }).click();
    await expect(page).toHaveURL(/\/fornecedores$/);
    await expect(nav).toBeHidden();
    await expect(page).toHaveTitle('Fornecedores · Retaguarda');
    const crumbs = page.getByRole('navigation', { name: 'Você está aqui' });
    await expect(crumbs.getByRole('link', { name: 'Início' })).toBeVisible();
    await expect(crumbs.getByText('Fornecedores')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/phone-suppliers.png' });

    // A record: Início › Fornecedores › its name, the last one current; still no sideways scroll.
    const first = page.getByRole('table').getByRole('link').first();
    const name = (await first.innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(/\/fornecedores\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(name);
    await expect(crumbs.getByRole('link', { name: 'Fornecedores' })).toHaveAttribute('href', '/fornecedores');
    await expect(page).toHaveTitle(`${name} · Retaguarda`);
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/screens/phone-supplier.png' });
    await page.goBack();
    await expect(page).toHaveURL(/\/fornecedores$/);

    // The choice is remembered: Cadastros stays open on the next visit of the menu.
    await menu.click();
    await expect(nav.getByRole('button', { name: 'Cadastros' })).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('bo.navGroups') ?? '{}'))).toMatchObject({ registries: true });
  });
});

test('on a wide window the sidebar stays beside the page and the Menu button is not shown', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores');
  await expect(mainNavigation(page)).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  // The group holding the current page is open, the others closed.
  await expect(mainNavigation(page).getByRole('button', { name: 'Cadastros' })).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNavigation(page).getByRole('button', { name: 'Compras' })).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNavigation(page).getByRole('link', { name: 'Fornecedores', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/wide-suppliers.png' });

  // The portal follows its own width, not the window's: in a narrow column it has the Menu button.
  await page.locator('bo-portal').evaluate((element: HTMLElement) => { element.style.maxWidth = '480px'; });
  await expect(menuButton(page)).toBeVisible();
  await expect(mainNavigation(page)).toBeHidden();
  await page.locator('bo-portal').evaluate((element: HTMLElement) => { element.style.maxWidth = ''; });
  await expect(mainNavigation(page)).toBeVisible();

  // The site's icon: linked from the page, served from demo/ as PNG (an SVG icon is a document of its
  // own, built on the main thread while the first screen loads), allowed by the CSP.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.png');
  const icon = await page.request.get('/favicon.png');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/png');
  expect(refused).toEqual([]);
});
