/**
 * Contas a pagar end to end against the real server, driven as people would: tesouraria@ enters a
 * lançamento (parcelas from "30/60/90", each with a boleto pasted from a real-format linha
 * digitável, rateio 60/40 over two cost centres, solicitante@ named for the atesto) and sends it
 * (no queue → Aprovado); solicitante@ confirms the parcelas in bulk in the Fila do Solicitante;
 * admin@ (not the one who entered it) authorises them in bulk in the Fila de Pagamentos; tesouraria@
 * gives a partial baixa, the rest, then reverses the first one with a reason — the balances on
 * screen checked after each step. Bad input (a boleto with a wrong check digit, a baixa above the
 * open balance) is refused under the field with nothing saved. The same requester/treasury part
 * inside <bo-contas-a-pagar> on the intranet page. Every finance screen visited is axe-clean and
 * never scrolls sideways at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatBoletoLine, makeBoletoLine } from '../../src/contracts/brazil/boleto';
import { buildInstallments, parsePaymentCondition } from '../../src/contracts/paymentTerms';
import { fillValues, noAxeViolations, pick, searchRows, shown, type Root } from './finance-support';
import { signIn, signOut } from './support';
import { shoot } from './screens';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DESCRIPTION = `Conta e2e ${RUN}`;
const INTRANET_DESCRIPTION = `Conta intranet ${RUN}`;
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const brl = (text: string) => text.replace(/\u00a0/g, ' ');

/** The parcelas "30/60/90" make from R$ 1.000,00 issued today (due dates moved to business days). */
const planned = () => {
  const parsed = parsePaymentCondition('30/60/90');
  if (!parsed.ok) throw new Error(parsed.message);
  return buildInstallments({ total: 100000, condition: parsed.condition, startDate: today });
};

/** Each parcela's boleto as the supplier's PDF prints it ("34191.09008 …"), amount and due date of the parcela. */
const boletoLines = () => planned().map((p) => formatBoletoLine(makeBoletoLine({ bankCode: '341', dueDate: p.dueDate, amount: p.amount })));

/** A line whose first field's check digit is wrong. */
const wrongCheckDigit = (line: string) => line.replace(/^(\d{5}\.\d{4})(\d)/, (_m, head: string, dv: string) => `${head}${(Number(dv) + 1) % 10}`);

/** Fills the lançamento form (on the page or inside the element): document, values, parcelas with boletos, requester, rateio 60/40. */
async function fillEntry(root: Root, description: string, lines: string[]) {
  await pick(root, 'Fornecedor', 'Papelaria');
  await pick(root, 'Categoria de despesa', 'ICMS');
  await fillValues(root, description, today, '30/60/90');
  for (const [index, line] of lines.entries()) await root.getByLabel('Linha digitável ou código de barras').nth(index).fill(line);
  await pick(root, 'Solicitante (atesto)', 'Sérgio');
  await root.getByRole('button', { name: 'Adicionar centro de custos' }).click();
  await root.getByRole('button', { name: 'Adicionar centro de custos' }).click();
  await pick(root, 'Centro de custos', 'Tecnologia', 0);
  await pick(root, 'Centro de custos', 'Administrativo', 1);
  await root.getByRole('textbox', { name: 'Percentual' }).nth(0).fill('60,00');
  await root.getByRole('textbox', { name: 'Percentual' }).nth(1).fill('40,00');
  await root.getByRole('button', { name: 'Ratear pelos percentuais' }).click();
  await expect(root.getByText('Soma do rateio: R$ 1.000,00 de R$ 1.000,00')).toBeVisible();
}

test('tesouraria enters a lançamento a pagar with boletos, 3 parcelas and 2 cost centres, and sends it', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-pagar/lancamentos');
  await expect(page.getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Novo Lançamento a pagar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Lançamento a pagar' })).toBeVisible();
  await fillEntry(page, DESCRIPTION, boletoLines());
  const [first] = planned();
  await expect(page.getByText(`Parcela 1 — boleto lido: valor R$ 333,34, vencimento ${first!.dueDate.split('-').reverse().join('/')}, banco 341.`)).toBeVisible();
  await shoot(page, 'lancamento-form');
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByRole('heading', { name: DESCRIPTION })).toBeVisible();
  await expect(page.getByText('Aberto').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  // No approval queue applies to lançamentos here: approved at once, the parcelas go to the atesto.
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s1\.000,00/);
  await noAxeViolations(page);
  await signOut(page);
});

