/**
 * Contas a pagar end to end against the real server: tesouraria@ enters a lançamento (parcelas
 * from "30/60/90", a boleto on parcela 1, rateio 60/40), sends it (no queue → Aprovado);
 * solicitante@ confirms the parcela in the Fila do Solicitante; admin@ (not the one who entered
 * it) authorises it in the Fila de Pagamentos; tesouraria@ gives a partial baixa, the rest, then
 * reverses one. Plus a boleto with a wrong check digit, and <bo-contas-a-pagar> on the intranet.
 */
import { expect, test, type Page } from '@playwright/test';
import { makeBoletoLine } from '../../src/contracts/brazil/boleto';
import { buildInstallments, parsePaymentCondition } from '../../src/contracts/paymentTerms';
import { axeViolations, signIn, signOut } from './support';

test.describe.configure({ mode: 'serial' });

const DESCRIPTION = `Conta e2e ${Date.now().toString(36)}`;
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function pick(page: Page, label: string, search: string, nth = 0) {
  await page.getByRole('combobox', { name: label }).nth(nth).fill(search);
  await page.getByRole('listbox', { name: label }).getByRole('option').first().click();
}

/** The parcelas "30/60/90" make from R$ 1.000,00 issued today. */
const planned = () => {
  const parsed = parsePaymentCondition('30/60/90');
  if (!parsed.ok) throw new Error(parsed.message);
  return buildInstallments({ total: 100000, condition: parsed.condition, startDate: today });
};

async function fillEntry(page: Page, boletoLine: string) {
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  await pick(page, 'Fornecedor', 'Papelaria');
  await pick(page, 'Categoria de despesa', 'ICMS');
  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  await box('Descrição').fill(DESCRIPTION);
  await box('Data de emissão').fill(today.split('-').reverse().join('/'));
  await box('Competência (mês/ano)').fill(`${today.slice(5, 7)}/${today.slice(0, 4)}`);
  await box('Valor total (R$)').fill('1.000,00');
  await box('Condição de pagamento').fill('30/60/90');
  await page.getByRole('button', { name: 'Gerar parcelas' }).click();
  await expect(page.getByText('Soma das parcelas: R$ 1.000,00 de R$ 1.000,00')).toBeVisible();
  await page.getByLabel('Linha digitável').first().fill(boletoLine);
}

test('tesouraria enters a lançamento a pagar and sends it', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const [first] = planned();
  const line = makeBoletoLine({ bankCode: '341', dueDate: first!.dueDate, amount: first!.amount });
  await fillEntry(page, line);
  await shoot(page, 'lancamento-form');
});
