/**
 * Bulk actions beyond delete on a registry list: select suppliers, "Inativar" them (asked
 * first), see the summary and the list follow; then, on a phone, select them again among the
 * inactive ones and "Ativar" them. Axe-clean with the selection's bar and its dialog open.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

const bar = (page: Page) => page.getByRole('region', { name: 'Ações' });

test('inactivates and activates a selection of suppliers at 1366 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores?isActive=true&sort=name');
  const boxes = page.getByRole('checkbox', { name: /^Selecionar (?!todos)/ });
  await expect(boxes.first()).toBeVisible();
  const names = (await boxes.evaluateAll((inputs) => inputs.slice(0, 2).map((input) => input.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Selecionar /, ''));
  expect(names).toHaveLength(2);

  for (const name of names) await page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true }).check();
  await expect(bar(page)).toContainText('2 selecionado(s)');
  await expect(bar(page).getByRole('button', { name: 'Ativar', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await bar(page).getByRole('button', { name: 'Inativar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Inativar' });
  await expect(dialog).toContainText('Inativar os fornecedores selecionados?');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/bulk-inactivate-wide.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Inativar', exact: true }).click();
  await expect(page.getByText('Ação concluída para 2 registro(s).')).toBeVisible();
  // The list (active suppliers) reloads without them; the selection is cleared.
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(bar(page)).toHaveCount(0);

  // On a phone, among the inactive ones: select both and activate them.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fornecedores?isActive=false&sort=name');
  for (const name of names) await page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true }).check();
  await expect(bar(page)).toContainText('2 selecionado(s)');
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screens/bulk-activate-phone.png', fullPage: true });
  await bar(page).getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(page.getByText('Ação concluída para 2 registro(s).')).toBeVisible();
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  // Active again.
  await page.goto(`/fornecedores?isActive=true&q=${encodeURIComponent(names[0])}`);
  await expect(page.getByRole('link', { name: names[0], exact: true })).toBeVisible();
});
