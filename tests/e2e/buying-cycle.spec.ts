/**
 * The buyer's cotação → ordens de compra → entrega through the screens, on the real server
 * (issue 24). Two approved pedidos are made through the API first (the seeded approval queue is
 * switched off meanwhile and on again, so the other specs keep it); then compras@ does everything
 * else by hand: the queue, "Iniciar cotação", two suppliers with their prices, enviar, registrar
 * orçamentos, the análise with a split award (one justification), the two ordens, the printable
 * ordem, submit and send, a partial entrega and the ordem "Parcialmente entregue". Axe-clean and
 * screenshots at 1366 and 390 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, signIn, signOut } from './support';
import { shoot } from './screens';

test.describe.configure({ mode: 'serial' });

const TAG = Date.now().toString(36).slice(-5);
const TITLES = [`Compra ${TAG} A`, `Compra ${TAG} B`];
const SHOTS = '.tmp/screens';

/** Both widths, axe-clean at each. */
const shootAxeClean = (page: Page, name: string) =>
  shoot(page, name, { atEachWidth: async (width) => expect(await axeViolations(page), `${name} at ${width}`).toEqual([]) });

/** The record's state as its details say (the history lists earlier ones too). */
const situation = (page: Page) => page.locator('dl [data-tone]').first();

async function pick(root: Page | Locator, label: string, search: string) {
  await root.getByRole('combobox', { name: label }).fill(search);
  await root.getByRole('listbox', { name: label }).getByRole('option').first().click();
}

/** As admin, through the API: the approval queue of pedidos off, two pedidos approved on submission, the queue on again. */
async function approvedOrders(page: Page): Promise<string[]> {
  await signIn(page, 'admin@demo.com.br');
  const answer = await page.evaluate(async (titles) => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!) as string;
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf };
    const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
      const response = await fetch(path, { method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    const setQueue = async (isActive: boolean) => {
      const [queue] = await call('GET', `/v1/approvals/queues?q=${encodeURIComponent('Aprovação de pedidos')}`);
      const { id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, _refs, _actions, ...values } = queue;
      await call('PUT', `/v1/approvals/queues/${id}`, { ...values, isActive }, { 'if-match': `"${version}"` });
    };
    const centre = (await call('GET', '/api/finance/cost-centers?perPage=1'))[0].id as string;
    const suppliers = (await call('GET', '/v1/companies/suppliers?perPage=2&sort=name')) as { name: string }[];
    const line = (description: string, quantity: number) => ({ productId: null, description, quantity, unit: 'UN', unitPrice: 2000, neededBy: null });
    await setQueue(false);
    const statuses: string[] = [];
    try {
      const bodies = [[line('Resma de papel A4', 10), line('Caneta azul (caixa)', 2)], [line('Resma de papel A4', 5)]];
      for (const [index, lines] of bodies.entries()) {
        const made = await call('POST', '/v1/supply/orders', { title: titles[index], costCenterId: centre, departmentId: null, neededBy: null, justification: 'Reposição do almoxarifado.', lines });
        const submitted = await call('POST', `/v1/supply/orders/${made.id}/actions/submit`, {}, { 'if-match': `"${made.version}"` });
        statuses.push(submitted.status);
      }
    } finally {
      await setQueue(true);
    }
    return { statuses, suppliers: suppliers.map((s) => s.name) };
  }, TITLES);
  expect(answer.statuses).toEqual(['approved', 'approved']);
  await signOut(page);
  return answer.suppliers;
}

