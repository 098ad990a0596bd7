import { expect, test } from '@playwright/test';
import { expandNavigation, fillLogin, signIn } from './support';

test('wrong credentials show the spec message and keep the user on the login page', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'compras@demo.com.br', 'senha-errada');
  await expect(page.getByText('Login ou senha inválidos. Verifique as credenciais e tente novamente.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('empty fields are refused before any call, in pt-BR', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Informe o seu e-mail.')).toBeVisible();
  await expect(page.getByText('Informe a sua senha.')).toBeVisible();
});

test('a private page sends to /login with redirectTo, and signing in comes back to it', async ({ page }) => {
  await page.goto('/minha-conta/politicas');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fminha-conta%2Fpoliticas/);
  await fillLogin(page, 'compras@demo.com.br');
  await expect(page).toHaveURL(/\/minha-conta\/politicas$/);
  await expect(page.getByRole('heading', { name: 'Minhas políticas' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Ordens de compra' })).toBeVisible();
});

test('the navigation shows only modules the user may create in', async ({ page }) => {
  await signIn(page, 'solicitante@demo.com.br');
  await expandNavigation(page);
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contas a Pagar' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Usuários' })).toHaveCount(0);

  await page.goto('/logout');
  await expect(page.getByText('Você foi desconectado da sua conta.')).toBeVisible();
  await signIn(page, 'admin@demo.com.br');
  await expandNavigation(page);
  await expect(nav.getByRole('link', { name: 'Contas a Pagar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Perfis de Usuário' })).toBeVisible();
});

test('deep paths open their screen inside the portal; unknown paths show Page Not Found', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  await expandNavigation(page);
  // Every area of the spec has its screen now (no "em construção" left).
  await page.goto('/pedidos/catalogo/escritorio/papel/a4');
  await expect(page.getByRole('heading', { name: 'Catálogo' })).toBeVisible();

  await page.goto('/isto-nao-existe');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('/isto-nao-existe')).toBeVisible();
});

test('logout says so and ends the session', async ({ page }) => {
  await signIn(page, 'compras@demo.com.br');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Você foi desconectado da sua conta.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/minha-conta');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fminha-conta/);
});

test('remember me keeps the session through a reload', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'compras@demo.com.br', undefined, true);
  await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bo.rememberMe'))).toBe('true');
});

test('a page left while the sign-in still loads the permissions keeps the session', async ({ page }) => {
  // The real server answers; its answer to the permissions call is only held back, so the portal is
  // on screen ("Conectado como …") before the sign-in has finished, and the person moves on then.
  let held = false;
  await page.route(/\/v1\/identity\/users\/me\/policies\/effective-permissions$/, async (route) => {
    if (held) return route.continue();
    held = true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/login');
  await fillLogin(page, 'compras@demo.com.br');
  await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
  expect(held).toBe(true);
  await page.goto('/minha-conta');
  await expect(page.getByText('Conectado como compras@demo.com.br')).toBeVisible();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
});