/** Ticks each parcela of the lançamento (by its title) and runs the bulk transition `label`. */
async function bulk(root: Root, description: string, label: string) {
  for (const n of [1, 2, 3]) await root.getByRole('checkbox', { name: `Selecionar ${description} — ${n}/3` }).check();
  await expect(root.getByText('3 selecionados')).toBeVisible();
  await root.getByRole('region', { name: 'Ações' }).getByRole('button', { name: label }).click();
  // The notice shows where the page keeps its notices (in an element page: the first Retaguarda element).
  const page = 'goto' in root ? root : root.page();
  await expect(page.getByText('Ação concluída para 3 registros.')).toBeVisible();
  await expect(root.getByRole('row').filter({ hasText: description })).toHaveCount(0);
}

test('solicitante confirms receipt (atesto) of the three parcelas in bulk', async ({ page }) => {
  await signIn(page, 'solicitante@demo.com.br');
  await page.goto('/fila-do-solicitante/parcelamentos');
  await expect(page.getByRole('heading', { name: 'Parcelas a pagar' })).toBeVisible();
  const rows = await searchRows(page, page, DESCRIPTION, 3);
  await expect(rows.first()).toContainText('Aguardando solicitante');
  await shoot(page, 'fila-do-solicitante');
  await noAxeViolations(page);
  await bulk(page, DESCRIPTION, 'Confirmar recebimento');
  await expect(page.getByRole('row').filter({ hasText: DESCRIPTION })).toHaveCount(0);
  await signOut(page);
});

test('admin (who did not enter it) authorises the parcelas in bulk in the payment queue', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/fila-de-pagamentos/parcelamentos/fila');
  await expect(page.getByRole('heading', { name: 'Parcelas a pagar' })).toBeVisible();
  const rows = await searchRows(page, page, DESCRIPTION, 3);
  await expect(rows.first()).toContainText('Na fila de pagamento');
  // The footer totals the filtered rows: 3 parcelas, R$ 1.000,00, per due date and per account.
  const totals = page.locator('[data-totals="all"]');
  await expect(totals).toContainText('3 registros');
  await expect(totals).toContainText(/Valor\sR\$\s1\.000,00/);
  await expect(page.locator('[data-totals="dueDate"]').getByRole('row')).toHaveCount(4);
  await shoot(page, 'fila-de-pagamentos');
  await noAxeViolations(page);
  await bulk(page, DESCRIPTION, 'Autorizar pagamento');
  await expect(page.getByRole('row').filter({ hasText: DESCRIPTION })).toHaveCount(0);
  await page.getByRole('link', { name: 'Parcelas autorizadas' }).click();
  await expect(page).toHaveURL(/\/fila-de-pagamentos\/parcelamentos\/autorizados/);
  const authorised = await searchRows(page, page, DESCRIPTION, 3);
  await expect(authorised.first()).toContainText('Autorizada');
  await noAxeViolations(page);
  await signOut(page);
});

/** Opens parcela `n` of the lançamento from the Parcelas list. */
async function openParcela(root: Root, page: Page | null, description: string, n: number) {
  const rows = await searchRows(root, page, description, 3);
  await rows.filter({ hasText: `${description} — ${n}/3` }).getByRole('link').first().click();
  await expect(root.getByRole('heading', { name: `${description} — ${n}/3` })).toBeVisible();
}

/** Gives a baixa of `amount` ("200,00") on the parcela shown, whose open balance is `open`: the dialog starts with the whole rest. */
async function settle(root: Root, amount: string, open: string) {
  await root.getByRole('button', { name: 'Dar baixa' }).click();
  const dialog = root.getByRole('dialog', { name: 'Dar baixa' });
  await expect(dialog.getByRole('combobox', { name: 'Conta financeira' })).toHaveValue(/Itaú/);
  await expect(dialog.getByRole('textbox', { name: 'Valor principal (R$)' })).toHaveValue(open);
  await dialog.getByRole('textbox', { name: 'Valor principal (R$)' }).fill(amount);
  return dialog;
}

