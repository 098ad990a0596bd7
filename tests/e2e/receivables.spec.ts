/**
 * Contas a receber end to end (issue 27 §3), driven as people would: tesouraria@ enters a
 * lançamento a receber through the form — parcelas from "30/60", the first paid by a boleto WE
 * issue (nosso número and its linha digitável, received in our Itaú account), the second by PIX
 * to our CNPJ key, chosen among the Itaú account's keys (its principal one comes filled) — and
 * saves it; the form asks for none of a payee's data (no favorecido, no
 * bank of the customer). The lançamento is in the list; a parcela is received ("Receber": data
 * do recebimento, valor recebido) and shows Recebida. Every screen visited is axe-clean and never
 * scrolls sideways at 390 px.
 */
import { expect, test } from '@playwright/test';
import { formatBoletoLine, makeBoletoLine } from '../../src/contracts/brazil/boleto';
import { buildInstallments, parsePaymentCondition } from '../../src/contracts/paymentTerms';
import { BANK_DATA_NOTE } from '../../src/contracts/resources/bankAccounts';
import { fillValues, noAxeViolations, pick, searchRows, shown } from './finance-support';
import { shoot } from './screens';
import { api, signIn, signOut } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DESCRIPTION = `Receita e2e ${RUN}`;
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const br = (date: string) => date.split('-').reverse().join('/');

/** The parcelas "30/60" make from R$ 1.000,00 issued today (due dates moved to business days). */
const planned = () => {
  const parsed = parsePaymentCondition('30/60');
  if (!parsed.ok) throw new Error(parsed.message);
  return buildInstallments({ total: 100000, condition: parsed.condition, startDate: today });
};

test('tesouraria enters a conta a receber with a boleto of ours and PIX to our key, and saves it', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-receber/lancamentos');
  await expect(page.getByRole('heading', { name: 'Lançamentos a receber' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo Lançamento a receber' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Lançamento a receber' })).toBeVisible();

  await pick(page, 'Cliente', 'Mercado Bom');
  await pick(page, 'Categoria de receita', 'Prestação');
  await fillValues(page, DESCRIPTION, today, '30/60');

  // Each parcela is received, by default, in the lançamento's account.
  const [one, two] = [page.getByRole('group', { name: 'Item 1' }), page.getByRole('group', { name: 'Item 2' })];
  for (const item of [one, two]) await expect(item.getByRole('combobox', { name: 'Conta de recebimento' })).toHaveValue(/Itaú/);

  // Parcela 1: the boleto we issued through Itaú (optional, typed here).
  const [first] = planned();
  await expect(one.getByLabel('Forma de recebimento')).toHaveValue('boleto');
  await one.getByRole('textbox', { name: 'Nosso número' }).fill('00012345678');
  await one.getByRole('textbox', { name: 'Linha digitável do nosso boleto' }).fill(formatBoletoLine(makeBoletoLine({ bankCode: '341', dueDate: first!.dueDate, amount: first!.amount })));
  await expect(page.getByText(`Parcela 1 — boleto lido: valor R$ 500,00, vencimento ${br(first!.dueDate)}, banco 341.`)).toBeVisible();

  // Parcela 2: PIX to one of OUR keys — chosen among the receiving account's, never typed; the
  // account's principal key (our CNPJ) comes filled.
  await two.getByLabel('Forma de recebimento').selectOption({ label: 'PIX' });
  await expect(two.getByRole('textbox', { name: 'Nosso número' })).toHaveCount(0);
  const ourKey = two.getByRole('combobox', { name: 'Nossa chave PIX', exact: true });
  await expect(two.getByRole('textbox', { name: 'Nossa chave PIX' })).toHaveCount(0);
  await expect(ourKey).toHaveValue('11222333000181');
  // The key's type follows the choice (the option says it): no select of its own beside the key.
  await expect(two.getByLabel('Tipo da nossa chave PIX')).toHaveCount(0);
  await expect(ourKey.getByRole('option')).toHaveText(['Selecione a chave', 'CNPJ: 11.222.333/0001-81 (principal)', 'E-mail: financeiro@demo.com.br']);
  await ourKey.selectOption({ label: 'E-mail: financeiro@demo.com.br' });
  await expect(ourKey).toHaveValue('financeiro@demo.com.br');
  await shoot(page, 'receber-chave-pix-da-conta', { atEachWidth: () => noAxeViolations(page) });
  await ourKey.selectOption({ label: 'CNPJ: 11.222.333/0001-81 (principal)' });
  await expect(ourKey).toHaveValue('11222333000181');

  // Nothing of a payee: the customer's bank, agência, conta, favorecido or their linha digitável.
  for (const label of ['Favorecido', 'CPF/CNPJ do favorecido', 'Agência', 'Linha digitável ou código de barras', 'PIX copia e cola']) await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Adicionar centro de custos' }).click();
  await pick(page, 'Centro de custos', 'Administrativo');
  await page.getByRole('textbox', { name: 'Percentual' }).fill('100,00');
  await page.getByRole('button', { name: 'Ratear pelos percentuais' }).click();
  await expect(page.getByText('Soma do rateio: R$ 1.000,00 de R$ 1.000,00')).toBeVisible();
  await shoot(page, 'receber-form-preenchido', { atEachWidth: () => noAxeViolations(page) });

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DESCRIPTION, exact: true })).toBeVisible();
  await expect(page.getByText('Aberto').first()).toBeVisible();
  // The type went with the chosen key.
  const saved = await api(page, 'GET', `/api/finance/receivables/${new URL(page.url()).pathname.split('/').pop()}`);
  expect(saved.body.installments[1]).toMatchObject({ paymentMethod: 'pix', pixKey: '11222333000181', pixKeyType: 'cnpj' });
  await shoot(page, 'receber-lancamento', { atEachWidth: () => noAxeViolations(page) });
  await signOut(page);
});