test('the buyer quotes two approved pedidos with two suppliers, splits the award, orders, prints, sends and receives part', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const [first, second] = await approvedOrders(page);
  expect(first && second).toBeTruthy();

  // The queue: approved pedidos waiting for a cotação.
  await signIn(page, 'compras@demo.com.br');
  await page.goto('/cotacoes');
  await page.getByRole('button', { name: 'Pedidos aguardando cotação' }).click();
  await expect(page).toHaveURL(/\/cotacoes\/fila$/);
  await page.goto(`/cotacoes/fila?q=${encodeURIComponent(`Compra ${TAG}`)}`);
  for (const title of TITLES) await page.getByRole('checkbox', { name: `Selecionar ${title}`, exact: true }).check();
  await expect(page.getByRole('region', { name: '2 selecionados' })).toBeVisible();
  await shootAxeClean(page, 'buying-fila');
  await page.getByRole('button', { name: 'Iniciar cotação' }).click();
  await expect(page.getByText(/^Cotação nº \d+ aberta\.$/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/cotacoes\/(?!fila$)[^/]+$/);
  const quoteUrl = new URL(page.url()).pathname;

  // The cotação: the same item of two pedidos is one line, each pedido still named.
  const lines = page.locator('section[aria-labelledby="quote-lines"]');
  const resma = lines.getByRole('row', { name: /Resma de papel A4/ });
  await expect(resma).toContainText('15 UN');
  await expect(resma).toContainText(/Pedido nº \d+ \(10\)/);
  await expect(resma).toContainText(/Pedido nº \d+ \(5\)/);
  await expect(situation(page)).toHaveText('Aberta');
  await shootAxeClean(page, 'buying-cotacao');

  // Two suppliers, with the prices the buyer types in.
  const prices: Record<string, { resma: string; caneta: string; lead: string; extra?: () => Promise<void> }> = {
    [first]: { resma: '25,00', caneta: '15,00', lead: '2' },
    [second]: { resma: '24,00', caneta: '12,00', lead: '20' },
  };
  for (const supplier of [first, second]) {
    await page.getByRole('button', { name: 'Adicionar fornecedor' }).click();
    await expect(page).toHaveURL(/\/orcamentos\/adicionar$/);
    await pick(page, 'Fornecedor', supplier.split(' ')[0]);
    const item = (index: number) => page.getByRole('group', { name: new RegExp(`^${index}\\. `) });
    await item(1).getByLabel('Preço unitário').fill(prices[supplier].resma);
    await item(1).getByLabel('Prazo de entrega (dias)').fill(prices[supplier].lead);
    await item(2).getByLabel('Preço unitário').fill(prices[supplier].caneta);
    if (supplier === first) {
      await page.getByLabel('Frete').fill('10,00');
      await page.getByLabel('Condição de pagamento').fill('30/60');
      await shootAxeClean(page, 'buying-orcamento');
    }
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Solicitação salva.').first()).toBeVisible();
    // Saved, the form gives way to the solicitação's own page (a click while it loads is not taken).
    await expect(page).toHaveURL(/\/orcamentos\/[0-9a-f-]{36}$/);
    await expect(page.locator('[inert]')).toHaveCount(0);
    await page.getByRole('link', { name: 'Voltar à cotação' }).click();
    await expect(page).toHaveURL(new RegExp(`${quoteUrl}$`));
  }

  // Enviar: the solicitações go out; then each orçamento is registered.
  await page.getByRole('button', { name: 'Enviar solicitações' }).click();
  await page.getByRole('dialog', { name: 'Enviar solicitações' }).getByRole('button', { name: 'Enviar solicitações' }).click();
  await expect(situation(page)).toHaveText('Solicitações enviadas');
  for (const supplier of [first, second]) {
    await page.getByRole('link', { name: supplier, exact: true }).click();
    await page.getByRole('button', { name: 'Registrar orçamento' }).click();
    await expect(page.getByText('Orçamento registrado.').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${quoteUrl}$`));
  }
  await expect(situation(page)).toHaveText('Orçamentos recebidos');

  // The análise: side by side per item, lowest price marked; the award split, one justified.
  await page.getByRole('button', { name: 'Iniciar análise' }).click();
  await page.getByRole('dialog', { name: 'Iniciar análise' }).getByRole('button', { name: 'Iniciar análise' }).click();
  await expect(situation(page)).toHaveText('Em análise');
  await page.getByRole('link', { name: 'Análise', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${quoteUrl}/analises$`));
  const resmaCard = page.getByRole('group', { name: /^Item 1: Resma de papel A4/ });
  const canetaCard = page.getByRole('group', { name: /^Item 2: Caneta azul/ });
  await expect(resmaCard.locator('label', { hasText: 'Menor preço' })).toContainText(second);
  await expect(canetaCard.locator('label', { hasText: 'Menor preço' })).toContainText(second);
  // The first supplier's resma is dearer but delivers in 2 days.
  await resmaCard.getByRole('radio', { name: new RegExp(`^${first}`) }).check();
  await page.getByRole('button', { name: 'Concluir e gerar ordens de compra' }).click();
  await expect(resmaCard.getByText('Justifique a escolha: há preço menor para este item.')).toBeVisible();
  await resmaCard.getByLabel('Justificativa (não é o menor preço)').fill('Entrega em 2 dias; o outro fornecedor leva 20.');
  await shootAxeClean(page, 'buying-analise');
  await page.getByRole('button', { name: 'Concluir e gerar ordens de compra' }).click();
  await expect(page.getByText('Cotação concluída: 2 ordens de compra geradas.').first()).toBeVisible();
  const orders = page.locator('section[aria-labelledby="quote-awards"]').getByRole('link', { name: /^Ordem de compra nº \d+$/ });
  await expect(orders).toHaveCount(2);

  // The first supplier's ordem: printable, then submitted (no queue: approved) and sent.
  await page.locator('section[aria-labelledby="quote-awards"] li', { hasText: first }).getByRole('link').click();
  await expect(page).toHaveURL(/\/ordens-de-compra\/[^/]+$/);
  const orderUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('row', { name: /Resma de papel A4/ })).toContainText('R$ 25,00');
  await page.getByRole('link', { name: 'Ordem para impressão' }).click();
  const sheet = page.getByRole('article', { name: /^Ordem de compra nº \d+$/ });
  await expect(sheet).toContainText(first);
  await expect(sheet).toContainText('xPed');
  await expect(sheet).toContainText('R$ 385,00');
  await shootAxeClean(page, 'buying-ordem-impressao');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/buying-ordem-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(situation(page)).toHaveText('Aprovada');
  await page.getByRole('button', { name: 'Enviar ao fornecedor' }).click();
  await page.getByRole('dialog', { name: 'Enviar ao fornecedor' }).getByRole('button', { name: 'Enviar ao fornecedor' }).click();
  await expect(situation(page)).toHaveText('Enviada');

  // A partial entrega: the lines come prefilled with what is to come; 10 of the 15 arrive.
  await page.getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(page).toHaveURL(/\/receipts\/adicionar\?purchaseOrderId=/);
  const receiptLine = page.getByRole('group', { name: /^Item 1: Resma de papel A4/ });
  await expect(receiptLine.getByLabel('Quantidade recebida')).toHaveValue('15');
  await receiptLine.getByLabel('Quantidade recebida').fill('10');
  await shootAxeClean(page, 'buying-entrega');
  await page.getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(page.getByText(/^Entrega nº \d+ registrada\.$/).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${orderUrl}$`));
  await expect(situation(page)).toHaveText('Parcialmente entregue');
  const row = page.getByRole('row', { name: /Resma de papel A4/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText('10');
  await expect(row.getByRole('cell').nth(6)).toHaveText('5');
  await shootAxeClean(page, 'buying-ordem');

  // A faturamento typed in from the ordem: its lines come with it (what was received), nobody types an ordem line's id.
  await page.getByRole('button', { name: 'Registrar faturamento' }).click();
  await expect(page).toHaveURL(/\/invoices\/adicionar\?purchaseOrderId=/);
  const invoiceLine = page.getByRole('group', { name: 'Itens' }).getByRole('group', { name: 'Item 1' });
  await expect(invoiceLine.getByRole('textbox', { name: 'Descrição' })).toHaveValue(/Resma de papel A4/);
  await expect(invoiceLine.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('10');
  // The ordem's line is chosen among the ordem's lines by name, not shown as its id.
  const orderLine = invoiceLine.getByRole('combobox', { name: 'Item da ordem' });
  await expect(orderLine.locator('option:checked')).toHaveText(/^1\. Resma de papel A4/);
  await expect(page.getByRole('combobox', { name: 'Ordem de compra' })).toHaveValue(/Ordem de compra nº \d+/);
  await shootAxeClean(page, 'buying-faturamento-form');

  // The queue of ordens waiting for the buyer lists both (one sent, one still a draft).
  await page.goto('/ordens-de-compra/fila');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordens de compra' })).toBeVisible();
  await shootAxeClean(page, 'buying-ordens-fila');

  // The same areas as lone tags in a ~380 px column of the intranet page (same session).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/intranet.html');
  for (const tag of ['bo-cotacoes', 'bo-ordens-de-compra']) {
    const element = page.locator(tag);
    await expect(element.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await element.evaluate((node) => node.getBoundingClientRect().width)).toBeLessThan(460);
    expect(await axeViolations(page, tag), tag).toEqual([]);
    await element.screenshot({ path: `${SHOTS}/buying-${tag}-intranet.png` });
  }
});
