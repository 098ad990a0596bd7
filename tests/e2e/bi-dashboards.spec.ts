/**
 * Painéis and the homes (issue 26), end to end against the real server: the treasurer's home shows
 * figures (an account's balance, what is overdue) that drill to the account and to the list; the
 * painéis render their charts (uPlot, loaded only on BI pages) with the table of their numbers,
 * each number a link to the report behind it; `<bo-painel>` on the intranet page keeps the
 * intranet's path and shows nothing but its slot to a user who may not read the reports.
 * Screenshots at 1366 and 390 px, axe-clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, axeViolations, SECRET, signIn } from './support';
import { shoot, WIDTHS } from './screens';

const RUN = Date.now().toString(36);

const shootAxeClean = (page: Page, name: string) =>
  shoot(page, name, { atEachWidth: async (width) => expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]) });

/** The painéis' code (uPlot and the screen) among the scripts the page asked for. */
const chartCode = (paths: string[]) => paths.filter((path) => /uPlot|DashboardPage/i.test(path));

/** A new account with R$ 12.345,67 (its opening balance), named `name`. */
async function newAccount(page: Page, name: string) {
  const account = await api(page, 'POST', '/api/finance/bank-accounts', { name, type: 'cash', bankId: null, agency: null, agencyDigit: null, account: null, accountDigit: null, holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: 1234567, openingBalanceDate: '2024-01-01', isActive: true, notes: null });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  return account.body.id as string;
}