test('a person finds it in the list and receives the PIX parcela: data do recebimento, valor recebido, Recebida', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-receber/lancamentos');
  const entries = await searchRows(page, page, DESCRIPTION, 1);
  await expect(entries).toContainText('Aberto');
  await expect(entries).toContainText(/R\$\s1\.000,00/);
  await shoot(page, 'receber-lista', { atEachWidth: () => noAxeViolations(page) });

  await page.goto('/contas-a-receber/parcelamentos');
  const rows = await searchRows(page, page, DESCRIPTION, 2);
  await rows.filter({ hasText: `${DESCRIPTION} — 2/2` }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: `${DESCRIPTION} — 2/2` })).toBeVisible();
  await expect(shown(page, 'Forma de recebimento')).toHaveText('PIX');
  await expect(shown(page, 'Conta de recebimento')).toContainText('Itaú');
  await expect(shown(page, 'Nossa chave PIX')).toContainText(/11\.?222\.?333\/?0001-?81/);

  await page.getByRole('button', { name: 'Receber', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Receber' });
  await expect(dialog.getByRole('textbox', { name: 'Data do recebimento' })).toHaveValue(br(today));
  await expect(dialog.getByRole('textbox', { name: 'Valor recebido (R$)' })).toHaveValue('500,00');
  await expect(dialog.getByRole('combobox', { name: 'Conta de recebimento' })).toHaveValue(/Itaú/);
  await shoot(page, 'receber-dialogo', { atEachWidth: () => noAxeViolations(page) });
  await dialog.getByRole('button', { name: 'Receber' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByText('Recebida').first()).toBeVisible();
  await expect(shown(page, 'Valor recebido')).toHaveText(/R\$\s500,00/);
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s0,00/);
  const history = page.getByRole('region', { name: 'Histórico', exact: true }).getByRole('listitem');
  await expect(history.first()).toContainText(/Recebimento de R\$\s500,00/);
  await shoot(page, 'receber-parcela-recebida', { atEachWidth: () => noAxeViolations(page) });

  // The lançamento still owes the boleto's parcela.
  await page.goto('/contas-a-receber/lancamentos');
  await expect(await searchRows(page, page, DESCRIPTION, 1)).toContainText(/R\$\s500,00/);
  await signOut(page);
});

test('our PIX keys are kept on the conta financeira: shown on the account and in its form, changed only through an alteração', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-financeiras');
  const rows = await searchRows(page, page, 'Itaú', 1);
  await rows.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Itaú — Pagamentos' })).toBeVisible();
  await expect(page.getByText('financeiro@demo.com.br')).toBeVisible();
  await shoot(page, 'conta-financeira-chaves-pix', { atEachWidth: () => noAxeViolations(page) });
  await page.getByRole('link', { name: 'Editar' }).or(page.getByRole('button', { name: 'Editar' })).first().click();
  // Shown, not edited there: they change through an approved alteração de dados bancários (bank-account-changes.spec).
  await expect(page.getByText(BANK_DATA_NOTE)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Chave principal' })).toHaveCount(0);
  await expect(page.getByText('financeiro@demo.com.br')).toBeVisible();
  await shoot(page, 'conta-financeira-form-chaves-pix', { atEachWidth: () => noAxeViolations(page) });
  await signOut(page);
});

test('another receiving account offers only its own keys: its one key fills the choice', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const name = `Bradesco — Recebimentos ${RUN}`;
  const banks = await api(page, 'GET', '/api/finance/banks?q=237&perPage=1');
  const account = {
    name, type: 'checking', bankId: banks.body[0].id, agency: '3381', agencyDigit: null, account: '99887', accountDigit: '1', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181',
    pixKeys: [{ type: 'email', key: `recebimentos.${RUN}@demo.com.br`, isDefault: false }], openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null,
  };
  const created = await api(page, 'POST', '/api/finance/bank-accounts', account);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await page.goto('/contas-a-receber/lancamentos/adicionar');
  await fillValues(page, `${DESCRIPTION} outra conta`, today, 'à vista');
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('Forma de recebimento').selectOption({ label: 'PIX' });
  const ourKey = item.getByRole('combobox', { name: 'Nossa chave PIX', exact: true });
  await expect(ourKey).toHaveValue('11222333000181');
  // Another account: the Itaú key is not one of its own — its only key takes its place.
  await item.getByRole('button', { name: 'Limpar' }).first().click();
  await pick(item, 'Conta de recebimento', name);
  await expect(ourKey).toHaveValue(`recebimentos.${RUN}@demo.com.br`);
  await expect(ourKey.getByRole('option')).toHaveText(['Selecione a chave', `E-mail: recebimentos.${RUN}@demo.com.br`]);
  // The key's type follows the choice ("E-mail: …"): no select of its own beside it.
  await expect(item.getByLabel('Tipo da nossa chave PIX')).toHaveCount(0);
  await item.scrollIntoViewIfNeeded();
  await shoot(page, 'conta-a-receber-chave-escolhida', { atEachWidth: () => noAxeViolations(page) });
  // Left unsaved (the form would ask before leaving): the page and its session end with the test.
  // The account made here is closed again, so the demo's Itaú stays the one bank account other specs find (the fila de remessa picks it alone).
  const closed = await api(page, 'PUT', `/api/finance/bank-accounts/${created.body.id}`, { ...account, isActive: false }, { 'if-match': `"${created.body.version}"` });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
});

