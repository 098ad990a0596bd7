/**
 * Issue 10 items 7–9 in Chromium: the two-factor screens signed out go to /login; an
 * administrator creates a user (least-privileged defaults, invitation e-mail); that user turns
 * two-step on in Minha conta (QR code, key, code, recovery codes) and signs in with a recovery
 * code, once. Screenshots at 1366 and 390 px go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, fillLogin, mailsTo, nextMail, signIn, signOut, totpCode } from './support';
import { shoot } from './screens';

test.describe.configure({ mode: 'serial' });

const email = `convidada.${Date.now().toString(36)}@demo.com.br`;
const password = 'Senha-da-convidada-2025';
let recoveryCodes: string[] = [];

test('the two-factor screens signed out go to /login, keeping where the user was going', async ({ page }) => {
  await page.goto('/auth/configurar-verificacao-em-duas-etapas?redirectTo=%2Fcotacoes');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcotacoes$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Você precisa se autenticar para continuar.')).toHaveCount(0);

  await page.goto('/auth/codigo?endpoint=usersMe&redirectTo=%2Fminha-conta%2Falterar-senha');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fminha-conta%2Falterar-senha$/);
  await page.goto('/auth/codigo');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Você precisa se autenticar para continuar.')).toHaveCount(0);

  await page.goto('/auth/codigo?redirectTo=%2Fcotacoes');
  await fillLogin(page, 'compras@demo.com.br');
  await expect(page).toHaveURL(/\/cotacoes$/);
});

test('a new user starts as "Usuário" with E-mail allowed, and receives the invitation e-mail', async ({ page }) => {
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/usuarios/adicionar');
  const level = page.getByLabel('Nível de acesso');
  await expect(level).toHaveValue('User');
  await expect(page.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Aplicativo autenticador' })).not.toBeChecked();
  // This user may also use an authenticator app (the next test sets one up).
  await page.getByRole('checkbox', { name: 'Aplicativo autenticador' }).check();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Clara Convidada');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await shoot(page, 'novo-usuario');
  expect(await axeViolations(page)).toEqual([]);
  const before = (await mailsTo(email)).length;
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Usuário criado. Enviamos um convite para ${email} com o link para definir a senha (válido por 24 horas).`)).toBeVisible();
  await expect(page).toHaveURL(/\/usuarios\/[^/]+$/);

  const mail = await nextMail(email, before);
  expect(mail).toContain('Defina a sua senha');
  const link = /(http:\/\/\S+\/auth\/recuperar-senha\?token=[A-Za-z0-9_%-]+)/.exec(mail)![1];
  await signOut(page);
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a nova senha').fill(password);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
});

test('Minha conta: turning two-step on sets up the app there and then, and hands out recovery codes', async ({ page }) => {
  await signIn(page, email, password);
  await page.goto('/minha-conta/verificacao-em-duas-etapas');
  await expect(page.getByTestId('two-factor-status')).toHaveText('Desativada');
  // Keyboard: reach the button with Tab and press it.
  const turnOn = page.getByRole('button', { name: 'Ativar verificação em duas etapas' });
  await turnOn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Configurar a verificação em duas etapas' })).toBeFocused();
  await expect(page.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' })).toBeVisible();
  const shown = (await page.getByTestId('totp-key').textContent())!.trim();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  await shoot(page, 'minha-conta-2fa-configurar');
  expect(await axeViolations(page)).toEqual([]);

  const key = shown.replace(/\s+/g, '');
  await page.getByLabel('Código de verificação').fill(totpCode(key).code);
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const list = page.getByRole('list', { name: 'Códigos de recuperação' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expect(page.getByTestId('two-factor-status')).toHaveText('Ativada');
  await expect(page.getByTestId('two-factor-bound')).toHaveText('Aplicativo autenticador');
  await expect(page.getByTestId('recovery-codes-status')).toHaveText('10 de 10 disponíveis');
  await shoot(page, 'minha-conta-2fa-codigos');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gerar novos códigos de recuperação' })).toBeVisible();
});

test('a recovery code opens the second step of the login once', async ({ page }) => {
  await page.goto('/pedidos');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/auth\/codigo\?redirectTo=%2Fpedidos/);
  await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await page.getByLabel('Código de recuperação').fill(recoveryCodes[0].toLowerCase());
  await shoot(page, 'login-codigo-de-recuperacao');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/pedidos$/);
  await expect(page.getByText(`Conectado como ${email}`)).toBeVisible();
  await page.goto('/minha-conta/verificacao-em-duas-etapas');
  await expect(page.getByTestId('recovery-codes-status')).toHaveText('9 de 10 disponíveis');

  await signOut(page);
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await page.getByLabel('Código de recuperação').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('O código é inválido ou expirou. Tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/codigo/);
});
