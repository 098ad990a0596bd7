/** What the finance specs share: picking a reference, a show page's value, a searched list's rows, the axe check. */
import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support';

export async function noAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include)).toEqual([]);
}

export type Root = Page | Locator;

export async function pick(root: Root, label: string, search: string, nth = 0) {
  await root.getByRole('combobox', { name: label }).nth(nth).fill(search);
  await root.getByRole('listbox', { name: label }).getByRole('option').first().click();
}

/** The value a show page gives a field (the definition list's term → its description). */
export const shown = (root: Root, label: string) => root.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/**
 * The rows of a list once the server answered its search with `count` rows. In the portal the
 * search reaches the URL first; an element keeps the queues' paths to itself.
 */
export async function searchRows(root: Root, page: Page | null, text: string, count: number) {
  await root.getByRole('searchbox').fill(text);
  await root.getByRole('searchbox').press('Enter');
  if (page) await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
  // The count the server gave for this search (the unfiltered list may hold the same rows).
  await expect(root.getByRole('status').filter({ hasText: /registros?$/ })).toHaveText(count === 1 ? '1 registro' : `${count} registros`);
  await expect(root.locator('[aria-busy="true"]')).toHaveCount(0);
  const rows = root.getByRole('row').filter({ hasText: text });
  await expect(rows).toHaveCount(count);
  return rows;
}
