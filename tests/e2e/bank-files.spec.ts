/**
 * The treasurer's path through the bank files, end to end against the real server: a lançamento
 * with two PIX parcelas on the Itaú account (entered by admin@, authorised by tesouraria@ — set up
 * through the API), then tesouraria@ on screen: the fila de remessa (account, convênio, the
 * parcelas marked) → "Gerar remessa" → the remessa's file page, where the job's progress ("n de 2
 * parcelas incluídas no arquivo") runs until the file is offered → download (every line 240 + CRLF,
 * the SHA-256 on screen is the file's) → import the bank's retorno (both paid; applied by its job, followed on screen until processado) → the remessa
 * processada, the parcelas pagas, the account's balance moved. Screenshots at 1366 and 390 px;
 * axe-clean; no sideways scroll at 390 px.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { bankReturn } from '../api/remittance-return';
import { createPayable } from './finance-support';
import { api, axeViolations, signIn, signOut } from './support';
import { SHOTS, shoot } from './screens';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DESCRIPTION = `Remessa e2e ${RUN}`;

const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** Next business days after today (weekends skipped; the server refuses holidays: pick mid-week dates well ahead). */
function businessDay(offset: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

let accountId = '';
let parcelaIds: string[] = [];

test('admin enters a lançamento with two PIX parcelas on the Itaú account; tesouraria authorises them', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  const first = async (url: string) => (await api<{ id: string; type?: string; name?: string }[]>(page, 'GET', url)).body;
  const accounts = await first('/api/finance/bank-accounts?perPage=50');
  // The demo's Itaú by name: other specs add accounts of their own (closed again), some sorting before it.
  accountId = accounts.find((a) => a.type === 'checking' && a.name?.startsWith('Itaú'))!.id;
  const created = await createPayable(page, { description: DESCRIPTION, documentNumber: `NF-${RUN}`, issueDate: today, total: 150000, bankAccountId: accountId,
    installments: [
      { number: 1, dueDate: businessDay(15), amount: 100000, paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@fornecedor.com.br' },
      { number: 2, dueDate: businessDay(16), amount: 50000, paymentMethod: 'pix', pixKeyType: 'evp', pixKey: '3d94a38b-f344-460e-b6c9-489469b2fb03' },
    ],
  });
  const submitted = await page.evaluate(async ([id, version]) => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!);
    const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
    const response = await fetch(`/api/finance/payables/${id}/actions/submit`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json', 'if-match': `"${version}"` }, body: '{}' });
    return response.status;
  }, [created.id, created.version] as const);
  expect(submitted).toBe(200);
  parcelaIds = created.installments.map((i: { id: string }) => i.id);
  await signOut(page);

  await signIn(page, 'tesouraria@demo.com.br');
  const authorised = await api(page, 'POST', '/api/finance/payable-installments/bulk/authorize', { ids: parcelaIds });
  expect(authorised.body.failed).toEqual([]);
});

