import { expect, test, type Page } from '@playwright/test';
import { axeViolations, fillLogin, nextMail, totpCode } from './support';

/**
 * A real organisation's first hour (issue 28), in Chromium: the first administrator (set up at the
 * server's start, playwright.config.ts SETUP_*) opens the invitation from the e-mail, sets a
 * password, sets up the authenticator the account requires, and lands on the home with the
 * first-run checklist — every step left; the standard chart of accounts makes one step done,
 * another is skipped, and both stay so after a reload; the import template downloads and the
 * wizard opens on the step's type; the head office is created from the organisation's data.
 * Screenshots at 1366 and 390 px, axe-clean.
 */
const ADMIN = 'marina@primeira.test';
const PASSWORD = 'Cafe-com-pao-de-queijo-2026';

const checklist = (page: Page) => page.getByRole('region', { name: 'Primeiros passos' });
const step = (page: Page, key: string) => checklist(page).locator(`[data-step="${key}"]`);

test('invitation → password → authenticator → the checklist: one step done, one skipped', async ({ page }) => {
  const mail = await nextMail(ADMIN, 0);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/auth\/recuperar-senha\?token=[\w%-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

  await page.goto('/login');
  await fillLogin(page, ADMIN, PASSWORD);
  // Two-step verification is mandatory for this account: the authenticator first.
  await expect(page).toHaveURL(/\/auth\/configurar-verificacao-em-duas-etapas/);
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Código de verificação').fill(totpCode(key).code);
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  // The authenticator set up at sign-in gives its recovery codes once, before going on.
  await expect(page.getByRole('button', { name: 'Já guardei os códigos, continuar' })).toBeVisible();
  await page.getByRole('button', { name: 'Já guardei os códigos, continuar' }).click();
  await expect(page.getByText(`Conectado como ${ADMIN}`)).toBeVisible();

  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByText('0 de 9 feitos')).toBeVisible();
  await expect(checklist(page).locator('[data-state="left"]')).toHaveCount(9);
  await expect(step(page, 'bankAccounts').getByRole('link', { name: 'Contas Financeiras' })).toBeVisible();

  // One step done: the standard chart of accounts, in one click.
  await step(page, 'chartOfAccounts').getByRole('button', { name: 'Usar o plano de contas padrão' }).click();
  await expect(page.getByText(/Plano de contas padrão criado: \d+ contas/)).toBeVisible();
  await expect(step(page, 'chartOfAccounts')).toHaveAttribute('data-state', 'done');
  await expect(step(page, 'chartOfAccounts').getByText('Feito')).toBeVisible();

  // One step skipped, for the organisation.
  await page.getByRole('button', { name: 'Pular o passo Clientes' }).click();
  await expect(step(page, 'customers')).toHaveAttribute('data-state', 'skipped');
  await expect(checklist(page).getByText('1 de 9 feitos, 1 pulado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retomar o passo Clientes' })).toBeVisible();

  await page.reload();
  await expect(step(page, 'chartOfAccounts')).toHaveAttribute('data-state', 'done');
  await expect(step(page, 'customers')).toHaveAttribute('data-state', 'skipped');
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole('heading', { name: 'Olá, Marina Primeira' })).toBeInViewport();
  await page.waitForTimeout(300); // the sidebar's width transition after the resize
  await page.screenshot({ path: 'test-results/onboarding-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(checklist(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/onboarding-390.png', fullPage: true });
  await step(page, 'chartOfAccounts').screenshot({ path: 'test-results/onboarding-390-steps.png' });
  await step(page, 'customers').screenshot({ path: 'test-results/onboarding-390-skipped.png' });
  await step(page, 'approvalQueues').screenshot({ path: 'test-results/onboarding-390-templates.png' });

  // Suppliers from a spreadsheet: the template downloads, and the wizard opens on the right type.
  await page.setViewportSize({ width: 1366, height: 900 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar a planilha modelo de fornecedores' }).click();
  expect((await download).suggestedFilename()).toBe('modelo-importacao-fornecedores.xlsx');
  await step(page, 'suppliers').getByRole('link', { name: 'Importar planilha' }).click();
  await expect(page).toHaveURL(/\/configuracoes\/importacoes-em-lote\/adicionar\?tipo=suppliers$/);
  await expect(page.getByLabel('O que você vai importar')).toHaveValue('suppliers');
  await expect(page.getByRole('button', { name: 'Baixar planilha modelo' })).toBeVisible();
  await page.goto('/');

  // The chart is an ordinary registry now: its screen lists it.
  await step(page, 'chartOfAccounts').getByRole('link', { name: 'Planos de Contas' }).click();
  await expect(page).toHaveURL(/\/configuracoes\/planos-de-contas/);
  await expect(page.getByText('Bancos conta movimento')).toBeVisible();

  // The head office from the organisation's data, then its form to complete it.
  await page.goto('/');
  await step(page, 'companyData').getByRole('button', { name: 'Cadastrar a matriz com os dados da organização' }).click();
  await expect(page).toHaveURL(/\/empresas\/[^/]+\/[^/]+\/editar$/);
  await expect(page.getByLabel('Razão social')).toHaveValue('Empresa Primeira Ltda');
  await page.goto('/');
  await expect(step(page, 'companyData')).toHaveAttribute('data-state', 'done');
  await expect(checklist(page).getByText('2 de 9 feitos, 1 pulado')).toBeVisible();
});
