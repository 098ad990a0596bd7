/**
 * Tokens de conta (issue 26), end to end against the real server: admin@ makes a token in
 * /bi/tokens-de-conta/adicionar, sees its secret once on the token's page and copies it with the
 * button; the copied token pulls the DRE as CSV; the list then shows only its prefix, and the
 * token's page, opened again, no longer shows the secret and lists its uses (the CSV pull granted,
 * a report outside its scope refused), newest first. Screenshots at 1366 and 390 px, axe-clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';
import { shoot } from './screens';

const RUN = Date.now().toString(36);
const NAME = `Power BI e2e ${RUN}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

const shootAxeClean = (page: Page, name: string) =>
  shoot(page, name, { atEachWidth: async (width) => expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]) });

test('a token de conta: made on the screen, its secret shown once and copied, then only its prefix', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/bi/tokens-de-conta');
  await expect(page.getByRole('heading', { name: 'Tokens de Conta', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Token de conta' }).click();
  await expect(page).toHaveURL(/\/bi\/tokens-de-conta\/adicionar$/);
  await page.getByLabel('Nome').fill(NAME);
  await page.getByRole('checkbox', { name: 'DRE por mês' }).check();
  await page.getByLabel('Válido até').fill(inDays(90).split('-').reverse().join('/'));
  await page.getByRole('button', { name: 'Salvar' }).click();

  // The token's page, with its secret above it: once.
  const panel = page.getByRole('region', { name: 'Copie o token agora' });
  await expect(panel).toBeVisible();
  await expect(page.getByText('Token criado. Copie-o agora: ele não será mostrado de novo.')).toBeVisible();
  const field = panel.getByLabel('Token de acesso');
  const secret = await field.inputValue();
  expect(secret).toMatch(/^rtbi_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: 'Copiar token' }).click();
  await expect(page.getByText('Token copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shootAxeClean(page, 'bi-tokens-secret');
  const tokenUrl = page.url();

  // The copied token pulls the DRE as CSV (and nothing else).
  const year = inDays(0).slice(0, 4);
  const csv = await page.request.get(`/api/finance-reporting/reports/dre?year=${year}&format=csv`, { headers: { authorization: `Bearer ${secret}` } });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('Linha;Chave;Tipo');
  expect((await page.request.get('/v1/companies/suppliers', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

  // "Já copiei" hides it; the list shows only the prefix; the page again: no secret.
  await panel.getByRole('button', { name: 'Já copiei' }).click();
  await expect(panel).toBeHidden();
  await page.goto('/bi/tokens-de-conta');
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(secret.slice(0, 13));
  expect(await page.content()).not.toContain(secret.slice(13));
  await shootAxeClean(page, 'bi-tokens-list');
  await page.goto(tokenUrl);
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Copie o token agora' })).toHaveCount(0);
  await expect(page.getByText(secret.slice(0, 13))).toBeVisible();

  // Its uses: the CSV pull granted; a report outside its scope refused, newest first.
  expect((await page.request.get(`/api/finance-reporting/reports/cash-flow?from=${year}-01-01&to=${year}-01-31`, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(403);
  await page.reload();
  const uses = page.getByRole('region', { name: 'Últimos usos' });
  await expect(uses.getByText('2 usos registrados.')).toBeVisible();
  const lines = uses.getByRole('row');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(1)).toContainText('Fluxo de caixa');
  await expect(lines.nth(1)).toContainText('Recusada: relatório fora do token');
  await expect(lines.nth(2)).toContainText('DRE por mês');
  await expect(lines.nth(2)).toContainText('CSV');
  await expect(lines.nth(2)).toContainText('Liberada');
  await uses.scrollIntoViewIfNeeded();
  await shootAxeClean(page, 'bi-tokens-uses');
});