test('tesouraria generates the remessa, downloads it, imports the retorno: parcelas pagas, balance moved', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const balanceBefore = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/balance`)).body;

  await page.goto('/arquivos-de-remessa');
  await expect(page).toHaveURL(/\/arquivos-de-remessa\/fila$/);
  await expect(page.getByRole('heading', { name: 'Fila de remessa' })).toBeVisible();
  await expect(page.getByLabel('Conta financeira')).toHaveValue(accountId);
  await expect(page.getByLabel('Convênio')).toHaveValue(/.+/);
  const table = page.getByRole('table', { name: 'Parcelas autorizadas' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  // Only this run's parcelas go in the file.
  await page.getByRole('checkbox', { name: 'Selecionar todas' }).uncheck();
  await page.getByRole('checkbox', { name: `Selecionar ${DESCRIPTION} — 1/2` }).check();
  await page.getByRole('checkbox', { name: `Selecionar ${DESCRIPTION} — 2/2` }).check();
  await expect(page.getByText(/^2 de \d+ parcelas selecionadas — R\$\s1\.500,00$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'bank-files-fila');

  await page.getByRole('button', { name: 'Gerar remessa' }).click();
  await expect(page).toHaveURL(/\/arquivos-de-remessa\/remessas-geradas\/[^/]+\/arquivo$/);
  await expect(page.getByRole('heading', { name: 'Arquivo CNAB 240' })).toBeVisible();
  // Accepted: the job moves the parcelas into the file (the page shows its progress), then offers it.
  const remittanceId = page.url().split('/').at(-2)!;
  const accepted = (await api<{ status: string; processedCount: number; paymentCount: number }>(page, 'GET', `/api/finance/remittances/${remittanceId}`)).body;
  expect(accepted.paymentCount).toBe(2);
  if (accepted.status === 'generating') await expect(page.getByText(/^\d de 2 parcelas incluídas no arquivo$/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Baixar arquivo/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Marcar como enviada' })).toBeVisible();
  const sha = (await page.locator('code').first().textContent())!.trim();
  expect(sha).toMatch(/^[0-9a-f]{64}$/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Baixar arquivo/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^REMESSA-.*\.REM$/);
  const bytes = await readFile((await download.path())!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha);
  const remessa = bytes.toString('latin1');
  const lines = remessa.split('\r\n');
  expect(lines.pop()).toBe('');
  expect(lines.every((line) => line.length === 240)).toBe(true);
  expect(lines).toHaveLength(8);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'bank-files-arquivo');

  const paidOn = today.split('-').reverse().join('');
  const retorno = `${SHOTS}/RETORNO-${RUN}.RET`;
  await writeFile(retorno, bankReturn(remessa, {}, paidOn), 'latin1');
  await page.getByLabel('Arquivo de retorno (.RET)').setInputFiles(retorno);
  await page.getByRole('button', { name: 'Importar retorno' }).click();
  // Accepted and applied by the job: the screen follows it until processado.
  await expect(page.getByRole('status').filter({ hasText: '2 de 2 linhas de pagamento aplicadas. Processado.' })).toBeVisible();
  await expect(page.getByText('2 pagamentos: 2 pagos, 0 rejeitados, 0 agendados, 0 com ocorrência desconhecida, 0 sem alteração.')).toBeVisible();
  // Each line's "seu número" opens its parcela.
  const lineLinks = page.getByRole('region', { name: 'Importar retorno do banco' }).getByRole('table').getByRole('link');
  await expect(lineLinks).toHaveCount(2);
  expect((await Promise.all((await lineLinks.all()).map((link) => link.getAttribute('href')))).sort()).toEqual(parcelaIds.map((id) => `/contas-a-pagar/parcelamentos/${id}`).sort());
  // The remessa is processada: its header no longer offers to send or cancel it.
  await expect(page.getByRole('button', { name: 'Marcar como enviada' })).toHaveCount(0);
  await shoot(page, 'bank-files-retorno');

  // Imported again: nothing changes, and the screen says so.
  await page.getByRole('button', { name: 'Importar retorno' }).click();
  await expect(page.getByText('Este arquivo já tinha sido importado: nada foi alterado.')).toBeVisible();

  await page.getByRole('link', { name: 'Detalhes' }).click();
  await expect(page.getByText('Processada', { exact: true }).first()).toBeVisible();
  // Its payments' parcelas (and suppliers) open from the table.
  const paymentsTable = page.getByRole('region', { name: 'Parcelas da remessa' }).getByRole('table');
  await expect(paymentsTable.getByRole('link', { name: 'Comercial Horizonte Ltda' })).toHaveCount(2);
  const itemLinks = paymentsTable.getByRole('link', { name: /^Remessa e2e / });
  await expect(itemLinks).toHaveCount(2);
  expect((await Promise.all((await itemLinks.all()).map((link) => link.getAttribute('href')))).sort()).toEqual(parcelaIds.map((id) => `/contas-a-pagar/parcelamentos/${id}`).sort());
  await expect(page.getByRole('button', { name: 'Marcar como enviada' })).toHaveCount(0);
  await shoot(page, 'bank-files-remessa');
  for (const id of parcelaIds) {
    const parcela = (await api(page, 'GET', `/api/finance/payable-installments/${id}`)).body;
    expect(parcela).toMatchObject({ status: 'paid', openBalance: 0, lastPaidOn: today });
  }

  await page.goto(`/contas-financeiras/${accountId}/saldo`);
  await expect(page.getByRole('heading', { name: /^Saldo em / })).toBeVisible();
  const balanceAfter = (await api(page, 'GET', `/api/finance/bank-accounts/${accountId}/balance`)).body;
  expect(balanceAfter.balance).toBe(balanceBefore.balance - 150000);
  const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value / 100).replace(/\u00a0/g, ' ');
  await expect(page.locator('dd').first()).toContainText(brl(balanceAfter.balance).replace('R$ ', ''));
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'bank-files-saldo');

  await page.goto('/contas-financeiras');
  await expect(page.getByRole('columnheader', { name: 'Saldo atual' })).toBeVisible();
  await shoot(page, 'bank-files-contas');
});

test('a payment the retorno left with a code we do not know: tesouraria confirms it with the bank and marks it paid on its page', async ({ page }) => {
  // One more PIX parcela, entered by admin@ and authorised by tesouraria@ (through the API).
  await signIn(page, 'admin@demo.com.br');
  const first = async (url: string) => (await api<{ id: string }[]>(page, 'GET', url)).body;
  const description = `Sem retorno claro ${RUN}`;
  const created = await createPayable(page, { description, documentNumber: `NF-X${RUN}`, issueDate: today, total: 42000, bankAccountId: accountId,
    installments: [{ number: 1, dueDate: businessDay(17), amount: 42000, paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'cobranca@fornecedor.com.br' }],
  });
  expect((await api(page, 'POST', `/api/finance/payables/${created.id}/actions/submit`, {}, { 'if-match': `"${created.version}"` })).status).toBe(200);
  const id = created.installments[0].id as string;
  await signOut(page);

  // In a remessa sent to the bank, whose retorno answers it with a code no layout of ours knows.
  await signIn(page, 'tesouraria@demo.com.br');
  expect((await api(page, 'POST', '/api/finance/payable-installments/bulk/authorize', { ids: [id] })).body.failed).toEqual([]);
  const [agreement] = await first(`/api/finance/bank-accounts/${accountId}/agreements?perPage=1`);
  const made = await api(page, 'POST', '/api/finance/remittances', { bankAccountId: accountId, agreementId: agreement.id, installmentIds: [id] });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  let remittance = made.body;
  await expect.poll(async () => (remittance = (await api(page, 'GET', `/api/finance/remittances/${made.body.id}`)).body).status).toBe('generated');
  expect((await api(page, 'POST', `/api/finance/remittances/${remittance.id}/actions/markSent`, {}, { 'if-match': `"${remittance.version}"` })).status).toBe(200);
  const remessa = await page.evaluate(async (url) => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!);
    const bytes = new Uint8Array(await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  }, `/api/finance/remittances/${remittance.id}/file`);
  const retorno = bankReturn(remessa, { [remittance.items[0].reference]: 'ZZ' }, today.split('-').reverse().join(''));
  const imported = await api(page, 'POST', '/api/finance/remittances/returns', { fileName: `RETORNO-ZZ-${RUN}.RET`, content: Buffer.from(retorno, 'latin1').toString('base64') });
  expect(imported.status, JSON.stringify(imported.body)).toBe(202);
  await expect.poll(async () => (await api(page, 'GET', `/api/finance/remittances/returns/${imported.body.id}`)).body).toMatchObject({ status: 'processed', unknown: 1 });

  // Its page offers the two answers; "Pago" asks for the baixa, as "Dar baixa" does.
  await page.goto(`/contas-a-pagar/parcelamentos/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${description} — 1/1` })).toBeVisible();
  await expect(page.getByText('Em remessa').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Não pago (confirmado com o banco)' })).toBeVisible();
  // Why they are offered: the page names the remessa (a link to it) and what the bank answered.
  const inRemittance = page.getByRole('region', { name: 'Remessa bancária' });
  await expect(inRemittance.getByRole('link', { name: remittance.fileName })).toHaveAttribute('href', `/arquivos-de-remessa/remessas-geradas/${remittance.id}`);
  await expect(inRemittance.getByText('Ocorrência desconhecida', { exact: true })).toBeVisible();
  await expect(inRemittance.getByText(/ZZ/)).toBeVisible();
  await shoot(page, 'bank-files-parcela-sem-resposta-clara');
  await page.getByRole('button', { name: 'Pago (confirmado com o banco)', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pago (confirmado com o banco)', exact: true });
  await expect(dialog.getByRole('textbox', { name: 'Valor principal (R$)' })).toHaveValue('420,00');
  await dialog.getByRole('textbox', { name: 'Observação' }).fill('Comprovante enviado pelo gerente.');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'bank-files-confirmado-com-o-banco');
  await dialog.getByRole('button', { name: 'Pago (confirmado com o banco)', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Paga', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Pago, confirmado com o banco (o retorno não trouxe a confirmação). Comprovante enviado pelo gerente.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Não pago (confirmado com o banco)' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
