import { expect, test } from '@playwright/test';

test('intranet page: <bo-login> and <bo-minha-conta> share one session and ignore the page CSS', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/intranet.html');

  const login = page.locator('bo-login');
  const account = page.locator('bo-minha-conta');
  await expect(login.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
  // Not signed in: the account element offers its own login instead of data.
  await expect(account.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();

  // The page's `* { font-family: Comic Sans !important; text-transform: uppercase !important }` stops at the shadow root.
  const styles = await login.getByRole('button', { name: 'Entrar' }).evaluate((button) => {
    const s = getComputedStyle(button);
    return { font: s.fontFamily, transform: s.textTransform, size: s.fontSize, border: s.borderTopStyle };
  });
  expect(styles.font).toContain('system-ui');
  expect(styles.transform).toBe('none');
  expect(styles.size).toBe('14px');
  expect(styles.border).not.toBe('dashed');

  await login.getByLabel('E-mail').fill('compras@demo.com.br');
  await login.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(login.getByText('Você está conectado como compras@demo.com.br.')).toBeVisible();
  // The other tag saw the same session without a reload.
  await expect(account.getByRole('heading', { name: 'Minhas políticas' })).toBeVisible();
  await expect(account.getByRole('cell', { name: 'Pedidos orders' })).toBeVisible();

  // Each tag pulled only its own chunk: nothing of the portal.
  expect(requested.some((path) => path.endsWith('/dist/bo-portal.js'))).toBe(false);
});

test('an element keeps a property set before its chunk arrived', async ({ page }) => {
  await page.goto('/intranet.html');
  const value = await page.evaluate(async () => {
    const element = document.createElement('bo-minha-conta') as HTMLElement & { page?: string };
    element.page = 'editar';
    document.body.append(element);
    await customElements.whenDefined('bo-minha-conta');
    return element.getAttribute('page');
  });
  expect(value).toBe('editar');
});
