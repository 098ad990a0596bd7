/**
 * Forms and records (issue 11): the sticky action bar and Ctrl+S on a long registry form, the
 * "Histórico" tab showing who changed which field, and the CNPJ lookup — our server asks the
 * public service's stand-in the e2e setup starts (scripts/test-company-lookup-server.mjs) — filling
 * the empty fields, or saying it could not look the CNPJ up.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents';
import { axeViolations, signIn } from './support';

/** What the CNPJ service's stand-in knows (the same file it reads). */
const companies = JSON.parse(readFileSync(new URL('./fixtures/company-lookup.json', import.meta.url), 'utf8')) as { found: { cnpj: string }; unreachable: string };

const SHOTS = process.env.E2E_SHOTS;

function newCnpj(offset = 0): string {
  const base = `${String((Date.now() + offset) % 1e8).padStart(8, '0')}0002`;
  return base + cnpjCheckDigits(base);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const width of [1366, 390]) {
  test(`keeps Salvar and Cancelar in view, Ctrl+S saves, and Histórico shows the changes (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 768 : 844 });
    await signIn(page, 'admin@demo.com.br');
    await page.goto('/fornecedores/adicionar');

    // Once the form is on screen (at 390 px the portal's navigation comes first), its bar is too.
    await page.getByLabel(/^CPF\/CNPJ/).scrollIntoViewIfNeeded();
    const bar = page.getByRole('group', { name: 'Ações do formulário' });
    const save = bar.getByRole('button', { name: 'Salvar' });
    await expect(save).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Cancelar' })).toBeInViewport();
    await shot(page, `form-sticky-${width}`);
    const addresses = page.getByRole('group', { name: 'Endereços' });
    await expect(addresses.getByRole('button', { name: 'Adicionar endereço' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Contatos' }).getByRole('button', { name: 'Adicionar contato' })).toBeVisible();

    const cnpj = newCnpj(width);
    const name = `Fornecedor Histórico ${cnpj.slice(0, 8)} Ltda`;
    await page.getByLabel(/^CPF\/CNPJ/).fill(cnpj);
    await page.getByLabel(/^Nome \/ Razão social/).fill(name);
    // The document decides the type as it is typed.
    await expect(page.getByRole('group', { name: 'Identificação' })).toContainText('Pessoa jurídica');
    // The bar stays at the bottom of the viewport wherever the form is scrolled to.
    await addresses.getByRole('button', { name: 'Adicionar endereço' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await expect(save).toBeInViewport();

    await page.keyboard.press('Control+S');
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel(/^Nome \/ Razão social/).fill(`${name} ME`);
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('heading', { name: `${name} ME` })).toBeVisible();

    await page.getByRole('link', { name: 'Histórico' }).click();
    await expect(page).toHaveURL(/\/fornecedores\/[^/]+\/historico$/);
    const audit = page.getByRole('region', { name: 'Histórico de alterações' });
    const entries = audit.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Alteração');
    await expect(entries.first()).toContainText('por ');
    const row = entries.first().getByRole('row', { name: /Nome \/ Razão social/ });
    await expect(row).toContainText(name);
    await expect(row).toContainText(`${name} ME`);
    await expect(entries.nth(1)).toContainText('Criação');
    await page.getByRole('link', { name: 'Histórico' }).scrollIntoViewIfNeeded();
    const close = page.getByRole('button', { name: 'Fechar' });
    for (let i = 0; i < 5 && (await close.count()) > 0; i++) await close.first().click({ timeout: 2000 }).catch(() => undefined);
    await shot(page, `historico-${width}`);
  });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a CNPJ typed in fills the empty company fields and its address from the lookup; the show page reads the address as lines', async ({ page }) => {
  const lookups: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/commons/companies/cnpj/')) lookups.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores/adicionar');
  // What the user typed first stays: only empty fields are filled.
  await page.getByLabel(/^E-mail/).fill('financeiro@padaria.test');
  await page.getByLabel(/^CPF\/CNPJ/).fill(companies.found.cnpj);
  await expect(page.getByRole('status').filter({ hasText: 'Dados da empresa preenchidos a partir do CNPJ' })).toBeVisible();
  expect(lookups).toEqual([`200 /v1/commons/companies/cnpj/${companies.found.cnpj}`]);
  await expect(page.getByLabel(/^Nome \/ Razão social/)).toHaveValue('PADARIA PAULISTA DE TESTES LTDA');
  await expect(page.getByLabel(/^Nome fantasia/)).toHaveValue('PADARIA PAULISTA');
  await expect(page.getByLabel(/^E-mail/)).toHaveValue('financeiro@padaria.test');
  await expect(page.getByLabel(/^Telefone/).first()).toHaveValue('(11) 3285-1000');
  const addresses = page.getByRole('group', { name: 'Endereços' });
  await expect(addresses.getByLabel(/^Tipo/)).toHaveValue('main');
  await expect(addresses.getByLabel(/^CEP/)).toHaveValue('01310-100');
  await expect(addresses.getByLabel(/^Logradouro/)).toHaveValue('AVENIDA PAULISTA');
  await expect(addresses.getByLabel(/^Número/)).toHaveValue('1578');
  await expect(addresses.getByLabel(/^UF/)).toHaveValue('SP');
  await expect(addresses.getByLabel(/^Município/)).toHaveValue('3550308');
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'cnpj-preenchido');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PADARIA PAULISTA DE TESTES LTDA' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Endereços' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('AVENIDA PAULISTA, 1578, LOJA 2');
  await expect(lines.first()).toContainText('São Paulo/SP');
  await expect(lines.first()).toContainText(/CEP\s01310-100/);
  // The section "Endereços" names its list once.
  await expect(page.getByRole('region', { name: 'Endereços' }).getByRole('term')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await shot(page, `fornecedor-documento-${width}`);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
});

test('when the CNPJ service cannot be reached the form says so and stays usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores/adicionar');
  await page.getByLabel(/^Nome \/ Razão social/).fill('Fornecedor sem consulta Ltda');
  await page.getByLabel(/^CPF\/CNPJ/).fill(companies.unreachable);
  await expect(page.getByRole('status').filter({ hasText: 'Não foi possível consultar o CNPJ agora; preencha os dados manualmente.' })).toBeVisible();
  await expect(page.getByLabel(/^Nome \/ Razão social/)).toHaveValue('Fornecedor sem consulta Ltda');
  expect(await axeViolations(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shot(page, 'cnpj-indisponivel-390');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fornecedor sem consulta Ltda' })).toBeVisible();
});

test('offline, saving says so in pt-BR and keeps what was typed; back online, the same form saves', async ({ page, context }) => {
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores/adicionar');
  const cnpj = newCnpj(7);
  const name = `Fornecedor Sem Rede ${cnpj.slice(0, 8)} Ltda`;
  await page.getByLabel(/^CPF\/CNPJ/).fill(cnpj);
  await page.getByLabel(/^Nome \/ Razão social/).fill(name);
  await context.setOffline(true);
  await page.getByRole('group', { name: 'Ações do formulário' }).getByRole('button', { name: 'Salvar' }).click();
  const offline = 'A requisição foi interrompida. Sem conexão com o servidor: verifique a internet. O que você preencheu continua na tela; tente de novo quando a conexão voltar.';
  await expect(page.getByRole('alert').filter({ hasText: offline }).first()).toBeVisible();
  await expect(page.getByLabel(/^Nome \/ Razão social/)).toHaveValue(name);
  expect(await axeViolations(page)).toEqual([]);
  await context.setOffline(false);
  await page.getByRole('group', { name: 'Ações do formulário' }).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