test('tesouraria gives a partial baixa, the rest, and reverses the first with a reason; the balances follow', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-pagar/parcelamentos');
  await openParcela(page, page, DESCRIPTION, 1);
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s333,34/);
  await noAxeViolations(page);

  // A partial baixa keeps it Autorizada with the rest open.
  let dialog = await settle(page, '200,00', '333,34');
  await shoot(page, 'baixa-dialog');
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Dar baixa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shown(page, 'Valor baixado')).toHaveText(/R\$\s200,00/);
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s133,34/);
  await expect(page.getByText('Autorizada').first()).toBeVisible();
  // Its status history says what happened: the amount, with the state it kept shown once (no "Autorizada → Autorizada").
  const history = page.getByRole('region', { name: 'Histórico', exact: true }).getByRole('listitem');
  await expect(history.first()).toContainText('Autorizada');
  await expect(history.first()).not.toContainText('→');
  await expect(history.first()).toContainText(/Baixa parcial de R\$\s200,00/);

  // The rest pays it.
  dialog = await settle(page, '133,34', '133,34');
  await dialog.getByRole('button', { name: 'Dar baixa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s0,00/);
  await expect(shown(page, 'Valor baixado')).toHaveText(/R\$\s333,34/);
  await expect(page.getByText('Paga').first()).toBeVisible();
  await expect(history.first()).toContainText(/Baixa de R\$\s133,34/);
  await shoot(page, 'parcela-detalhe');
  await noAxeViolations(page);

  // The lançamento's open balance follows its parcelas.
  await page.getByRole('navigation', { name: 'Você está aqui' }).getByRole('link', { name: 'Contas a Pagar' }).click();
  const entries = await searchRows(page, page, DESCRIPTION, 1);
  await expect(entries).toContainText(/R\$\s666,66/);

  // Estorno of the first baixa, with the reason: its R$ 200,00 is open again.
  await page.goto('/contas-a-pagar/parcelamentos');
  await openParcela(page, page, DESCRIPTION, 1);
  await page.getByRole('button', { name: 'Estornar baixa' }).click();
  dialog = page.getByRole('dialog', { name: 'Estornar baixa' });
  await dialog.getByLabel('Baixa a estornar').selectOption({ label: `${today.split('-').reverse().join('/')} · R$\u00a0200,00` });
  await dialog.getByLabel('Motivo').fill('Pagamento em duplicidade no banco');
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Estornar baixa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s200,00/);
  await expect(shown(page, 'Valor baixado')).toHaveText(/R\$\s133,34/);
  await expect(page.getByText('Autorizada').first()).toBeVisible();
  await expect(page.getByText('Pagamento em duplicidade no banco').first()).toBeVisible();
  await expect(history.first()).toContainText(/Estorno da baixa de R\$\s200,00/);
  await expect(history.first()).toContainText('Motivo: Pagamento em duplicidade no banco');

  // The parcela's lançamento is a link to it (a document, not a field dump).
  const entryLink = shown(page, 'Lançamento').getByRole('link', { name: DESCRIPTION, exact: true });
  await entryLink.click();
  await expect(page).toHaveURL(/\/contas-a-pagar\/lancamentos\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: DESCRIPTION, exact: true })).toBeVisible();
  await expect(shown(page, 'Fornecedor').getByRole('link')).toHaveAttribute('href', /^\/fornecedores\/[^/]+$/);
  // Its parcelas as records of their own: what was paid of each, what is open, and its state; each opens its page.
  const parcelas = page.getByRole('region', { name: 'Situação das parcelas', exact: true });
  const first = parcelas.getByRole('row').nth(1);
  await expect(first).toContainText(/R\$\s133,34/);
  await expect(first).toContainText(/R\$\s200,00/);
  await expect(first).toContainText('Autorizada');
  await expect(parcelas.getByRole('row')).toHaveCount(4);
  await expect(first.getByRole('link', { name: '1', exact: true })).toHaveAttribute('href', /^\/contas-a-pagar\/parcelamentos\/[^/]+$/);
  await shoot(page, 'lancamento-detalhe');
  await noAxeViolations(page);
  await page.getByRole('navigation', { name: 'Você está aqui' }).getByRole('link', { name: 'Contas a Pagar' }).click();
  await expect(await searchRows(page, page, DESCRIPTION, 1)).toContainText(/R\$\s866,66/);
  await signOut(page);
});

