/**
 * Extrato de movimentações and the conciliação's newer paths end to end (issue 25): admin opens a
 * fresh account and a lançamento of three PIX parcelas on it; tesouraria@ authorises and pays them
 * (05, 06 and 09/11/2026) through the API. Then on screen, as tesouraria@:
 * - adds a line by hand (/extrato-de-movimentacoes/adicionar: saída of R$ 250,00 on 05/11) and sees
 *   it in the extrato with the running balance; the conciliação suggests the baixa, "Confirmar";
 * - a saved rule "TARIFA PACOTE" → categoria and centro de custos (/configuracoes/regras-de-conciliacao);
 *   a hand "TARIFA PACOTE" line without a parcela → "Criar lançamento quitado", prefilled by the rule
 *   (the fornecedor chosen) → the lançamento a pagar quitado, the line conciliada;
 * - two more lines accepted in bulk ("Selecionar todas as sugestões" → "Confirmar as sugestões selecionadas").
 * Screenshots at 1366 and 390 px, axe-clean, no sideways scroll.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { shoot } from './screens';
import { createPayable } from './finance-support';
import { api, axeViolations, signIn, signOut } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DESCRIPTION = `Extrato e2e ${RUN}`;
let accountId = '';

const axeClean = (page: Page) => async () => expect(await axeViolations(page)).toEqual([]);
/** The account's conciliação for November 2026: its statement lines' table. */
async function openConciliation(page: Page) {
  await page.goto(`/contas-financeiras/${accountId}/conciliacao-de-conta`);
  await page.getByLabel('De', { exact: true }).fill('01/11/2026');
  await page.getByLabel('Até', { exact: true }).fill('30/11/2026');
  return page.getByRole('table', { name: 'Linhas do extrato' });
}
async function pick(root: Page | Locator, label: string, search: string) {
  await root.getByRole('combobox', { name: label }).fill(search);
  await root.getByRole('listbox', { name: label }).getByRole('option').first().click();
}

