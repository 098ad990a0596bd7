import { expect, test, type Page } from '@playwright/test';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents';
import { signIn } from './support';

/** A fresh valid numeric CNPJ (12-digit base from the clock, check digits computed). */
function newCnpj(offset = 0): string {
  const base = `${String((Date.now() + offset) % 1e8).padStart(8, '0')}0001`;
  return base + cnpjCheckDigits(base);
}

/** Requests the page sent to any origin other than the app's (the browser depends on nothing outside). */
function foreignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

test('creates a supplier with a CNPJ and an address whose CEP lookup (served by our server) fills UF and municipality', async ({ page, baseURL }) => {
  const foreign = foreignRequests(page, new URL(baseURL!).origin);
  const lookups: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/commons/addresses/postal-codes/')) lookups.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fornecedores/adicionar');

  const cnpj = newCnpj();
  const name = `Fornecedor E2E ${cnpj.slice(0, 8)} Ltda`;
  await page.getByLabel(/^CPF\/CNPJ/).fill(cnpj);
  await page.getByLabel(/^Nome \/ Razão social/).fill(name);

  const addresses = page.getByRole('group', { name: 'Endereços' });
  await addresses.getByRole('button', { name: 'Adicionar endereço' }).click();
  await addresses.getByLabel(/^Tipo/).selectOption('main');
  // The 8th digit looks the CEP up by itself (the button stays for retries).
  await addresses.getByLabel(/^CEP/).fill('01310-100');
  // Offline here (no internet): the server answers from the CEP ranges — UF and the capital.
  await expect(addresses.getByLabel(/^UF/)).toHaveValue('SP');
  await expect(addresses.getByLabel(/^Município/)).toHaveValue('3550308');
  expect(lookups).toEqual(['200 /v1/commons/addresses/postal-codes/01310100/json/']);
  const street = addresses.getByLabel(/^Logradouro/);
  if (!(await street.inputValue())) await street.fill('Avenida Paulista');
  await addresses.getByLabel(/^Número/).fill('1578');
  const district = addresses.getByLabel(/^Bairro/);
  if (!(await district.inputValue())) await district.fill('Bela Vista');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('São Paulo').first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test('imports 1,000 suppliers from a CSV through the wizard and finds them in the supplier list', async ({ page }) => {
  const tag = String(Date.now()).slice(-6);
  const lines = ['CNPJ;Razão Social;E-mail;Telefone'];
  for (let i = 0; i < 1000; i++) {
    const base = `${String(70_000_000 + Number(tag) * 1000 + i).slice(-8)}0001`;
    lines.push(`${base}${cnpjCheckDigits(base)};Importado ${tag} ${String(i).padStart(4, '0')} Ltda;compras${i}@importado${tag}.com.br;(11) 3${String(i).padStart(3, '0')}-0000`);
  }
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/configuracoes/importacoes-em-lote/adicionar');
  await page.getByLabel('O que você vai importar').selectOption('suppliers');
  await page.getByLabel('Arquivo CSV ou XLSX').setInputFiles({ name: `fornecedores-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();

  // The columns were matched to the fields by their names.
  await expect(page.getByRole('combobox', { name: 'Campo: CNPJ' })).toHaveValue('document');
  await expect(page.getByRole('combobox', { name: 'Campo: Razão Social' })).toHaveValue('name');
  await page.getByRole('button', { name: 'Conferir linhas' }).click();
  await expect(page.getByText('1000 linhas válidas e 0 com erro.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar 1000 linhas' }).click();
  await expect(page.getByText('Importação concluída.')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Criados: 1000')).toBeVisible();
  await expect(page.getByText('Com erro: 0')).toBeVisible();

  await page.goto('/fornecedores');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(`Importado ${tag} 0042`);
  await expect(page.getByRole('cell', { name: `Importado ${tag} 0042 Ltda`, exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(`Importado ${tag}`);
  await expect(page.getByText('1.000 registros')).toBeVisible();
});
