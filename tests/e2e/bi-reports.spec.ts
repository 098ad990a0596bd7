/**
 * BI (issue 26), end to end against the real server: admin@ enters a lançamento a receber of its
 * own revenue category this month (through the API), then opens the DRE (/bi/relatorios/dre),
 * expands Receita bruta, drills the month's number of that category down to its parcela and
 * follows the link to the parcela's page; the URL keeps the filters and the drill. The fluxo de
 * caixa opens from the same report screen. Then a baixa of a financing category drills down in the
 * DFC, the CSV and XLSX downloads are read back, the print view hides all but the report, the DRE
 * by cost centre and the analítico show it. Screenshots at 1366 and 390 px (the grid scrolls
 * inside itself on a phone, the page never sideways); axe-clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, axeViolations, signIn } from './support';
import { shoot } from './screens';

const RUN = Date.now().toString(36);
const DESCRIPTION = `Venda BI e2e ${RUN}`;
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];

/** Both widths, axe-clean at each, never sideways (screens.ts). */
const shootAxeClean = (page: Page, name: string) =>
  shoot(page, name, { atEachWidth: async (width) => expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]) });

/** A business day of this month (Monday to Friday, away from the usual holidays). */
function dueThisMonth(): string {
  for (const day of [16, 17, 18, 19, 20, 21, 22, 23, 10, 11, 12, 13, 14]) {
    const date = `${today.slice(0, 7)}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return date;
  }
  throw new Error('no business day');
}

test('DRE: a number drills down to its parcela; the fluxo de caixa on the same screen', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const category = await api(page, 'POST', '/api/finance/revenue-categories', { code: `E2E${RUN}`, name: `Vendas e2e ${RUN}`, parentId: null, isActive: true, description: null, dreLine: 'grossRevenue', ledgerAccountId: null });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const [customer] = (await api(page, 'GET', '/v1/companies/customers?perPage=1')).body;
  const [centre] = (await api(page, 'GET', '/api/finance/cost-centers?perPage=1')).body;
  const created = await api(page, 'POST', '/api/finance/receivables', {
    customerId: customer.id, categoryId: category.body.id, documentType: 'invoice', documentNumber: `NF-${RUN}`, issueDate: today, competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
    description: DESCRIPTION, total: 1234567, bankAccountId: null, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId: centre.id, percent: 10000, amount: 1234567 }],
    installments: [{ number: 1, dueDate: dueThisMonth(), amount: 1234567, paymentMethod: 'cash' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await page.goto('/bi/relatorios/dre');
  await expect(page.getByRole('heading', { name: 'DRE por mês', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Regime')).toHaveValue('competence');
  const grid = page.getByRole('region', { name: 'DRE por mês — valores em reais' });
  await expect(grid.getByRole('rowheader', { name: 'Lucro líquido' })).toBeVisible();
  await grid.getByRole('button', { name: 'Mostrar categorias de Receita bruta' }).click();
  const month = `${MONTHS[Number(today.slice(5, 7)) - 1]}/${today.slice(0, 4)}`;
  const cell = grid.getByRole('button', { name: new RegExp(`^Ver as parcelas de E2E${RUN} Vendas e2e ${RUN} em ${month.replace('/', '\\/')}: R\\$\\s12\\.345,67$`) });
  await expect(cell).toBeVisible();
  await cell.click();
  await expect(page).toHaveURL(/drill=grossRevenue%3Areceivable%3A/);
  const drill = page.getByRole('region', { name: new RegExp(`^Parcelas de “E2E${RUN}`) });
  await expect(page.getByText(/^1 parcela: R\$\s12\.345,67\.$/)).toBeVisible();
  await shootAxeClean(page, 'bi-dre-drill');

  // Reload keeps the filters and the drill (URL state), then the parcela's own page.
  await page.reload();
  const link = page.getByRole('link', { name: `${DESCRIPTION} — 1/1` });
  await expect(link).toBeVisible();
  expect(drill).toBeDefined();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-receber/parcelamentos/${created.body.installments[0].id}$`));

  await page.goto('/bi/relatorios/fluxo-de-caixa');
  await expect(page.getByRole('heading', { name: 'Fluxo de caixa', level: 1 })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Saldo final' })).toBeVisible();
  await page.getByLabel('Agrupar por').selectOption('month');
  await expect(page).toHaveURL(/grain=month/);
  await shootAxeClean(page, 'bi-cash-flow');

  // Saldos de conta: the registry's list, with the one entered here.
  // The demo's Itaú, by name: other specs add (and close) accounts of their own that may sort before it.
  const [account] = (await api(page, 'GET', `/api/finance/bank-accounts?perPage=1&q=${encodeURIComponent('Itaú')}`)).body;
  const balance = await api(page, 'POST', '/api/finance-reporting/account-balances', { bankAccountId: account.id, date: `${today.slice(0, 7)}-01`, amount: 15000000, description: `Extrato e2e ${RUN}`, notes: null });
  expect(balance.status, JSON.stringify(balance.body)).toBe(201);
  await page.goto('/bi/saldos-de-conta');
  await expect(page.getByRole('heading', { name: 'Saldos de Conta', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Extrato e2e ${RUN}` })).toBeVisible();
  await shootAxeClean(page, 'bi-account-balances');
});

test('DFC: a baixa of a financing category drills down; CSV/XLSX downloads as on screen; a clean print view; the DRE by cost centre', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const category = await api(page, 'POST', '/api/finance/revenue-categories', { code: `DFC${RUN}`, name: `Empréstimo e2e ${RUN}`, parentId: null, isActive: true, description: null, dreLine: 'financialResult', dfcGroup: 'financing', ledgerAccountId: null });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const [customer] = (await api(page, 'GET', '/v1/companies/customers?perPage=1')).body;
  const [centre] = (await api(page, 'GET', '/api/finance/cost-centers?perPage=1')).body;
  // The demo's Itaú, by name: other specs add (and close) accounts of their own that may sort before it.
  const [account] = (await api(page, 'GET', `/api/finance/bank-accounts?perPage=1&q=${encodeURIComponent('Itaú')}`)).body;
  const blank = { boletoLine: null, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };
  const created = await api(page, 'POST', '/api/finance/receivables', {
    customerId: customer.id, categoryId: category.body.id, documentType: 'invoice', documentNumber: `EMP-${RUN}`, issueDate: today, competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
    description: `Empréstimo e2e ${RUN}`, total: 765432, bankAccountId: account.id, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId: centre.id, percent: 10000, amount: 765432 }],
    installments: [{ number: 1, dueDate: dueThisMonth(), amount: 765432, paymentMethod: 'cash', ...blank, bankAccountId: account.id }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const parcela = (await api(page, 'GET', `/api/finance/receivable-installments/${created.body.installments[0].id}`)).body;
  const settled = await api(page, 'POST', `/api/finance/receivable-installments/${parcela.id}/actions/settle`, { bankAccountId: account.id, paidOn: today, amount: 765432 }, { 'if-match': `"${parcela.version}"` });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);

  await page.goto('/bi/relatorios/dfc');
  await expect(page.getByRole('heading', { name: 'DFC (método direto)', level: 1 })).toBeVisible();
  const grid = page.getByRole('region', { name: 'DFC (método direto) — valores em reais' });
  await expect(grid.getByRole('rowheader', { name: 'Variação líquida do caixa' })).toBeVisible();
  await grid.getByRole('button', { name: 'Mostrar categorias de Atividades de financiamento' }).click();
  const month = `${MONTHS[Number(today.slice(5, 7)) - 1]}/${today.slice(0, 4)}`;
  const label = `DFC${RUN} Empréstimo e2e ${RUN}`;
  await grid.getByRole('button', { name: new RegExp(`^Ver as parcelas de ${label} em ${month.replace('/', '\\/')}: R\\$\\s7\\.654,32$`) }).click();
  await expect(page).toHaveURL(/drill=financing%3Areceivable%3A/);
  await expect(page.getByText(/^1 parcela: R\$\s7\.654,32\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Empréstimo e2e ${RUN} — 1/1` })).toBeVisible();
  await shootAxeClean(page, 'bi-dfc-drill');

  // The CSV as Excel in pt-BR reads it, with the screen's filters; the XLSX a workbook.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`dfc-metodo-direto-${today}.csv`);
  const text = (await import('node:fs')).readFileSync((await csv.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n').map((line) => line.split(';'));
  expect(lines[0].slice(0, 2)).toEqual(['Atividade', `Jan/${today.slice(0, 4)}`]);
  const line = lines.find((l) => l[0].trim() === label)!;
  expect(line[Number(today.slice(5, 7))]).toBe('R$ 7.654,32');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`dfc-metodo-direto-${today}.xlsx`);
  expect((await import('node:fs')).readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');

  // On paper: the report and its filters as text; no form, buttons, drill nor navigation.
  await page.emulateMedia({ media: 'print' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filtros do relatório' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByText(`Ano: ${today.slice(0, 4)} · Centro de custos: Todos os centros de custos · Conta financeira: Todas as contas`)).toBeVisible();
  await expect(page.getByText(/^1 parcela/)).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/bi/relatorios/dre-por-centro-de-custo?year=${today.slice(0, 4)}`);
  await expect(page.getByRole('heading', { name: 'DRE por centro de custo', level: 1 })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: `${centre.code} ${centre.name}` })).toBeVisible();
  await shootAxeClean(page, 'bi-dre-cost-centres');

  // The analítico: the registry's list of every parcela, with its dimensions.
  await page.goto(`/bi/relatorios/analitico?q=${encodeURIComponent(`Empréstimo e2e ${RUN}`)}`);
  await expect(page.getByRole('heading', { name: 'Analítico de parcelas', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Empréstimo e2e ${RUN}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('A receber');
  await expect(row).toContainText(`Empréstimo e2e ${RUN}`);
  await expect(row).toContainText('R$ 7.654,32');
  await shootAxeClean(page, 'bi-analytic');
});

test("a bookmarked report asks for its numbers once, before the portal's code has even downloaded", async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const asked: string[] = [];
  let seen!: () => void;
  const reportAsked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.endsWith('/reports/dre')) {
      asked.push(url.search);
      seen();
    }
  });
  // The portal's shared code is held back until the report's request has gone out (or 10 s have passed).
  const released: string[] = [];
  await page.route('**/dist/chunks/core-*.js', async (route) => {
    released.push(await Promise.race([reportAsked.then(() => 'after the report request'), new Promise<string>((resolve) => setTimeout(() => resolve('by the timeout'), 10_000))]));
    await route.continue();
  });
  await page.goto('/bi/relatorios/dre?year=2025&basis=paid');
  await expect(page.getByRole('heading', { name: 'DRE por mês', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Regime')).toHaveValue('paid');
  await expect(page.locator('td').filter({ hasText: /R\$/ }).first()).toBeVisible();
  expect(released).toEqual(['after the report request']);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual(['?year=2025&basis=paid']);
});

test('DRE: the juros and multa of a baixa on Resultado financeiro, drilled down to its parcela', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const category = await api(page, 'POST', '/api/finance/revenue-categories', { code: `JUR${RUN}`, name: `Vendas com juros e2e ${RUN}`, parentId: null, isActive: true, description: null, dreLine: 'grossRevenue', ledgerAccountId: null });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  // An account of its own: the demo's baixas of this month stay out of the filtered DRE.
  const account = await api(page, 'POST', '/api/finance/bank-accounts', { name: `Caixa juros e2e ${RUN}`, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 0, openingBalanceDate: `${today.slice(0, 4)}-01-01`, isActive: true, notes: null });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  const [customer] = (await api(page, 'GET', '/v1/companies/customers?perPage=1')).body;
  const [centre] = (await api(page, 'GET', '/api/finance/cost-centers?perPage=1')).body;
  const blank = { boletoLine: null, pixKeyType: null, pixKey: null, pixPayload: null, bankId: null, agency: null, account: null, accountDigit: null, holderName: null, holderDocument: null };
  const created = await api(page, 'POST', '/api/finance/receivables', {
    customerId: customer.id, categoryId: category.body.id, documentType: 'invoice', documentNumber: `JUR-${RUN}`, issueDate: today, competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
    description: `Venda com juros e2e ${RUN}`, total: 100000, bankAccountId: account.body.id, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId: centre.id, percent: 10000, amount: 100000 }],
    installments: [{ number: 1, dueDate: dueThisMonth(), amount: 100000, paymentMethod: 'cash', ...blank, bankAccountId: account.body.id }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const parcela = (await api(page, 'GET', `/api/finance/receivable-installments/${created.body.installments[0].id}`)).body;
  // Received late: R$ 1.000,00 + R$ 12,34 of juros + R$ 2,00 of multa.
  const settled = await api(page, 'POST', `/api/finance/receivable-installments/${parcela.id}/actions/settle`, { bankAccountId: account.body.id, paidOn: today, amount: 100000, interest: 1234, fine: 200 }, { 'if-match': `"${parcela.version}"` });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);

  await page.goto(`/bi/relatorios/dre?bankAccountId=${account.body.id}`);
  const grid = page.getByRole('region', { name: 'DRE por mês — valores em reais' });
  await expect(grid.getByRole('rowheader', { name: 'Lucro líquido' })).toBeVisible();
  await grid.getByRole('button', { name: 'Mostrar categorias de Resultado financeiro' }).click();
  const month = `${MONTHS[Number(today.slice(5, 7)) - 1]}/${today.slice(0, 4)}`;
  const cell = grid.getByRole('button', { name: new RegExp(`^Ver as parcelas de Juros, multas e descontos de recebimentos em ${month.replace('/', '\\/')}: R\\$\\s14,34$`) });
  await expect(cell).toBeVisible();
  await cell.click();
  await expect(page.getByText(/^1 parcela: R\$\s14,34\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Venda com juros e2e ${RUN} — 1/1` })).toBeVisible();
  await shootAxeClean(page, 'bi-dre-financial-result');
});
