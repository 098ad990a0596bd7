import { expect, test } from '@playwright/test';
import { axeViolations, codeIn, fillLogin, mailsTo, nextMail, nextTotpCode, totpCode } from './support';

test.describe.configure({ mode: 'serial' });

let totpKey = '';
let lastStep = 0;

test('mandatory two-step: TOTP setup with the QR key, then login with a code', async ({ page }) => {
  await page.goto('/pedidos?x=1');
  await fillLogin(page, 'financeiro@demo.com.br');
  await expect(page).toHaveURL(/\/auth\/configurar-verificacao-em-duas-etapas\?redirectTo=/);
  await expect(page.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' })).toBeVisible();
  // The key is shown in groups of four ("ABCD EFGH …"), as people read and type it.
  const shown = (await page.getByTestId('totp-key').textContent())!.trim();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  totpKey = shown.replace(/\s+/g, '');

  await page.getByLabel('Código de verificação').fill('000000');
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(page.getByText('O código é inválido ou expirou. Tente novamente.')).toBeVisible();

  // Spaces are stripped before sending (spec §5).
  const { code, step } = totpCode(totpKey);
  lastStep = step;
  await page.getByLabel('Código de verificação').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  // The setup hands the first recovery codes, once, before going on (issue 27 §3).
  await expect(page.getByRole('heading', { name: 'Guarde seus códigos de recuperação' })).toBeFocused();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `.tmp/screens/sign-in-recovery-codes-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Já guardei os códigos, continuar' }).click();
  await expect(page).toHaveURL(/\/pedidos\?x=1$/);
  await expect(page.getByText('Conectado como financeiro@demo.com.br')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await fillLogin(page, 'financeiro@demo.com.br');
  await expect(page).toHaveURL(/\/auth\/codigo\?redirectTo=%2F/);
  await page.getByRole('radio', { name: 'Aplicativo autenticador' }).check();
  // The setup code's step was accepted: only a later step passes now.
  const next = await nextTotpCode(totpKey, lastStep);
  lastStep = next.step;
  await page.getByLabel('Código de verificação').fill(next.code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Conectado como financeiro@demo.com.br')).toBeVisible();
});

test('mandatory two-step asks a fresh code before the account security pages', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'financeiro@demo.com.br');
  await page.getByRole('radio', { name: 'Aplicativo autenticador' }).check();
  const next = await nextTotpCode(totpKey, lastStep);
  lastStep = next.step;
  await page.getByLabel('Código de verificação').fill(next.code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Conectado como financeiro@demo.com.br')).toBeVisible();

  // The login's verification token is still fresh: the security page opens directly.
  await page.goto('/minha-conta/verificacao-em-duas-etapas');
  await expect(page.getByTestId('two-factor-status')).toHaveText('Obrigatória');

  // Without a valid verification token the guard sends to the code screen (endpoint=usersMe).
  await page.evaluate(() => localStorage.setItem('bo.verificationTokenExpireAt', JSON.stringify(Date.now() - 1000)));
  await page.goto('/minha-conta/alterar-senha');
  await expect(page).toHaveURL(/\/auth\/codigo\?endpoint=usersMe&redirectTo=%2Fminha-conta%2Falterar-senha/);
});

test('e-mail code: setup and login with the code received over SMTP', async ({ page }) => {
  const login = 'gestor@demo.com.br';
  await page.goto('/login');
  await fillLogin(page, login);
  await expect(page).toHaveURL(/\/auth\/configurar-verificacao-em-duas-etapas/);
  const before = (await mailsTo(login)).length;
  await page.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  await expect(page.getByText('Enviamos um código para o seu e-mail.').first()).toBeVisible();
  const code = codeIn(await nextMail(login, before));
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Já guardei os códigos, continuar' }).click();
  await expect(page.getByText(`Conectado como ${login}`)).toBeVisible();

  // A new code right away is refused: codes are e-mailed at most every 30 seconds.
  await page.getByRole('button', { name: 'Sair' }).click();
  await fillLogin(page, login);
  await expect(page).toHaveURL(/\/auth\/codigo/);
  await page.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  await expect(page.getByText('Aguarde alguns segundos antes de pedir outro código.')).toBeVisible();
});

test('login with an e-mail code when the account also allows an authenticator app', async ({ page }) => {
  const login = 'financeiro@demo.com.br';
  await page.goto('/login');
  await fillLogin(page, login);
  await expect(page).toHaveURL(/\/auth\/codigo/);
  await page.getByRole('radio', { name: 'E-mail' }).check();
  const before = (await mailsTo(login)).length;
  await page.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  const code = codeIn(await nextMail(login, before));
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText(`Conectado como ${login}`)).toBeVisible();
});
