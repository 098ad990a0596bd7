/**
 * The supplier's answer link end to end (issue 24): the buyer sends a cotação (set up through the
 * API), the e-mail arrives in the test SMTP server, a separate browser context (no account, no
 * portal) opens the link, exchanges it for the cookie, answers with a PDF, and the buyer's
 * solicitação shows the answer. Screenshots at 1366 and 390 px; axe on each page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, mailsTo, nextMail, SECRET } from './support';
import { shoot } from './screens';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The buyer's API calls (compras@ has no second factor). */
async function buyerApi(request: APIRequestContext) {
  const auth = await request.post('/v1/identity/auth', { data: { login: 'compras@demo.com.br', secret: SECRET } });
  expect(auth.status(), await auth.text()).toBe(200);
  const headers = { authorization: `Bearer ${(await auth.json()).accessToken}`, 'x-xsrf-token': auth.headers()['x-xsrf-token'] };
  return {
    get: async (path: string) => {
      const answer = await request.get(path, { headers });
      expect(answer.status(), await answer.text()).toBe(200);
      return answer.json();
    },
    post: async (path: string, data: unknown, extra: Record<string, string> = {}) => {
      const answer = await request.post(path, { headers: { ...headers, ...extra }, data });
      expect(answer.status(), await answer.text()).toBeLessThan(300);
      return answer.json();
    },
  };
}

test('a supplier answers a cotação through the e-mailed link and the buyer sees the answer', async ({ browser, request }) => {
  const api = await buyerApi(request);
  const stamp = Date.now().toString(36);
  const email = `vendas-${stamp}@fornecedor.test`;
  const [supplier, other] = await api.get('/v1/companies/suppliers?perPage=2');
  const products = await api.get('/v1/cart/products?perPage=2&sort=name');
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const quote = await api.post('/v1/pricing/quotes', {
    title: `Reposição de estoque ${stamp}`, deadline, notes: 'Entregar no almoxarifado central, das 8h às 17h.',
    lines: products.map((p: { id: string; name: string }, i: number) => ({ productId: p.id, description: p.name, quantity: 10 * (i + 1), unit: 'UN' })),
  });
  const request1 = await api.post(`/v1/pricing/quotes/${quote.id}/requests`, { supplierId: supplier.id, contactEmail: email, answers: [] });
  await api.post(`/v1/pricing/quotes/${quote.id}/requests`, { supplierId: other.id, contactEmail: `outro-${stamp}@fornecedor.test`, answers: [] });
  const before = (await mailsTo(email)).length;
  await api.post(`/v1/pricing/quotes/${quote.id}/actions/send`, {}, { 'if-match': `"${quote.version}"` });

  // support.ts decodes quoted-printable byte by byte: read those bytes as UTF-8.
  const mail = Buffer.from(await nextMail(email, before), 'latin1').toString('utf8');
  expect(mail).toContain(`convida você a enviar o seu orçamento para a cotação nº ${quote.number}`);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/fornecedor\/cotacao\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  // The supplier: another browser, no account; nothing of the portal is loaded.
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const opened = await page.goto(link!);
  expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
  expect(opened!.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: new RegExp(`Cotação nº ${quote.number} de`) })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'supplier-link-open');

  await page.getByRole('button', { name: 'Abrir cotação' }).click();
  await expect(page).toHaveURL(/\/fornecedor\/cotacao$/);
  expect(page.url()).not.toContain('token');
  const cookie = (await context.cookies()).find((c) => c.name === 'rt_fornecedor');
  expect([cookie?.httpOnly, cookie?.sameSite]).toEqual([true, 'Strict']);
  await expect(page.getByRole('heading', { name: `Cotação nº ${quote.number}: Reposição de estoque ${stamp}` })).toBeVisible();
  await expect(page.getByText('Entregar no almoxarifado central, das 8h às 17h.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'supplier-link-form');

  const first = page.getByRole('group', { name: `1. ${products[0].name}` });
  await first.getByLabel('Preço unitário (R$)').fill('1.234,56');
  await first.getByLabel('Prazo de entrega (dias)').fill('5');
  const second = page.getByRole('group', { name: `2. ${products[1].name}` });
  await second.getByLabel('Preço unitário (R$)').fill('abc');
  await page.getByLabel('Frete (R$)').fill('150,00');
  await page.getByLabel('Condição de pagamento').fill('30/60');
  await page.getByRole('button', { name: 'Enviar orçamento' }).click();
  // A wrong price: the form again with the message, the typed values kept, nothing saved.
  await expect(page.getByRole('alert').first()).toContainText('Corrija os campos indicados');
  await expect(second.getByText('Informe o preço em reais, por exemplo 1.234,56.')).toBeVisible();
  await expect(first.getByLabel('Preço unitário (R$)')).toHaveValue('1.234,56');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'supplier-link-error');

  await second.getByLabel('Preço unitário (R$)').fill('89,90');
  await page.getByLabel('Observações').fill('Preços com impostos inclusos.');
  await page.getByLabel(/Proposta \(PDF\)/).setInputFiles({ name: 'proposta.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Enviar orçamento' }).click();
  await expect(page.getByRole('status')).toHaveText('Orçamento recebido. Você pode alterá-lo até o prazo.');
  await expect(page.getByText(/Proposta enviada: proposta\.pdf/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'supplier-link-saved');
  expect(requested.every((path) => path.startsWith('/fornecedor/'))).toBe(true);

  // The buyer sees the answer on the solicitação (and the other supplier's is still waiting).
  const seen = await api.get(`/v1/pricing/quotes/${quote.id}/requests/${request1.id}`);
  expect(seen.status).toBe('answered');
  expect(seen.answers.map((a: { unitPrice: number }) => a.unitPrice)).toEqual([123456, 8990]);
  expect([seen.freight, seen.paymentTerms, seen.notes]).toEqual([15000, '30/60', 'Preços com impostos inclusos.']);
  expect(seen.proposalFileId).toBeTruthy();
  expect((await api.get(`/v1/pricing/quotes/${quote.id}`)).status).toBe('sent');

  // The same link in a fresh browser after the answer: still the supplier's own page, editable.
  await page.goto(link!);
  await page.getByRole('button', { name: 'Abrir cotação' }).click();
  await expect(page.getByRole('group', { name: `1. ${products[0].name}` }).getByLabel('Preço unitário (R$)')).toHaveValue('1.234,56');
  await context.close();
});

test('an invalid link shows a clear page', async ({ page }) => {
  const answer = await page.goto('/fornecedor/cotacao?token=nao-existe-este-token-de-forma-alguma');
  expect(answer!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'supplier-link-invalid');
});
