import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { endSessionOnServer, signIn } from './support';

const CONFIG = '.tmp/e2e-app.config.json';

test('401: a revoked session gets the persistent notice; "Fazer login" opens the small login window', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  // The page paints from the stored session and revalidates it behind, once the screen is shown:
  // that revalidation answers first (the home page's own, still in flight at the goto, does not count).
  const revalidated = new Promise<void>((resolve) => {
    const answered = new Set<string>();
    let onPage = false;
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().isNavigationRequest()) onPage = pathname === '/minha-conta/editar';
      else if (onPage && (pathname === '/v1/identity/users/me' || pathname === '/v1/identity/users/me/policies/effective-permissions')) {
        answered.add(pathname);
        if (answered.size === 2) resolve();
      }
    });
  });
  await page.goto('/minha-conta/editar');
  await expect(page.getByLabel('Nome')).toBeVisible();
  await revalidated;
  // Then the session ends on the server (another tab logged out): the next call answers 401.
  await endSessionOnServer(page);
  await page.getByLabel('Nome').fill('Comprador Renomeado');
  await page.getByRole('button', { name: 'Salvar' }).click();

  const notice = page.locator('[data-notice-id="http-401"]');
  await expect(notice).toContainText('Você precisa se autenticar para continuar.');
  await expect(notice.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await page.waitForTimeout(3500); // 401 notices are not auto-dismissed
  await expect(notice).toBeVisible();

  await notice.getByRole('button', { name: 'Fazer login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar novamente' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill('compras@demo.com.br');
  await dialog.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/minha-conta\/editar$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado.')).toBeVisible();
});

test('403: a refused call gets the persistent notice with "Entendi"', async ({ page, context }) => {
  await signIn(page, 'compras@demo.com.br');
  await page.goto('/minha-conta/editar');
  // Without the XSRF cookie the server refuses the change (403).
  await context.clearCookies();
  await page.getByRole('button', { name: 'Salvar' }).click();
  const notice = page.locator('[data-notice-id="http-403"]');
  await expect(notice).toContainText('Você não tem permissão para este acesso.');
  await notice.getByRole('button', { name: 'Entendi' }).click();
  await expect(notice).toBeHidden();
});

test('a new front-end version is flagged, and after the refresh "ATUALIZAÇÃO CONCLUÍDA" appears once', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  const original = readFileSync(CONFIG, 'utf8');
  try {
    const config = JSON.parse(original);
    config.useFrontEndVersion = '9.9.9';
    writeFileSync(CONFIG, JSON.stringify(config));
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await expect(page).toHaveURL(/newAppVersionAvailable/);
    const notice = page.locator('[data-notice-id="app-new-version"]');
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Atualizar agora' }).click();

    const done = page.locator('[data-notice-id="app-updated"]');
    await expect(done).toContainText('ATUALIZAÇÃO CONCLUÍDA');
    await expect(done).toContainText('Agora você está usando a versão mais recente.');
    await expect(done).toContainText('9.9.9');
    await done.getByRole('button', { name: 'Obrigado pelo aviso.' }).click();
    await expect(done).toBeHidden();
    await page.reload();
    await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
    await expect(done).toHaveCount(0);
  } finally {
    writeFileSync(CONFIG, original);
  }
});

test('at most three notices at once, success notices leave after 3 seconds', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  await page.goto('/minha-conta/editar');
  for (let i = 0; i < 4; i++) {
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  }
  await expect(page.getByText('Perfil atualizado.')).not.toHaveCount(0);
  expect(await page.getByText('Perfil atualizado.').count()).toBeLessThanOrEqual(3);
  await expect(page.getByText('Perfil atualizado.')).toHaveCount(0, { timeout: 8000 });
});

test('bad input on a form shows the server field errors under the field', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  await page.goto('/minha-conta/alterar-senha');
  await page.getByLabel('Senha atual').fill('Retaguarda#2025');
  await page.getByLabel('Nova senha', { exact: true }).fill('curta');
  await page.getByLabel('Confirme a nova senha').fill('curta');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  // Under the field (the error notice lists it too, with the field's label).
  await expect(page.getByText('A senha deve ter pelo menos 8 caracteres.', { exact: true })).toBeVisible();
  await expect(page.getByText('Nova senha: A senha deve ter pelo menos 8 caracteres.')).toBeVisible();
});
