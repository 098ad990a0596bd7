import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

/** Violations as `rule: targets` lines, so a failure says what to fix. */
const axe = async (page: import('@playwright/test').Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
  );

test('login, portal home and account pages have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await signIn(page, 'admin@demo.com.br');
  expect(await axe(page)).toEqual([]);

  await page.goto('/minha-conta/verificacao-em-duas-etapas');
  await expect(page.getByTestId('two-factor-status')).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('the login form works from the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type('compras@demo.com.br');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Retaguarda#2025');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
});
