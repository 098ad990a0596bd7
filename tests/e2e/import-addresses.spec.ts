/**
 * Suppliers known only by CEP, municipality and UF (no street, no number) imported from a
 * spreadsheet through the wizard as a person does it: upload an XLSX, the columns "CEP",
 * "Cidade" and "UF" recognised, every row valid in the preview, imported, then found in the
 * supplier list with their address. Axe-clean at 1366 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents';
import { xlsx } from '../../server/registry/xlsx';
import { axeViolations, signIn } from './support';

const PLACES = [
  { cep: '01310-100', city: 'São Paulo', uf: 'SP' },
  { cep: '20040002', city: 'Rio de Janeiro', uf: 'RJ' },
  { cep: '30130-010', city: 'Belo Horizonte', uf: 'MG' },
  { cep: '80010-000', city: 'CURITIBA', uf: 'pr' },
];

test('imports suppliers with partial addresses (CEP, Cidade, UF) from an XLSX and lists them', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const tag = String(Date.now()).slice(-6);
  const rows = PLACES.map((place, i) => {
    const base = `${String(60_000_000 + Number(tag) * 10 + i).slice(-8)}0001`;
    return [`${base}${cnpjCheckDigits(base)}`, `Endereço Parcial ${tag} ${i + 1} Ltda`, place.cep, place.city, place.uf];
  });
  const file = xlsx('Fornecedores', ['CNPJ', 'Razão Social', 'CEP', 'Cidade', 'UF'], rows);

  await signIn(page, 'admin@demo.com.br');
  await page.goto('/configuracoes/importacoes-em-lote/adicionar');
  await page.getByLabel('O que você vai importar').selectOption('suppliers');
  await page.getByLabel('Arquivo CSV ou XLSX').setInputFiles({ name: `fornecedores-${tag}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();

  // Every column was matched by its header, the address ones to the first address.
  await expect(page.getByRole('combobox', { name: 'Campo: CNPJ' })).toHaveValue('document');
  await expect(page.getByRole('combobox', { name: 'Campo: Razão Social' })).toHaveValue('name');
  await expect(page.getByRole('combobox', { name: 'Campo: CEP' })).toHaveValue('addresses.0.cep');
  await expect(page.getByRole('combobox', { name: 'Campo: Cidade' })).toHaveValue('addresses.0.city');
  await expect(page.getByRole('combobox', { name: 'Campo: UF' })).toHaveValue('addresses.0.state');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Conferir linhas' }).click();

  // No street or number, and still valid.
  await expect(page.getByText('4 linhas válidas e 0 com erro.')).toBeVisible();
  await expect(page.locator('tr[data-invalid]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/import-addresses-preview-wide.png', fullPage: true });
  await page.getByRole('button', { name: 'Importar 4 linhas' }).click();
  await expect(page.getByText('Importação concluída.')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Criados: 4')).toBeVisible();
  await expect(page.getByText('Com erro: 0')).toBeVisible();

  // The supplier list shows them; one opens with its address as imported (municipality by name, UF normalised).
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`/fornecedores?q=${encodeURIComponent(`Endereço Parcial ${tag}`)}`);
    await expect(page.getByText('4 registros')).toBeVisible();
    await expect(page.getByRole('link', { name: `Endereço Parcial ${tag} 4 Ltda`, exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.getByRole('link', { name: `Endereço Parcial ${tag} 4 Ltda`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Endereço Parcial ${tag} 4 Ltda` })).toBeVisible();
  await expect(page.getByText('Curitiba/PR', { exact: true })).toBeVisible();
  await expect(page.getByText('80010-000').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screens/import-addresses-show-phone.png', fullPage: true });
});
