/**
 * How a list reads: yes/no and state columns as badges, money right-aligned in tabular figures
 * (its header too), and an export named in Portuguese holding the rows and columns on screen.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, signIn } from './support';

test('badges, money alignment and the export of what the list shows', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/produtos');
  const table = page.getByRole('table', { name: 'Produtos' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // Ativo: a badge (Sim / Não), not bare text.
  const activeColumn = await table.locator('thead th').evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.includes('Ativo')));
  const active = table.locator(`tbody tr td:nth-child(${activeColumn + 1})`).first();
  await expect(active.locator('[data-tone]')).toHaveText(/^(Sim|Não)$/);

  // Preço: right-aligned tabular figures, the header aligned with it.
  const header = table.getByRole('columnheader', { name: /Preço/ });
  const priceColumn = await table.locator('thead th').evaluateAll((cells) => cells.findIndex((cell) => /Preço/.test(cell.textContent ?? '')));
  const price = table.locator(`tbody tr td:nth-child(${priceColumn + 1})`).first();
  await expect(price).toHaveText(/^-?R\$\s[\d.]+,\d{2}$/);
  const style = (element: Element) => { const computed = getComputedStyle(element); return [computed.textAlign, computed.fontVariantNumeric]; };
  expect(await price.evaluate(style)).toEqual(['right', 'tabular-nums']);
  expect((await header.evaluate(style))[0]).toBe('right');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/list-products-wide.png' });

  // The export is named in Portuguese and holds the rows of the search.
  const first = (await table.locator('tbody tr td:nth-child(2)').first().innerText()).trim();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(first);
  await expect(page).toHaveURL(/\?q=/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  expect(file.suggestedFilename()).toBe(`produtos-${today}.csv`);
  const text = (await (await file.createReadStream()).toArray()).map(String).join('');
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(first);
  expect(lines[1]).toMatch(/R\$ [\d.]+,\d{2}/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/produtos');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/list-products-phone.png' });
});
