/**
 * A service line is received by the requester's confirmation (issue 24), through the screens on
 * the real server: Sérgio's pedido of a service goes through a cotação to an ordem de compra sent
 * to its supplier (set up through the API, the seeded approval queue of pedidos off meanwhile);
 * then Sérgio opens his pedido, sees the service waiting, confirms its prestação with a date and a
 * note, and the buyer sees the ordem "Entregue". Axe-clean, screenshots at 1366 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, axeViolations, signIn, signOut } from './support';
import { shoot } from './screens';

const TAG = Date.now().toString(36).slice(-5);
const REQUESTER = 'solicitante@demo.com.br';

const shootAxeClean = (page: Page, name: string) =>
  shoot(page, name, { atEachWidth: async (width) => expect(await axeViolations(page), `${name} at ${width}`).toEqual([]) });

async function ok<T>(answer: Promise<{ status: number; body: T }>, label: string): Promise<T> {
  const { status, body } = await answer;
  expect(status, `${label}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

/** The seeded queue of pedidos on or off (admin). */
async function pedidoQueue(page: Page, isActive: boolean) {
  const [queue] = await ok(api(page, 'GET', `/v1/approvals/queues?q=${encodeURIComponent('Aprovação de pedidos')}`), 'queue');
  const { id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, _actions, ...values } = queue;
  await ok(api(page, 'PUT', `/v1/approvals/queues/${id}`, { ...values, isActive }, { 'if-match': `"${version}"` }), 'queue');
}

test('the requester confirms the service of their pedido and the ordem is entregue', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await pedidoQueue(page, false);
  let orderId = '';
  let serviceName = '';
  try {
    await signOut(page);
    // Sérgio asks for a service from the catalogue; approved on submission.
    await signIn(page, REQUESTER);
    const [service] = await ok(api(page, 'GET', `/v1/cart/products?q=${encodeURIComponent('Manutenção preventiva de ar-condicionado')}&perPage=1`), 'product');
    serviceName = service.name;
    const centre = (await ok(api(page, 'GET', '/api/finance/cost-centers?perPage=1'), 'centre'))[0].id;
    const made = await ok(api(page, 'POST', '/v1/supply/orders', {
      title: `Manutenção ${TAG}`, costCenterId: centre, departmentId: null, neededBy: null, justification: 'Ar da sala de reuniões.',
      lines: [{ productId: service.id, description: service.name, quantity: 1, unit: 'SV', unitPrice: 35000, neededBy: null }],
    }), 'pedido');
    const submitted = await ok(api(page, 'POST', `/v1/supply/orders/${made.id}/actions/submit`, {}, { 'if-match': `"${made.version}"` }), 'submit');
    expect(submitted.status).toBe('approved');
    orderId = made.id;
    await signOut(page);
  } finally {
    await signIn(page, 'admin@demo.com.br');
    await pedidoQueue(page, true);
  }

  // The buyer's part, through the API: cotação, one supplier's answer, award, ordem sent.
  const act = (path: string, record: { id: string; version: number }, action: string, body: unknown = {}) =>
    ok(api(page, 'POST', `${path}/${record.id}/actions/${action}`, body, { 'if-match': `"${record.version}"` }), action);
  const opened = await ok(api(page, 'POST', '/v1/pricing/quotes/from-orders', { orderIds: [orderId] }), 'cotação');
  const quote = await ok(api(page, 'GET', `/v1/pricing/quotes/${opened.id}`), 'cotação');
  const [supplier] = await ok(api(page, 'GET', '/v1/companies/suppliers?perPage=1&sort=name'), 'supplier');
  const request = await ok(api(page, 'POST', `/v1/pricing/quotes/${quote.id}/requests`, {
    supplierId: supplier.id, contactEmail: null, answers: [{ lineId: quote.lines[0].id, unitPrice: 35000, quantity: 1, leadTimeDays: 3 }], freight: null, paymentTerms: null, validUntil: null, notes: null, proposalFileId: null,
  }), 'solicitação');
  await act('/v1/pricing/quotes', quote, 'send');
  await act(`/v1/pricing/quotes/${quote.id}/requests`, request, 'answer');
  const analysing = await act('/v1/pricing/quotes', await ok(api(page, 'GET', `/v1/pricing/quotes/${quote.id}`), 'cotação'), 'analyse');
  const concluded = await act('/v1/pricing/quotes', analysing, 'conclude', { awards: [{ lineId: quote.lines[0].id, requestId: request.id }] });
  const poId = concluded.awards[0].purchaseOrderId as string;
  const approved = await act('/v1/pricing/purchase-orders', await ok(api(page, 'GET', `/v1/pricing/purchase-orders/${poId}`), 'ordem'), 'submit');
  expect((await act('/v1/pricing/purchase-orders', approved, 'send')).status).toBe('sent');
  await signOut(page);

  // Sérgio opens his pedido: the service waits for his confirmation.
  await signIn(page, REQUESTER);
  await page.goto(`/pedidos/${orderId}`);
  const services = page.getByRole('region', { name: 'Serviços deste pedido' });
  await expect(services.getByRole('cell', { name: serviceName })).toBeVisible();
  await expect(services.getByText('Aguardando confirmação')).toBeVisible();
  await shootAxeClean(page, 'service-confirmation-pending');

  await services.getByRole('button', { name: 'Confirmar prestação do serviço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar prestação do serviço' });
  await dialog.getByLabel('Data da prestação').fill('26/11/2026');
  await dialog.getByLabel('Observação (opcional)').fill('Filtros trocados.');
  await shootAxeClean(page, 'service-confirmation-dialog');
  await dialog.getByRole('button', { name: 'Confirmar prestação do serviço' }).click();
  await expect(dialog).toBeHidden();
  await expect(services.getByText('Prestado em 26/11/2026')).toBeVisible();
  await expect(services.getByRole('button', { name: 'Confirmar prestação do serviço' })).toHaveCount(0);
  await shootAxeClean(page, 'service-confirmation-done');
  await signOut(page);

  // The buyer sees the ordem entregue, its entrega made by Sérgio's confirmation.
  await signIn(page, 'compras@demo.com.br');
  await page.goto(`/ordens-de-compra/${poId}`);
  await expect(page.locator('dl [data-tone]').first()).toHaveText('Entregue');
});
