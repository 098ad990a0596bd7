import { expect, test } from '@playwright/test';
import { fillLogin, nextMail, mailsTo } from './support';

test('password recovery by e-mail: link, new password, login with it', async ({ page }) => {
  const login = 'admin@outra.com.br';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/recuperar-senha/);
  // The login page stays on screen while the recovery chunk loads; its "E-mail" field must not take the text.
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
  const before = (await mailsTo(login)).length;
  await page.getByLabel('E-mail').fill(login);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se o login estiver cadastrado, enviaremos as instruções' }).first()).toBeVisible();

  const mail = await nextMail(login, before);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/auth\/recuperar-senha\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('Nova senha', { exact: true }).fill('Outra#Senha2026');
  await page.getByLabel('Confirme a nova senha').fill('Outra#Senha2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

  // The link is single-use.
  await page.goto(link!);
  await page.getByLabel('Nova senha', { exact: true }).fill('Mais#Uma2026x');
  await page.getByLabel('Confirme a nova senha').fill('Mais#Uma2026x');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('O link de recuperação é inválido ou expirou. Peça um novo.', { exact: true })).toBeVisible();

  await page.goto('/login');
  await fillLogin(page, login, 'Outra#Senha2026');
  await expect(page.getByText(`Conectado como ${login}`)).toBeVisible();
});