test('bad input: a boleto with a wrong check digit and a baixa above the open balance are refused under the field, nothing saved', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  const badDescription = `${DESCRIPTION} dígito errado`;
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  // No total (or one past the limit): "Gerar parcelas" says so instead of making parcelas of R$ 0,00.
  await page.getByRole('textbox', { name: 'Condição de pagamento', exact: true }).fill('30/60/90');
  await page.getByRole('button', { name: 'Gerar parcelas' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Informe um valor total válido para gerar as parcelas.' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Valor total (R$)', exact: true }).fill('999.999.999.999.999,99');
  await page.getByRole('button', { name: 'Gerar parcelas' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Informe um valor total válido para gerar as parcelas.' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Item 1' })).toHaveCount(0);
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  const lines = boletoLines();
  await fillEntry(page, badDescription, [wrongCheckDigit(lines[0]!), lines[1]!, lines[2]!]);
  // An issue date after today is warned about (a likely typo), not refused; today's clears it.
  const issued = page.getByRole('textbox', { name: 'Data de emissão', exact: true });
  const nextYear = `${today.slice(8, 10)}/${today.slice(5, 7)}/${Number(today.slice(0, 4)) + 1}`;
  await issued.fill(nextYear);
  await expect(issued).toHaveAccessibleDescription('A data de emissão é posterior a hoje. Confira se foi digitada corretamente.');
  await expect(issued).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'lancamento-form-emissao-futura', { element: page.locator('[data-field="issueDate"]') });
  await issued.fill(today.split('-').reverse().join('/'));
  await expect(issued).not.toHaveAccessibleDescription(/posterior a hoje/);
  const line = page.getByRole('textbox', { name: 'Linha digitável ou código de barras' }).first();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(line).toHaveAccessibleDescription(/dígitos? verificador/);
  await expect(line).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/contas-a-pagar\/lancamentos\/adicionar$/);
  await shoot(page, 'lancamento-form-erro');
  await noAxeViolations(page);
  await page.goto('/contas-a-pagar/lancamentos');
  await expect(page.getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await searchRows(page, page, badDescription, 0);

  // Parcela 2 is authorised with R$ 333,33 open: a baixa of R$ 400,00 is refused and moves nothing.
  await page.goto('/contas-a-pagar/parcelamentos');
  await openParcela(page, page, DESCRIPTION, 2);
  const dialog = await settle(page, '400,00', '333,33');
  await dialog.getByRole('button', { name: 'Dar baixa' }).click();
  const amount = dialog.getByRole('textbox', { name: 'Valor principal (R$)' });
  await expect(amount).toHaveAccessibleDescription(/A baixa \(R\$\s400,00\) é maior que o saldo em aberto \(R\$\s333,33\)\./);
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await page.reload();
  await expect(shown(page, 'Saldo em aberto')).toHaveText(/R\$\s333,33/);
  await expect(shown(page, 'Valor baixado')).toHaveText(/R\$\s0,00/);
  await expect(page.getByText('Autorizada').first()).toBeVisible();
  await signOut(page);
});

test('a boleto swapped by the requester after approval is shown to whoever pays: who changed it, and before → after in the history', async ({ page }) => {
  const description = `Conta troca de boleto ${RUN}`;
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-pagar/lancamentos/adicionar');
  await fillEntry(page, description, boletoLines());
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(page.getByText('Aprovado').first()).toBeVisible();
  await signOut(page);

  // The requester, at the atesto, replaces the Itaú boleto of parcela 1 with a Bradesco one.
  const [first] = planned();
  const bradesco = makeBoletoLine({ bankCode: '237', dueDate: first!.dueDate, amount: first!.amount });
  await signIn(page, 'solicitante@demo.com.br');
  await page.goto('/fila-do-solicitante/parcelamentos');
  await openParcela(page, page, description, 1);
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Linha digitável ou código de barras').fill(formatBoletoLine(bradesco));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(shown(page, 'Dados de pagamento alterados por')).toHaveText(/Sérgio/);
  const history = page.getByRole('region', { name: 'Histórico', exact: true }).getByRole('listitem');
  await expect(history.first()).toContainText('Dados alterados depois da aprovação');
  // The note is a log: the boleto line is masked there (its free field is the payee's bank data); the parcela shows it whole.
  await expect(history.first()).toContainText(`→ •••• ${bradesco.slice(-4)}`);
  await expect(history.first()).not.toContainText(formatBoletoLine(bradesco));
  await signOut(page);

  // Whoever authorises sees it on the parcela before deciding.
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/contas-a-pagar/parcelamentos');
  await openParcela(page, page, description, 1);
  await expect(shown(page, 'Dados de pagamento alterados por')).toHaveText(/Sérgio/);
  await shoot(page, 'parcela-dados-alterados');
  await noAxeViolations(page);
  await signOut(page);
});

test('the contas a receber list and form have no axe violations', async ({ page }) => {
  await signIn(page, 'tesouraria@demo.com.br');
  await page.goto('/contas-a-receber/lancamentos');
  await expect(page.getByRole('heading', { name: 'Lançamentos a receber' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /registros?$|Nenhum/ }).first()).toBeVisible();
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Novo Lançamento a receber' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Lançamento a receber' })).toBeVisible();
  await noAxeViolations(page);
  await shoot(page, 'receber-form');
  await signOut(page);
});

