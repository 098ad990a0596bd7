/**
 * Dual control of a conta financeira's bank data, driven as tesouraria would: the account's edit
 * form shows its bank data, holder and PIX keys read-only and says where they change; "Alterações de
 * dados" → a new alteração starts from the account's current data; the agência is changed with a
 * reason and saved; the change shows "Antes → depois"; sent, it is applied (the demo has no approval
 * queue for these changes: admins create one in Filas de aprovação) and the account shows the new
 * agência. Every screen is axe-clean and never scrolls sideways at 390 px. The account made here is
 * closed at the end, so the demo's Itaú stays the one bank account other specs find.
 */
import { expect, test } from '@playwright/test';
import { BANK_DATA_NOTE } from '../../src/contracts/resources/bankAccounts';
import { noAxeViolations, shown } from './finance-support';
import { shoot } from './screens';
import { api, signIn, signOut } from './support';

const RUN = Date.now().toString(36);

test('tesouraria changes a conta financeira’s agência through an alteração de dados bancários, before → after', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const banks = await api(page, 'GET', '/api/finance/banks?q=Bradesco&perPage=1');
  const account = {
    name: `Bradesco — Alterações ${RUN}`, type: 'checking', bankId: banks.body[0].id, agency: '3381', agencyDigit: null, account: '99887', accountDigit: '1', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181',
    pixKeys: [{ type: 'cnpj', key: '11222333000181', isDefault: true }], openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null,
  };
  const created = await api(page, 'POST', '/api/finance/bank-accounts', account);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  try {
    // The account's own form: the bank data are shown, not edited.
    await page.goto(`/contas-financeiras/${created.body.id}/editar`);
    await expect(page.getByText(BANK_DATA_NOTE)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome da conta' })).toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Agência', exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Chaves PIX' }).getByRole('checkbox')).toHaveCount(0);
    await shoot(page, 'conta-financeira-form-dados-bancarios', { atEachWidth: () => noAxeViolations(page) });

    // A new alteração starts from what the account holds now.
    await page.goto(`/contas-financeiras/${created.body.id}/alteracoes`);
    await page.getByRole('button', { name: 'Nova Alteração de dados bancários' }).click();
    await expect(page.getByRole('heading', { name: 'Nova Alteração de dados bancários' })).toBeVisible();
    const agency = page.getByRole('textbox', { name: 'Agência', exact: true });
    await expect(agency).toHaveValue('3381');
    await expect(page.getByRole('textbox', { name: 'Conta', exact: true })).toHaveValue('99887');
    await expect(page.getByRole('group', { name: 'Chaves PIX' }).getByRole('checkbox', { name: 'Chave principal' })).toBeChecked();
    await agency.fill('4455');
    await page.getByRole('textbox', { name: 'Motivo da alteração' }).fill('A conta foi transferida para a agência 4455.');
    await shoot(page, 'alteracao-dados-bancarios-form', { atEachWidth: () => noAxeViolations(page) });
    await page.getByRole('button', { name: 'Salvar' }).click();

    // Its page: what changes, before → after; the account is untouched until it is applied.
    await expect(page.getByText('Rascunho').first()).toBeVisible();
    const changes = page.getByRole('table', { name: 'Antes → depois' });
    await expect(changes.getByRole('row').filter({ hasText: 'Agência' })).toContainText('3381');
    await expect(changes.getByRole('row').filter({ hasText: 'Agência' })).toContainText('4455');
    expect((await api(page, 'GET', `/api/finance/bank-accounts/${created.body.id}`)).body.agency).toBe('3381');
    await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('A conta só muda quando ela for aprovada.');
    await dialog.getByRole('button', { name: 'Enviar para aprovação' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Aplicada').first()).toBeVisible();
    await shoot(page, 'alteracao-dados-bancarios-aplicada', { atEachWidth: () => noAxeViolations(page) });

    await page.goto(`/contas-financeiras/${created.body.id}`);
    await expect(shown(page, 'Agência')).toHaveText('4455');
    // Its abertura was applied when it was made (the demo has no queue for these changes).
    await expect(shown(page, 'Situação dos dados bancários')).toHaveText('Aprovados');
    // The account's changes, in its tab: who asked for what, and where each stands.
    await page.getByRole('link', { name: 'Alterações de dados' }).click();
    const rows = page.getByRole('table', { name: 'Alterações de dados bancários' }).getByRole('row');
    await expect(rows.filter({ hasText: 'A conta foi transferida para a agência 4455.' })).toContainText('Aplicada');
    await shoot(page, 'alteracoes-dados-bancarios-lista', { atEachWidth: () => noAxeViolations(page) });
  } finally {
    const now = (await api(page, 'GET', `/api/finance/bank-accounts/${created.body.id}`)).body;
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, currentBalance: _cur, projectedBalance: _pro, bankDataStatus: _status, _refs, _actions, ...values } = now;
    const closed = await api(page, 'PUT', `/api/finance/bank-accounts/${created.body.id}`, { ...values, isActive: false }, { 'if-match': `"${version}"` });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  }
  await signOut(page);
});