test("the treasurer's home: figures that drill to the account and to the list, and no chart code", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const ACCOUNT = `Caixa home ${RUN}`;
  await signIn(page, 'tesouraria@demo.com.br');
  const accountId = await newAccount(page, ACCOUNT);
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'Seu dia' });
  await expect(figures.getByRole('heading', { name: 'Tesouraria', level: 3 })).toBeVisible();
  const balance = figures.getByRole('link', { name: `Saldo em ${ACCOUNT}: R$ 12.345,67` });
  await expect(balance).toBeVisible();
  await expect(figures.getByRole('link', { name: /^A pagar vencidas: R\$/ })).toBeVisible();
  await expect(figures.getByRole('link', { name: /^A pagar hoje: R\$/ })).toBeVisible();
  await expect(figures.getByRole('link', { name: /^Pagamentos aguardando autorização: R\$/ })).toBeVisible();
  await shootAxeClean(page, 'home-treasurer');
  expect(chartCode(requested)).toEqual([]);

  await balance.click();
  await expect(page).toHaveURL(new RegExp(`/contas-financeiras/${accountId}$`));
  await page.goto('/');
  await figures.getByRole('link', { name: /^A pagar vencidas: R\$/ }).click();
  await expect(page).toHaveURL(/\/contas-a-pagar\/parcelamentos\?isOverdue=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the painéis: each a chart with the table of its numbers, each number a link to the report', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const ACCOUNT = `Caixa painel ${RUN}`;
  await signIn(page, 'tesouraria@demo.com.br');
  await newAccount(page, ACCOUNT);
  await page.goto('/bi/dashboards');
  await expect(page.getByRole('heading', { name: 'Painéis: Tesouraria', level: 1 })).toBeVisible();
  expect(chartCode(requested).length).toBeGreaterThan(0);
  const accounts = page.getByRole('region', { name: 'Saldo por conta — valores em reais' });
  await expect(accounts.getByRole('rowheader', { name: ACCOUNT })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Gráfico: Saldo por conta\./ })).toBeVisible();
  // uPlot drew on its canvas.
  const drawn = await page.locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.width > 0 && canvas.height > 0);
  expect(drawn).toBe(true);
  await expect(page.getByRole('region', { name: 'A pagar e a receber por mês (em aberto, pelo vencimento) — valores em reais' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legenda' }).first()).toBeVisible();
  await shootAxeClean(page, 'bi-painel-tesouraria');
  // "Abrir o relatório completo" takes a mouse click at both widths: no layer of a chart (uPlot's axes) lies over it.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole('link', { name: 'Abrir o relatório completo' }).click();
    await expect(page).toHaveURL(/\/bi\/relatorios\/fluxo-de-caixa\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&grain=month$/);
    await expect(page.getByRole('heading', { name: 'Fluxo de caixa', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Painéis: Tesouraria', level: 1 })).toBeVisible();
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  for (const [tab, heading, region] of [
    ['DRE por mês', 'Painéis: DRE por mês', /^Receitas, custos e despesas por mês — \d{4} — valores em reais$/],
    ['Resultado (DRE)', 'Painéis: Resultado (DRE)', /^Resultados do ano por mês — \d{4} — valores em reais$/],
    ['Fluxo de caixa (DFC)', 'Painéis: Fluxo de caixa (DFC)', /^Recebimentos, pagamentos e saldo por mês — \d{4} — valores em reais$/],
  ] as const) {
    await page.getByRole('navigation', { name: 'Painéis' }).getByRole('link', { name: tab }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: region })).toBeVisible();
    await shootAxeClean(page, `bi-painel-${tab.replace(/\W+/g, '-').toLowerCase()}`);
  }
  await page.getByRole('navigation', { name: 'Painéis' }).getByRole('link', { name: 'DRE por centro de custos' }).click();
  await expect(page.getByRole('heading', { name: 'Painéis: DRE por centro de custos', level: 1 })).toBeVisible();
  await shootAxeClean(page, 'bi-painel-dre2');

  // A number drills to the report, opened on that cell's parcelas.
  await page.getByRole('navigation', { name: 'Painéis' }).getByRole('link', { name: 'DRE por mês' }).click();
  const table = page.getByRole('region', { name: /^Receitas, custos e despesas por mês/ });
  await table.getByRole('link', { name: /^Lucro líquido em Jan\/\d{4}: / }).click();
  await expect(page).toHaveURL(/\/bi\/relatorios\/dre\?year=\d{4}&drill=netIncome%400$/);
  await expect(page.getByRole('heading', { name: 'DRE por mês', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Parcelas de “Lucro líquido” em Jan\/\d{4}$/ })).toBeVisible();
});

test('the painéis on another date basis: the DRE by cost centre by vencimento moves a receita to the year it falls due, kept in the address and in its drill', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const year = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));
  const month = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(5, 7);
  // Due next year on the second Wednesday of August (no national holiday then).
  const firstOfAugust = new Date(Date.UTC(year + 1, 7, 1));
  const due = new Date(Date.UTC(year + 1, 7, 1 + ((3 - firstOfAugust.getUTCDay() + 7) % 7) + 7)).toISOString().slice(0, 10);
  const code = `RG${RUN.slice(-5)}`;
  const centre = await api(page, 'POST', '/api/finance/cost-centers', { code, name: `Regimes ${RUN}`, parentId: null, isActive: true, description: null });
  expect(centre.status, JSON.stringify(centre.body)).toBe(201);
  const [category] = (await api(page, 'GET', '/api/finance/revenue-categories?perPage=1')).body;
  const [customer] = (await api(page, 'GET', '/v1/companies/customers?perPage=1')).body;
  const entry = await api(page, 'POST', '/api/finance/receivables', {
    customerId: customer.id, categoryId: category.id, documentType: 'invoice', documentNumber: `RG-${RUN}`, issueDate: `${year}-${month}-01`, competence: `${month}/${year}`,
    description: 'Receita de outro regime', total: 123456, bankAccountId: null, companyId: null, paymentCondition: null, documentFileId: null, notes: null,
    allocations: [{ costCenterId: centre.body.id, amount: 123456, percent: null }],
    installments: [{ number: 1, dueDate: due, amount: 123456, paymentMethod: 'cash' }],
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);

  await page.goto('/bi/dashboards/dre2');
  const label = `${code} Regimes ${RUN}`;
  const byCompetence = page.getByRole('region', { name: `Resultado por centro de custos — regime de competência — ${year} — valores em reais` });
  await expect(byCompetence.getByRole('rowheader', { name: label })).toBeVisible();
  await expect(byCompetence.getByRole('row', { name: new RegExp(label) })).toContainText('R$ 1.234,56');

  // Vencimento: nothing of it this year; next year, the same receita.
  await page.getByRole('combobox', { name: 'Regime', exact: true }).selectOption({ label: 'Vencimento' });
  await expect(page).toHaveURL(new RegExp(`/bi/dashboards/dre2\\?basis=due$`));
  const byDue = page.getByRole('region', { name: `Resultado por centro de custos — regime de vencimento — ${year} — valores em reais` });
  // This year by vencimento: the other centres' numbers, or the note that there are none — never this receita.
  await expect(byDue.or(page.getByText(`Nenhum lançamento com centro de custos em ${year}.`, { exact: false }))).toBeVisible();
  await expect(page.getByRole('rowheader', { name: label })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Ano', exact: true }).selectOption(String(year + 1));
  await expect(page).toHaveURL(new RegExp(`/bi/dashboards/dre2\\?year=${year + 1}&basis=due$`));
  const nextYear = page.getByRole('region', { name: `Resultado por centro de custos — regime de vencimento — ${year + 1} — valores em reais` });
  await expect(nextYear.getByRole('row', { name: new RegExp(label) })).toContainText('R$ 1.234,56');
  await shootAxeClean(page, 'bi-painel-dre2-vencimento');

  // Its number opens the DRE on the same basis and centre.
  await nextYear.getByRole('link', { name: new RegExp(`^${label} em Receitas: R\\$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/bi/relatorios/dre\\?year=${year + 1}&costCenterId=${centre.body.id}&basis=due$`));
  await expect(page.getByRole('combobox', { name: 'Regime', exact: true })).toHaveValue('due');

  // Back, and on to the DRE painel: the year and basis chosen go along; it asks the DRE report on that basis.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/bi/dashboards/dre2\\?year=${year + 1}&basis=due$`));
  await page.getByRole('navigation', { name: 'Painéis' }).getByRole('link', { name: 'DRE por mês' }).click();
  await expect(page).toHaveURL(new RegExp(`/bi/dashboards/dre1\\?year=${year + 1}&basis=due$`));
  await expect(page.getByRole('combobox', { name: 'Regime', exact: true })).toHaveValue('due');
  const requested = page.waitForRequest((request) => /\/reports\/dre\?/.test(request.url()) && new URL(request.url()).searchParams.get('basis') === 'paid');
  await page.getByRole('combobox', { name: 'Regime', exact: true }).selectOption({ label: 'Baixa (caixa)' });
  await requested;
  await expect(page).toHaveURL(new RegExp(`/bi/dashboards/dre1\\?year=${year + 1}&basis=paid$`));
});

test('<bo-painel> on the intranet page: the painel inside the intranet, and nothing but its slot for who may not read it', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/intranet.html#topo');
  const login = page.locator('bo-login');
  await login.getByLabel('E-mail').fill('tesouraria@demo.com.br');
  await login.getByLabel('Senha', { exact: true }).fill(SECRET);
  await login.getByRole('button', { name: 'Entrar' }).click();
  const painel = page.locator('bo-painel');
  await expect(painel.getByRole('heading', { name: 'Painéis: Tesouraria', level: 1 })).toBeVisible();
  await expect(painel.getByRole('region', { name: 'Saldo por conta — valores em reais' })).toBeVisible();
  await painel.getByRole('navigation', { name: 'Painéis' }).getByRole('link', { name: 'Fluxo de caixa (DFC)' }).click();
  await expect(painel.getByRole('heading', { name: 'Painéis: Fluxo de caixa (DFC)', level: 1 })).toBeVisible();
  // The host's path stays; the element keeps its page in its own query parameter, and a reload opens it again.
  expect(new URL(page.url()).pathname).toBe('/intranet.html');
  expect(new URL(page.url()).searchParams.get('painel')).toBe('/bi/dashboards/dfc');
  await page.reload();
  await expect(painel.getByRole('heading', { name: 'Painéis: Fluxo de caixa (DFC)', level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/intranet.html');
  await painel.scrollIntoViewIfNeeded();
  await shoot(page, 'intranet-painel', { element: painel, atEachWidth: async (width) => expect(await axeViolations(page, 'bo-painel'), `bo-painel at ${width} px`).toEqual([]) });
  // Its "Abrir o relatório completo" takes a mouse click (no chart layer over it) and opens the report inside the element.
  await painel.getByRole('link', { name: 'Abrir o relatório completo' }).click();
  await expect(painel.getByRole('heading', { name: 'Fluxo de caixa', level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/intranet.html');
  await expect.poll(() => new URL(page.url()).searchParams.get('painel')).toMatch(/^\/bi\/relatorios\/fluxo-de-caixa\?/);

  // A requester may not read the reports: the element shows only its slot and says so with an event.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/intranet.html');
  await other.evaluate(() => {
    (window as unknown as { forbidden: unknown[] }).forbidden = [];
    document.querySelector('bo-painel')!.addEventListener('bo-forbidden', (event) => (window as unknown as { forbidden: unknown[] }).forbidden.push((event as CustomEvent).detail));
  });
  const otherLogin = other.locator('bo-login');
  await otherLogin.getByLabel('E-mail').fill('solicitante@demo.com.br');
  await otherLogin.getByLabel('Senha', { exact: true }).fill(SECRET);
  await otherLogin.getByRole('button', { name: 'Entrar' }).click();
  await expect(other.getByText('Os painéis são da tesouraria e da controladoria.')).toBeVisible();
  await expect(other.locator('bo-painel').getByRole('heading', { name: /^Painéis/ })).toHaveCount(0);
  await expect.poll(() => other.evaluate(() => (window as unknown as { forbidden: unknown[] }).forbidden.length)).toBeGreaterThan(0);
  await context.close();
});
