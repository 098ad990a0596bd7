/** What the finance specs share: picking a reference, a lançamento's values, a show page's value, a searched list's rows, the axe check. */
import { expect, type Locator, type Page } from '@playwright/test';
import { api, axeViolations } from './support';

export async function noAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include)).toEqual([]);
}

export type Root = Page | Locator;

export async function pick(root: Root, label: string, search: string, nth = 0) {
  await root.getByRole('combobox', { name: label }).nth(nth).fill(search);
  await root.getByRole('listbox', { name: label }).getByRole('option').first().click();
}

/**
 * A lançamento's description, dates (issued `today`) and "Valores" — R$ 1.000,00 on the Itaú
 * account — then "Gerar parcelas" from `condition`, the parcelas adding up to the total.
 */
export async function fillValues(root: Root, description: string, today: string, condition: string) {
  const box = (name: string) => root.getByRole('textbox', { name, exact: true });
  await box('Descrição').fill(description);
  await box('Data de emissão').fill(today.split('-').reverse().join('/'));
  await box('Competência (mês/ano)').fill(`${today.slice(5, 7)}/${today.slice(0, 4)}`);
  await box('Valor total (R$)').fill('1.000,00');
  await pick(root, 'Conta financeira', 'Itaú');
  await box('Condição de pagamento').fill(condition);
  await root.getByRole('button', { name: 'Gerar parcelas' }).click();
  await expect(root.getByText('Soma das parcelas: R$ 1.000,00 de R$ 1.000,00')).toBeVisible();
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

/** A parcela's payment data left empty (each test sets the method and key it pays with). */
export const NO_PAYMENT_DATA = { boletoLine: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };

/**
 * Through the API, as the signed-in user: a lançamento a pagar (boleto, competence of its issue
 * date) of the demo's first supplier, expense category and cost centre, the whole total on that
 * centre. Its parcelas' payment data not given are empty. Answers the created record (201 checked).
 */
export async function createPayable(page: Page, entry: { description: string; documentNumber: string; issueDate: string; total: number; bankAccountId: string; installments: Record<string, unknown>[] }) {
  const first = async (url: string) => (await api<{ id: string }[]>(page, 'GET', url)).body[0].id;
  const [supplierId, categoryId, costCenterId] = [await first('/v1/companies/suppliers?perPage=1'), await first('/api/finance/expense-categories?perPage=1'), await first('/api/finance/cost-centers?perPage=1')];
  const { description, documentNumber, issueDate, total, bankAccountId } = entry;
  const created = await api(page, 'POST', '/api/finance/payables', {
    supplierId, categoryId, requesterId: null, orderId: null, documentType: 'boleto', documentNumber, issueDate, competence: `${issueDate.slice(5, 7)}/${issueDate.slice(0, 4)}`,
    description, total, bankAccountId, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId, percent: 10000, amount: total }],
    installments: entry.installments.map((installment) => ({ ...NO_PAYMENT_DATA, ...installment })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
