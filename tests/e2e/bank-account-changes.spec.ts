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
import { BANK_ACCOUNT_CHANGE_MESSAGES } from '../../src/contracts/resources/bankAccountChanges';
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

/** Everything of a record the API accepts back on a PUT (what the server manages left out). */
const writable = ({ id: _id, version: _v, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, currentBalance: _cur, projectedBalance: _pro, bankDataStatus: _s, _refs, _actions, ...values }: Record<string, unknown>) => values;

test('with a queue for bank-data changes, a new account waits for its abertura: another person approves it and it is active; one whose abertura was cancelled says so and cannot be activated', async ({ page }) => {
  // As admin: a queue for these changes, decided by admin alone (tesouraria proposes, so never decides).
  await signIn(page, 'admin@demo.com.br');
  const admin = (await api(page, 'GET', '/v1/identity/users?q=admin%40demo.com.br')).body[0];
  const queue = await api(page, 'POST', '/v1/approvals/queues', {
    name: `Dados bancários e2e ${RUN}`, resource: 'bankAccountChanges', priority: 1, isActive: true, description: null, triggers: [],
    stages: [{ name: 'Diretoria', minApprovals: 1, approverUserIds: [admin.id], approverGroupIds: [] }],
  });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  const made: string[] = [];
  try {
    await signOut(page);
    await signIn(page, 'tesouraria@demo.com.br');
    const banks = await api(page, 'GET', '/api/finance/banks?q=Bradesco&perPage=1');
    const account = (name: string) => ({
      name, type: 'checking', bankId: banks.body[0].id, agency: '3381', agencyDigit: null, account: '55443', accountDigit: '2', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181',
      pixKeys: [], openingBalance: 0, openingBalanceDate: '2026-01-01', isActive: true, notes: null,
    });
    const [waiting, dropped] = [`Bradesco — Abertura ${RUN}`, `Bradesco — Desistência ${RUN}`];
    for (const name of [waiting, dropped]) {
      const created = await api(page, 'POST', '/api/finance/bank-accounts', account(name));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      made.push(created.body.id);
    }
    // Made inactive: its bank data wait for their approval.
    await page.goto(`/contas-financeiras/${made[0]}`);
    await expect(shown(page, 'Situação dos dados bancários')).toHaveText('Abertura aguardando aprovação');
    await expect(shown(page, 'Ativa')).toHaveText('Não');

    // The second one's abertura is cancelled by whoever asked for it: the account says so, for good.
    await page.goto(`/contas-financeiras/${made[1]}/alteracoes`);
    await page.getByRole('table', { name: 'Alterações de dados bancários' }).getByRole('row').filter({ hasText: 'Abertura da conta' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Cancelar alteração' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Conta aberta por engano.');
    await dialog.getByRole('button', { name: 'Cancelar alteração' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Cancelada').first()).toBeVisible();
    await page.goto(`/contas-financeiras/${made[1]}`);
    await expect(shown(page, 'Situação dos dados bancários')).toHaveText('Abertura cancelada');
    await shoot(page, 'conta-financeira-abertura-cancelada', { atEachWidth: () => noAxeViolations(page) });
    // The list's selection does not offer "Ativar" on it (nor on the one still waiting)…
    await page.goto(`/contas-financeiras?isActive=false&q=${encodeURIComponent(RUN)}`);
    for (const name of [waiting, dropped]) await page.getByRole('checkbox', { name: `Selecionar ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Ações' });
    await expect(bar).toContainText('2 selecionados');
    await expect(bar).toContainText('Nenhuma ação se aplica aos registros selecionados.');
    await shoot(page, 'contas-financeiras-selecao-sem-acoes', { atEachWidth: () => noAxeViolations(page) });
    await expect(bar.getByRole('button', { name: 'Limpar seleção' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Ativar', exact: true })).toHaveCount(0);
    // …and ticking "Ativa" on its form says why not, and what to do instead.
    await page.goto(`/contas-financeiras/${made[1]}/editar`);
    await page.getByRole('checkbox', { name: 'Ativa' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('form').getByRole('alert')).toHaveText(BANK_ACCOUNT_CHANGE_MESSAGES.openingCancelled);
    // The refused change is left unsaved, as a person would leave it.
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sair sem salvar' }).click();
    await signOut(page);

    // Whoever may delete accounts deletes it from its page.
    await signIn(page, 'admin@demo.com.br');
    await page.goto(`/contas-financeiras/${made[1]}`);
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Registro excluído.')).toBeVisible();
    expect((await api(page, 'GET', `/api/finance/bank-accounts/${made[1]}`)).status).toBe(404);

    // Admin decides the first one's abertura from the inbox: the account is active, its data approved.
    await page.goto('/filas-de-aprovacao');
    const row = page.getByRole('row').filter({ hasText: 'Alteração de dados bancários' }).filter({ hasText: 'Tânia Tesouraria' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').first().click();
    // The approver reads whose data these are: the account, its proposed data, the holder's CNPJ formatted.
    const documentCard = page.getByRole('region', { name: 'Documento' });
    await expect(documentCard).toContainText('Abertura da conta');
    await expect(documentCard.getByRole('link', { name: waiting })).toBeVisible();
    await expect(documentCard.getByRole('table', { name: 'Antes → depois' }).getByRole('row').filter({ hasText: 'CNPJ/CPF do titular' })).toContainText('11.222.333/0001-81');
    await shoot(page, 'abertura-de-conta-aprovacao', { atEachWidth: () => noAxeViolations(page) });
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Aprovação registrada.')).toBeVisible();
    await page.goto(`/contas-financeiras/${made[0]}`);
    await expect(shown(page, 'Situação dos dados bancários')).toHaveText('Aprovados');
    await expect(shown(page, 'Ativa')).toHaveText('Sim');
  } finally {
    // The queue off and the accounts gone (no movement), so the other specs' accounts open as before.
    // A body that failed mid-form may leave no "Sair" to click: the stored session is dropped instead,
    // so the login page shows (a signed-in visit to /login moves on, and the body's own error would be lost).
    await signOut(page).catch(async () => {
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
    });
    await signIn(page, 'admin@demo.com.br');
    const now = (await api(page, 'GET', `/v1/approvals/queues/${queue.body.id}`)).body;
    const off = await api(page, 'PUT', `/v1/approvals/queues/${queue.body.id}`, { ...writable(now), isActive: false }, { 'if-match': `"${now.version}"` });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    for (const id of made) {
      const read = await api(page, 'GET', `/api/finance/bank-accounts/${id}`);
      if (read.status === 404) continue;
      const record = read.body;
      const gone = await api(page, 'DELETE', `/api/finance/bank-accounts/${id}`, undefined, { 'if-match': `"${record.version}"` });
      expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    }
    await signOut(page);
  }
});