test('admin opens an account with three PIX parcelas; tesouraria authorises and pays them', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const first = async (url: string) => (await api<{ id: string; code?: string }[]>(page, 'GET', url)).body;
  const bank = (await first('/api/finance/banks?q=341&perPage=20')).find((b) => b.code === '341')!;
  const account = await api(page, 'POST', '/api/finance/bank-accounts', {
    name: `Extrato ${RUN}`, type: 'checking', bankId: bank.id, agency: '0700', agencyDigit: null, account: String(10000 + Math.floor(Math.random() * 89999)), accountDigit: '3',
    holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1000000, openingBalanceDate: '2026-01-01', isActive: true, notes: null,
  });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  accountId = account.body.id;
  const pix = { paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@acucarecia.com.br' };
  const amounts = [25000, 10000, 20000];
  const days = ['2026-11-05', '2026-11-06', '2026-11-09'];
  const created = await createPayable(page, { description: DESCRIPTION, documentNumber: `NF-${RUN}`, issueDate: '2026-11-01', total: 55000, bankAccountId: accountId,
    installments: amounts.map((amount, i) => ({ number: i + 1, dueDate: days[i], amount, ...pix })),
  });
  expect((await api(page, 'POST', `/api/finance/payables/${created.id}/actions/submit`, {}, { 'if-match': `"${created.version}"` })).status).toBe(200);
  const ids = (created.installments as { id: string }[]).map((p) => p.id);
  await signOut(page);

  await signIn(page, 'tesouraria@demo.com.br');
  expect((await api(page, 'POST', '/api/finance/payable-installments/bulk/authorize', { ids })).body.failed).toEqual([]);
  for (const [i, id] of ids.entries()) {
    const parcela = (await api(page, 'GET', `/api/finance/payable-installments/${id}`)).body;
    const paid = await api(page, 'POST', `/api/finance/payable-installments/${id}/actions/settle`, { paidOn: days[i], amount: amounts[i], bankAccountId: accountId }, { 'if-match': `"${parcela.version}"` });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
});

test('tesouraria adds a line by hand, sees it in the extrato with the running balance, and reconciles it', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto(`/contas-financeiras/${accountId}/extrato-de-movimentacoes/adicionar`);
  await page.getByLabel(/^Data/).fill('05/11/2026');
  await page.getByLabel(/^Tipo/).selectOption('out');
  await page.getByLabel(/^Valor/).fill('250,00');
  await page.getByLabel(/^Descrição/).fill('PIX ENVIADO FORNECEDOR');
  await page.getByLabel(/^Documento/).fill('000777');
  await shoot(page, 'statement-line-add', { atEachWidth: axeClean(page) });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PIX ENVIADO FORNECEDOR' })).toBeVisible();
  const linePage = new URL(page.url()).pathname;

  await page.goto(`/contas-financeiras/${accountId}/extrato-de-movimentacoes`);
  // Opened directly, the page still names its account in the breadcrumbs (not its id).
  await expect(page.getByRole('navigation', { name: 'Você está aqui' }).getByRole('link', { name: `Extrato ${RUN}` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'PIX ENVIADO FORNECEDOR' });
  await expect(row).toContainText('R$ 250,00');
  await expect(row).toContainText('R$ 9.750,00');
  await expect(row).toContainText('Não conciliada');
  await shoot(page, 'statement-lines', { atEachWidth: axeClean(page) });

  const lines = await openConciliation(page);
  const hand = lines.getByRole('row').filter({ hasText: 'PIX ENVIADO FORNECEDOR' });
  await expect(hand.getByText(new RegExp(`^Sugestão: ${DESCRIPTION}`))).toBeVisible();
  await hand.getByRole('button', { name: /^Confirmar a conciliação da linha de 05\/11\/2026/ }).click();
  await expect(page.getByText('Linha de 05/11/2026 conciliada.')).toBeVisible();
  await expect(hand.getByText('Conciliada')).toBeVisible();

  // The line's own page tells its history: created open, then reconciled by the treasurer.
  await page.goto(linePage);
  const history = page.getByRole('region', { name: 'Histórico' }).first();
  await expect(history.getByRole('listitem').filter({ hasText: /Não conciliada\s*→\s*Conciliada/ })).toBeVisible();
  // A reconciled line is read-only until the conciliação is undone: no "Editar" the server would refuse.
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await shoot(page, 'statement-line-history', { atEachWidth: axeClean(page) });
});

test('a bank fee line becomes a lançamento quitado; two suggestions accepted in bulk', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const add = (postedOn: string, direction: string, value: number, memo: string) =>
    api(page, 'POST', `/api/finance/bank-accounts/${accountId}/statement-lines`, { postedOn, direction, value, memo, document: null });
  for (const [postedOn, value, memo] of [['2026-11-10', 3990, 'TARIFA PACOTE SERVIÇOS'], ['2026-11-06', 10000, 'PIX LOTE A'], ['2026-11-09', 20000, 'PIX LOTE B']] as const) {
    expect((await add(postedOn, 'out', value, memo)).status).toBe(201);
  }
  // The saved rule: "TARIFA PACOTE" → a category and cost centre (no supplier: chosen on the form).
  const first = async (url: string) => (await api<{ id: string; name: string }[]>(page, 'GET', url)).body[0];
  const [category, centre] = [await first('/api/finance/expense-categories?perPage=1&sort=name'), await first('/api/finance/cost-centers?perPage=1&sort=name')];
  const rule = await api(page, 'POST', '/api/finance/reconciliation-rules', { pattern: 'TARIFA PACOTE', expenseCategoryId: category.id, revenueCategoryId: null, costCenterId: centre.id, supplierId: null, customerId: null, isActive: true });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  await page.goto('/configuracoes/regras-de-conciliacao');
  await expect(page.getByRole('link', { name: 'TARIFA PACOTE' })).toBeVisible();
  await shoot(page, 'reconciliation-rules', { atEachWidth: axeClean(page) });

  const lines = await openConciliation(page);
  const fee = lines.getByRole('row').filter({ hasText: 'TARIFA PACOTE SERVIÇOS' });
  await fee.getByText('Criar lançamento quitado — sugerido pela regra “TARIFA PACOTE”').click();
  await expect(fee.getByRole('combobox', { name: 'Categoria de despesa' })).toHaveValue(new RegExp(category.name));
  await expect(fee.getByRole('combobox', { name: 'Centro de custos' })).toHaveValue(new RegExp(centre.name));
  await fee.getByRole('button', { name: 'Criar quitado e conciliar' }).click();
  await expect(fee.getByText('Escolha o fornecedor ou cliente.')).toBeVisible();
  await pick(fee, 'Fornecedor', 'a');
  await expect(fee.getByText('Escolha o fornecedor ou cliente.')).toHaveCount(0);
  await expect(fee.getByLabel('Descrição')).toHaveValue('TARIFA PACOTE SERVIÇOS');
  await shoot(page, 'reconciliation-create-settled', { atEachWidth: axeClean(page) });
  await fee.getByRole('button', { name: 'Criar quitado e conciliar' }).click();
  await expect(page.getByText(/^Lançamento nº \d+ criado quitado e linha de 10\/11\/2026 conciliada\.$/)).toBeVisible();
  await expect(fee.getByText('Conciliada')).toBeVisible();
  const view = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/reconciliation?from=2026-11-01&to=2026-11-30`)).body;
  const feeLine = view.lines.find((l: { memo: string }) => l.memo === 'TARIFA PACOTE SERVIÇOS');
  expect(feeLine).toMatchObject({ status: 'reconciled' });
  const settled = view.settlements.find((s: { id: string }) => s.id === feeLine.settlementIds[0]);
  expect(settled).toMatchObject({ amount: -3990, paidOn: '2026-11-10', direction: 'payable' });

  await page.getByRole('button', { name: 'Selecionar todas as sugestões (2)' }).click();
  await expect(lines.getByRole('checkbox', { name: /^Selecionar a sugestão da linha de 06\/11\/2026/ })).toBeChecked();
  await shoot(page, 'reconciliation-bulk', { atEachWidth: axeClean(page) });
  await page.getByRole('button', { name: 'Confirmar as sugestões selecionadas (2)' }).click();
  await expect(page.getByText('2 linhas conciliadas.')).toBeVisible();
  for (const memo of ['PIX LOTE A', 'PIX LOTE B']) await expect(lines.getByRole('row').filter({ hasText: memo }).getByText('Conciliada')).toBeVisible();

  // A reconciled line keeps its figures: editing it is refused with the reason.
  const list = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/statement-lines?q=LOTE%20A`)).body;
  const edited = await api(page, 'PUT', `/api/finance/bank-accounts/${accountId}/statement-lines/${list[0].id}`, { postedOn: '2026-11-06', direction: 'out', value: 1, memo: 'X', document: null }, { 'if-match': `"${list[0].version}"` });
  expect([edited.status, edited.body.message]).toEqual([409, 'Esta linha já foi conciliada: desfaça a conciliação antes de alterá-la ou excluí-la.']);
});
