/**
 * Conciliação bancária end to end against the real server (issue 25): a lançamento with one PIX
 * parcela of R$ 1.250,00 on the Itaú account (entered by admin@, authorised and paid on 03/11/2026
 * by tesouraria@ through the API), then tesouraria@ on screen: the account's "Conciliação" tab →
 * import the bank's OFX (1.x SGML in Windows-1252, tests/fixtures/ofx) → the lines with their
 * accents, the suggested baixa for the PIX line → "Confirmar" → the line conciliada and the baixa
 * gone from the pending ones; the tarifa line, without a baixa, becomes the baixa of the other
 * parcela (its own transition) and is conciliada too; the same file again adds nothing and says so.
 * N:1: a parcela of R$ 1.000,00 paid in one baixa that the bank shows as two debits (R$ 600,00 and
 * R$ 400,00): tesouraria@ marks one line and the baixa (the difference is named), then the other
 * line, confirms; both lines conciliada together; undone whole; the split suggestion accepted in bulk.
 * Screenshots at 1366 and 390 px; axe-clean; no sideways scroll at 390 px.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { shoot } from './screens';
import { createPayable } from './finance-support';
import { api, axeViolations, signIn, signOut } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DESCRIPTION = `Conciliação e2e ${RUN}`;
const OFX = path.resolve('tests/fixtures/ofx/itau-novembro-1252.ofx');

let accountId = '';
let parcelaId = '';
let tariffParcelaId = '';

test('admin enters a PIX parcela on the Itaú account; tesouraria authorises and pays it on 03/11/2026', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const first = async (url: string) => (await api<{ id: string; account?: string }[]>(page, 'GET', url)).body;
  const accounts = await first('/api/finance/bank-accounts?perPage=50');
  accountId = accounts.find((a) => a.account === '56789')!.id;
  const created = await createPayable(page, { description: DESCRIPTION, documentNumber: `NF-${RUN}`, issueDate: '2026-11-01', total: 128990, bankAccountId: accountId,
    installments: [
      { number: 1, dueDate: '2026-11-03', amount: 125000, paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@acucarecia.com.br' },
      { number: 2, dueDate: '2026-11-10', amount: 3990, paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@acucarecia.com.br' },
    ],
  });
  const submitted = await api(page, 'POST', `/api/finance/payables/${created.id}/actions/submit`, {}, { 'if-match': `"${created.version}"` });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  parcelaId = created.installments[0].id;
  tariffParcelaId = created.installments[1].id;
  await signOut(page);

  await signIn(page, 'tesouraria@demo.com.br');
  const authorised = await api(page, 'POST', '/api/finance/payable-installments/bulk/authorize', { ids: [parcelaId, tariffParcelaId] });
  expect(authorised.body.failed).toEqual([]);
  const parcela = (await api(page, 'GET', `/api/finance/payable-installments/${parcelaId}`)).body;
  const paid = await api(page, 'POST', `/api/finance/payable-installments/${parcelaId}/actions/settle`, { paidOn: '2026-11-03', amount: 125000, bankAccountId: accountId }, { 'if-match': `"${parcela.version}"` });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
});

test('tesouraria imports the OFX, confirms the suggested baixa and sees the line conciliada', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto(`/contas-financeiras/${accountId}/conciliacao-de-conta`);
  await expect(page.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conciliação' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Extrato (.ofx)').setInputFiles(OFX);
  await page.getByRole('button', { name: 'Importar extrato' }).click();
  await expect(page.getByText('4 lançamentos importados.')).toBeVisible();
  await expect(page.getByLabel('De', { exact: true })).toHaveValue('01/11/2026');
  await expect(page.getByLabel('Até', { exact: true })).toHaveValue('30/11/2026');

  const lines = page.getByRole('table', { name: 'Linhas do extrato' });
  const pix = lines.getByRole('row').filter({ hasText: 'PIX ENVIADO FORNECEDOR AÇÚCAR & CIA' });
  await expect(lines.getByText('TED RECEBIDA JOÃO ÂNGELO LTDA')).toBeVisible();
  await expect(pix.getByText('Pendente')).toBeVisible();
  await expect(pix.getByText(new RegExp(`^Sugestão: ${DESCRIPTION}.*mesmo valor e data próxima`))).toBeVisible();
  const pending = page.getByRole('table', { name: 'Baixas da conta não conciliadas' });
  await expect(pending.getByText(new RegExp(`^${DESCRIPTION}`))).toBeVisible();
  // Statement 152.190,15 on 30/11 beside the system's balance on that date.
  await expect(page.getByText('Saldo pelo extrato em 30/11/2026')).toBeVisible();
  await shoot(page, 'reconciliation-imported', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });

  await pix.getByRole('button', { name: /^Confirmar a conciliação da linha de 03\/11\/2026/ }).click();
  await expect(page.getByText('Linha de 03/11/2026 conciliada.')).toBeVisible();
  await expect(pix.getByText('Conciliada')).toBeVisible();
  await expect(pix.getByRole('button', { name: /^Desfazer a conciliação/ })).toBeVisible();
  await expect(pending.getByText(new RegExp(`^${DESCRIPTION}`))).toHaveCount(0);
  await shoot(page, 'reconciliation-matched', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });

  const view = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/reconciliation?from=2026-11-01&to=2026-11-30`)).body;
  const line = view.lines.find((l: { fitId: string }) => l.fitId === '20261103001');
  expect(line).toMatchObject({ status: 'reconciled' });
  expect(line.settlementIds).toHaveLength(1);

  // A line without its baixa: "Dar baixa em uma parcela" — the parcela paid on the line's date, the line conciliada.
  const tariff = lines.getByRole('row').filter({ hasText: 'TARIFA PACOTE SERVIÇOS' });
  await expect(tariff.getByText('Sem sugestão: marque abaixo as baixas que somam o valor da linha.')).toBeVisible();
  await tariff.getByText('Dar baixa em uma parcela').click();
  await tariff.getByLabel('Parcela').selectOption(tariffParcelaId);
  await expect(tariff.getByLabel('Parcela')).toContainText(`${DESCRIPTION} — 2/2 — vence 10/11/2026`);
  await shoot(page, 'reconciliation-settle', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });
  await tariff.getByRole('button', { name: 'Dar baixa e conciliar' }).click();
  await expect(page.getByText('Baixa registrada na parcela e linha de 10/11/2026 conciliada.')).toBeVisible();
  await expect(tariff.getByText('Conciliada')).toBeVisible();
  expect((await api(page, 'GET', `/api/finance/payable-installments/${tariffParcelaId}`)).body).toMatchObject({ status: 'paid', lastPaidOn: '2026-11-10', openBalance: 0 });

  // The same file again: nothing new, and the screen says so.
  await page.getByLabel('Extrato (.ofx)').setInputFiles(OFX);
  await page.getByRole('button', { name: 'Importar extrato' }).click();
  await expect(page.getByText('0 lançamentos importados; 4 já estavam importados e não foram duplicados.')).toBeVisible();
  await expect(lines.getByRole('row')).toHaveCount(5);
});

test('N:1: tesouraria marks two statement lines and the one baixa they add up to, confirms, undoes the whole group, then accepts the split suggestion in bulk', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const split = `TED dividida ${RUN}`;
  const created = await createPayable(page, { description: split, documentNumber: `NF-S${RUN}`, issueDate: '2026-11-01', total: 100000, bankAccountId: accountId,
    installments: [{ number: 1, dueDate: '2026-11-17', amount: 100000, paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@acucarecia.com.br' }],
  });
  expect((await api(page, 'POST', `/api/finance/payables/${created.id}/actions/submit`, {}, { 'if-match': `"${created.version}"` })).status).toBe(200);
  const parcela = created.installments[0].id;
  await signOut(page);

  await signIn(page, 'tesouraria@demo.com.br');
  expect((await api(page, 'POST', '/api/finance/payable-installments/bulk/authorize', { ids: [parcela] })).body.failed).toEqual([]);
  const current = (await api(page, 'GET', `/api/finance/payable-installments/${parcela}`)).body;
  expect((await api(page, 'POST', `/api/finance/payable-installments/${parcela}/actions/settle`, { paidOn: '2026-11-17', amount: 100000, bankAccountId: accountId }, { 'if-match': `"${current.version}"` })).status).toBe(200);
  // The bank's extrato shows it as two debits (typed as the bank shows them).
  for (const [postedOn, value, memo] of [['2026-11-17', 60000, `TED PARTE 1 ${RUN}`], ['2026-11-18', 40000, `TED PARTE 2 ${RUN}`]] as const) {
    const line = await api(page, 'POST', `/api/finance/bank-accounts/${accountId}/statement-lines`, { postedOn, direction: 'out', value, memo, document: null });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
  }

  await page.goto(`/contas-financeiras/${accountId}/conciliacao-de-conta`);
  const lines = page.getByRole('table', { name: 'Linhas do extrato' });
  const one = lines.getByRole('row').filter({ hasText: `TED PARTE 1 ${RUN}` });
  const two = lines.getByRole('row').filter({ hasText: `TED PARTE 2 ${RUN}` });
  await expect(one.getByText(/^Sugestão: .*soma de linhas do extrato/)).toBeVisible();
  await expect(one.getByText('Junto com a linha 18/11/2026, -R$ 400,00')).toBeVisible();

  // By hand: one line and the baixa — the difference is said; then the other line — they agree.
  await page.getByRole('checkbox', { name: 'Marcar a linha de 17/11/2026, -R$ 600,00' }).check();
  const group = page.getByRole('region', { name: 'Conciliar linhas marcadas' });
  await expect(group.getByText('Marque também, na lista de baixas, a baixa que estas linhas pagam.')).toBeVisible();
  await page.getByRole('table', { name: 'Baixas da conta não conciliadas' }).getByRole('checkbox', { name: new RegExp(`^Marcar ${split}`) }).check();
  await expect(group.getByText('As somas não conferem: a diferença é de R$ 400,00.')).toBeVisible();
  await expect(group.getByRole('button', { name: 'Conciliar as linhas marcadas' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Marcar a linha de 18/11/2026, -R$ 400,00' }).check();
  await expect(group.getByText('As somas conferem.')).toBeVisible();
  await shoot(page, 'reconciliation-n-to-one-marked', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });
  await group.getByRole('button', { name: 'Conciliar as linhas marcadas' }).click();
  await expect(page.getByText('2 linhas conciliadas.')).toBeVisible();
  await expect(one.getByText('Conciliada')).toBeVisible();
  await expect(two.getByText('Conciliada')).toBeVisible();
  await expect(two.getByText(new RegExp(`^Baixa: ${split}`))).toBeVisible();
  await expect(two.getByText('Junto com a linha 17/11/2026, -R$ 600,00')).toBeVisible();
  await expect(group).toHaveCount(0);
  await shoot(page, 'reconciliation-n-to-one-matched', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });

  // Undo from either line undoes the whole group.
  await two.getByRole('button', { name: 'Desfazer a conciliação da linha de 18/11/2026, -R$ 400,00' }).click();
  await expect(page.getByText('Conciliação da linha de 18/11/2026 desfeita.')).toBeVisible();
  await expect(one.getByText('Pendente')).toBeVisible();
  await expect(two.getByText('Pendente')).toBeVisible();

  // The split suggestion, chosen and confirmed in bulk (from the keyboard).
  await one.getByRole('checkbox', { name: 'Selecionar a sugestão da linha de 17/11/2026, -R$ 600,00' }).focus();
  await page.keyboard.press('Space');
  await expect(two.getByRole('checkbox', { name: 'Selecionar a sugestão da linha de 18/11/2026, -R$ 400,00' })).toBeChecked();
  await page.getByRole('button', { name: 'Confirmar as sugestões selecionadas (1)' }).click();
  await expect(page.getByText('2 linhas conciliadas.')).toBeVisible();
  await expect(one.getByText('Conciliada')).toBeVisible();
  await expect(two.getByText('Conciliada')).toBeVisible();
  const view = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/reconciliation?from=2026-11-01&to=2026-11-30`)).body;
  const ours = view.lines.filter((l: { memo: string }) => l.memo.endsWith(RUN));
  expect(ours.map((l: { status: string; matchLineIds: string[] }) => [l.status, l.matchLineIds.length])).toEqual([['reconciled', 2], ['reconciled', 2]]);
});

test('<bo-conciliacao account> and <bo-arquivos-de-remessa> on a host page: the account’s conciliação and the fila de remessa, each its own chunk', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/conciliacao.html');
  const login = page.locator('bo-login');
  await login.getByLabel('E-mail').fill('tesouraria@demo.com.br');
  await login.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(login.getByText('Você está conectado como tesouraria@demo.com.br.')).toBeVisible();

  // Without `account`, the accounts; the host names one and the element opens its conciliação.
  const area = page.locator('bo-conciliacao');
  await expect(area.getByText('Itaú — Pagamentos').first()).toBeVisible();
  await area.evaluate((element, id) => element.setAttribute('account', id), accountId);
  await expect(area.getByRole('heading', { name: 'Conciliação bancária' })).toBeVisible();
  const lines = area.getByRole('table', { name: 'Linhas do extrato' });
  await expect(lines.getByRole('row').filter({ hasText: 'PIX ENVIADO FORNECEDOR AÇÚCAR & CIA' }).getByText('Conciliada')).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: 'TED RECEBIDA JOÃO ÂNGELO LTDA' }).getByText('Pendente')).toBeVisible();
  await shoot(page, 'reconciliation-element', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });
  expect(requested.filter((p) => /\/dist\/bo-(pedidos|portal|contas-a-pagar)\.js$/.test(p))).toEqual([]);
  expect(requested).toContain('/dist/bo-conciliacao.js');

  // The arquivos de remessa beside it, on the same session: its fila, the account and convênio chosen.
  const remittances = page.locator('bo-arquivos-de-remessa');
  await expect(remittances.getByRole('heading', { name: 'Fila de remessa' })).toBeVisible();
  await expect(remittances.getByLabel('Conta financeira')).toHaveValue(/.+/);
  await expect(remittances.getByRole('link', { name: 'Remessas geradas' })).toBeVisible();
  expect(requested).toContain('/dist/bo-arquivos-de-remessa.js');
  await shoot(page, 'reconciliation-elements', { atEachWidth: async () => expect(await axeViolations(page)).toEqual([]) });
});