/** Signs `login` in with the intranet's <bo-login> (the other tags share the session). */
async function intranetSignIn(page: Page, login: string) {
  await page.goto('/intranet.html');
  const box = page.locator('bo-login');
  await box.getByLabel('E-mail').fill(login);
  await box.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await box.getByRole('button', { name: 'Entrar' }).click();
  await expect(box.getByText(`Você está conectado como ${login}.`)).toBeVisible();
}

async function intranetSignOut(page: Page) {
  await page.locator('bo-login').getByRole('button', { name: 'Sair' }).click();
  await expect(page.locator('bo-login').getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
}

test('<bo-contas-a-pagar> on the intranet page: enter, atesto, authorisation and a baixa inside the element', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const area = page.locator('bo-contas-a-pagar');

  await intranetSignIn(page, 'tesouraria@demo.com.br');
  await expect(area.getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await area.getByRole('button', { name: 'Novo Lançamento a pagar' }).click();
  await fillEntry(area, INTRANET_DESCRIPTION, boletoLines());
  await shoot(page, 'intranet-contas-a-pagar-form', { element: area });
  await area.getByRole('button', { name: 'Salvar' }).click();
  await expect(area.getByRole('heading', { name: INTRANET_DESCRIPTION })).toBeVisible();
  await expect(page).toHaveURL(/\/intranet\.html\?pagar=\/contas-a-pagar\/lancamentos\/[^/&]+$/);
  await area.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(area.getByText('Aprovado').first()).toBeVisible();
  await intranetSignOut(page);

  // The requester: from the element's home to the Fila do solicitante, confirm in bulk.
  await intranetSignIn(page, 'solicitante@demo.com.br');
  await area.getByRole('link', { name: 'Fila do solicitante' }).click();
  await expect(area.getByRole('heading', { name: 'Parcelas a pagar' })).toBeVisible();
  await searchRows(area, null, INTRANET_DESCRIPTION, 3);
  await shoot(page, 'intranet-fila-do-solicitante', { element: area });
  await noAxeViolations(page, 'bo-contas-a-pagar');
  await bulk(area, INTRANET_DESCRIPTION, 'Confirmar recebimento');
  await intranetSignOut(page);

  // Treasury (not who entered it): authorise in bulk, then a partial baixa on parcela 1.
  await intranetSignIn(page, 'admin@demo.com.br');
  await area.getByRole('link', { name: 'Fila de pagamentos' }).click();
  await searchRows(area, null, INTRANET_DESCRIPTION, 3);
  await expect(area.locator('[data-totals="all"]')).toContainText(/Valor\sR\$\s1\.000,00/);
  await shoot(page, 'intranet-fila-de-pagamentos', { element: area });
  await noAxeViolations(page, 'bo-contas-a-pagar');
  await bulk(area, INTRANET_DESCRIPTION, 'Autorizar pagamento');
  await area.getByRole('link', { name: 'Parcelas autorizadas' }).click();
  await openParcela(area, null, INTRANET_DESCRIPTION, 1);
  const dialog = await settle(area, '100,00', '333,34');
  await dialog.getByRole('button', { name: 'Dar baixa' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(shown(area, 'Valor baixado')).toHaveText(/R\$\s100,00/);
  await expect(shown(area, 'Saldo em aberto')).toHaveText(/R\$\s233,34/);
  await expect(area.getByRole('region', { name: 'Histórico', exact: true }).getByRole('listitem').first()).toContainText(/Baixa parcial de R\$\s100,00/);
  await shoot(page, 'intranet-parcela', { element: area });
  await noAxeViolations(page, 'bo-contas-a-pagar');

  // The intranet's own CSS stops at the shadow root, and the portal's chunk never loaded.
  const font = await area.getByRole('button', { name: 'Dar baixa' }).evaluate((button) => getComputedStyle(button).fontFamily);
  expect(font).toContain('system-ui');
  expect(requested.some((path) => path.endsWith('/dist/bo-portal.js'))).toBe(false);

  // Inside the element the lançamento link stays in the element (its own routes); the supplier's
  // module is not one of them, so its name is text there.
  await shown(area, 'Lançamento').getByRole('link', { name: INTRANET_DESCRIPTION, exact: true }).click();
  await expect(page).toHaveURL(/\/intranet\.html\?pagar=\/contas-a-pagar\/lancamentos\/[^/&]+$/);
  await expect(area.getByRole('heading', { level: 1, name: INTRANET_DESCRIPTION, exact: true })).toBeVisible();
  await expect(shown(area, 'Fornecedor').getByRole('link')).toHaveCount(0);
  await shoot(page, 'intranet-lancamento', { element: area });
  await noAxeViolations(page, 'bo-contas-a-pagar');
});
