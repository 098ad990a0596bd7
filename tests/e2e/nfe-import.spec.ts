/**
 * A faturamento from the supplier's NF-e XML, end to end against the real server: compras@ has an
 * ordem de compra sent and received (made through the API, as the buyer: cotação → award → ordem →
 * entrega), opens Faturamentos › "Importar NF-e (XML)", picks the ordem and the category, attaches
 * the XML and lands on the faturamento, "Conforme", with the NF-e's number; a file that is not an
 * NF-e is refused under the file field with the server's words and nothing is saved. Axe-clean,
 * at 1366 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { buildNfeXml, COMPANIES, nfeFixture } from '../fixtures/nfe/build';
import { axeViolations, signIn } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/screens';

/** Calls the API as the signed-in user (the page's own token and XSRF cookie). */
async function api<T>(page: Page, method: string, url: string, body?: unknown, version?: number): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body, version }) => {
      const token = JSON.parse(localStorage.getItem('bo.accessToken')!) as string;
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf };
      if (version !== undefined) headers['if-match'] = `"${version}"`;
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    },
    { method, url, body, version },
  );
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

test('compras@ imports an NF-e XML against a received ordem de compra; a file that is not an NF-e is refused, nothing saved', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // The organisation's CNPJ is the NF-e's recipient (the admin sets it).
  await signIn(page, 'admin@demo.com.br');
  const settings = await api<Record<string, unknown> & { version: number }>(page, 'GET', '/v1/identity/settings');
  const { name, tradeName, twoFactorMandatory, twoFactorAllowedMethods } = settings;
  await api(page, 'PUT', '/v1/identity/settings', { name, tradeName, cnpj: COMPANIES.buyer.CNPJ, twoFactorMandatory, twoFactorAllowedMethods }, settings.version);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signIn(page, 'compras@demo.com.br');
  const supplier = await api<{ id: string }>(page, 'POST', '/v1/companies/suppliers', { document: COMPANIES.supplier.CNPJ, name: COMPANIES.supplier.xNome, isCustomer: false, isActive: true, contacts: [], addresses: [], bankAccounts: [], pixKeys: [] });
  const description = 'Parafuso sextavado M8 x 30';
  let quote = await api<{ id: string; version: number; lines: { id: string }[] }>(page, 'POST', '/v1/pricing/quotes', { title: 'Parafusos para a manutenção', deadline: '2027-01-31', notes: null, lines: [{ productId: null, description, quantity: 100, unit: 'UN' }] });
  const base = `/v1/pricing/quotes/${quote.id}`;
  const request = await api<{ id: string; version: number }>(page, 'POST', `${base}/requests`, { supplierId: supplier.id, contactEmail: null, answers: [{ lineId: quote.lines[0].id, unitPrice: 125, quantity: 100, leadTimeDays: 5 }], freight: null, paymentTerms: '30', validUntil: null, notes: null, proposalFileId: null });
  quote = await api(page, 'POST', `${base}/actions/send`, {}, quote.version);
  await api(page, 'POST', `${base}/requests/${request.id}/actions/answer`, {}, request.version);
  quote = await api(page, 'GET', base);
  quote = await api(page, 'POST', `${base}/actions/analyse`, {}, quote.version);
  const concluded = await api<{ awards: { purchaseOrderId: string }[] }>(page, 'POST', `${base}/actions/conclude`, { awards: [{ lineId: quote.lines[0].id, requestId: request.id }] }, quote.version);
  const poUrl = `/v1/pricing/purchase-orders/${concluded.awards[0].purchaseOrderId}`;
  let po = await api<{ id: string; number: number; version: number; lines: { id: string }[] }>(page, 'GET', poUrl);
  po = await api(page, 'POST', `${poUrl}/actions/submit`, {}, po.version);
  po = await api(page, 'POST', `${poUrl}/actions/send`, {}, po.version);
  await api(page, 'POST', '/v1/pricing/receipts', { purchaseOrderId: po.id, receivedOn: '2026-12-20', document: null, notes: null, lines: [{ purchaseOrderLineId: po.lines[0].id, received: 100, rejected: 0, rejectionReason: null }] });

  const xml = buildNfeXml(nfeFixture({
    ide: { cUF: '35', cNF: '13572468', mod: '55', serie: '1', nNF: '7788', dhEmi: '2026-12-21T09:00:00-03:00', tpEmis: '1', natOp: 'Venda de mercadoria' },
    items: [{ cProd: 'PAR-M8', xProd: description, qCom: '100.0000', vUnCom: '1.25', xPed: String(po.number), nItemPed: '1' }],
    cobr: { dup: [{ nDup: '001', dVenc: '2027-01-20' }] },
  }));

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Importar NF-e (XML)' }).click();
  await expect(page.getByRole('heading', { name: 'Importar NF-e', level: 1 })).toBeVisible();
  const order = page.getByRole('combobox', { name: 'Ordem de compra' });
  await order.fill(String(po.number));
  await page.getByRole('listbox', { name: 'Ordem de compra' }).getByRole('option', { name: `Ordem de compra nº ${po.number}` }).click();
  const category = page.getByRole('combobox', { name: 'Categoria de despesa' });
  await category.click();
  await page.getByRole('listbox', { name: 'Categoria de despesa' }).getByRole('option').first().click();

  // Not an NF-e: the server's reason under the file, and no faturamento.
  await page.getByLabel('Arquivo XML').setInputFiles({ name: 'nota.xml', mimeType: 'text/xml', buffer: Buffer.from('<?xml version="1.0"?><!DOCTYPE nota [<!ENTITY x "y">]><nota>&x;</nota>') });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.locator('[data-field="xml"]')).toContainText('DOCTYPE');
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/nfe-import-refused-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByLabel('Arquivo XML').setInputFiles({ name: 'nfe-7788.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('7788');
  await expect(page.getByText('Conforme', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Registrado', { exact: true }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/nfe-import-done-1366.png`, fullPage: true });
});
