import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, SECRET } from './support';
import { shoot } from './screens';

// The intranet's grid then has three ~380 px columns (the "Pedidos de compra" card among them).
test.use({ viewport: { width: 1366, height: 900 } });

/** Signs in once, through the page's <bo-login>. */
async function signInOnce(page: Page, login: string) {
  const box = page.locator('bo-login');
  await box.getByLabel('E-mail').fill(login);
  await box.getByLabel('Senha', { exact: true }).fill(SECRET);
  await box.getByRole('button', { name: 'Entrar' }).click();
  await expect(box.getByText(`Você está conectado como ${login}.`)).toBeVisible();
}

/** The intranet itself is still there: its path, its header, its boxes. */
async function expectIntranet(page: Page, search: RegExp) {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/intranet.html');
  expect(url.search).toMatch(search);
  expect(url.hash).toBe('#topo');
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Colaborador' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pedidos de compra' })).toBeVisible();
}

/** Every product card of the catalogue lies inside the element's own box. */
async function expectGridInside(pedidos: Locator) {
  const outside = await pedidos.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const cards = Array.from(element.shadowRoot!.querySelectorAll('li')).filter((li) => li.querySelector('button'));
    return { cards: cards.length, outside: cards.filter((li) => li.getBoundingClientRect().right > box.right + 0.5 || li.getBoundingClientRect().left < box.left - 0.5).length, width: box.width };
  });
  expect(outside.cards).toBeGreaterThan(0);
  expect(outside.outside).toBe(0);
  return outside.width;
}

test('intranet page: <bo-login> and <bo-minha-conta> share one session and ignore the page CSS', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/intranet.html');

  const login = page.locator('bo-login');
  const account = page.locator('bo-minha-conta');
  await expect(login.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
  // Not signed in: the account element waits for the page's one sign-in instead of offering its own.
  await expect(account.getByText('Entre no Retaguarda para ver esta área.')).toBeVisible();
  await expect(account.getByRole('heading', { name: 'Entrar no Retaguarda' })).toHaveCount(0);

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
  await expect(account.getByRole('rowheader', { name: 'Pedidos' })).toBeVisible();

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

test('five tags on one intranet page: one sign-in, the host keeps its address, every inner page survives a reload', async ({ page }) => {
  const pedidos = page.locator('bo-pedidos');
  const pagar = page.locator('bo-contas-a-pagar');
  const receber = page.locator('bo-contas-a-receber');
  const conta = page.locator('bo-minha-conta');
  const login = page.locator('bo-login');
  // The host's own parameter and anchor are the host's: no tag touches them.
  await page.goto('/intranet.html?aba=compras#topo');

  // Signed out: one login form on the whole page, four quiet notes that lead to it.
  await expect(login.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
  for (const tag of [pedidos, pagar, receber, conta]) await expect(tag.getByText('Entre no Retaguarda para ver esta área.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(1);
  await expect(page.getByLabel('E-mail')).toHaveCount(1);
  await shoot(page, 'intranet-signed-out');
  expect(await axeViolations(page, 'bo-pedidos')).toEqual([]);
  await pagar.getByRole('button', { name: 'Ir para o acesso' }).click();
  await expect(login.getByLabel('E-mail')).toBeFocused();

  await signInOnce(page, 'admin@demo.com.br');
  await expect(pedidos.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible();
  await expect(pagar.getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await expect(receber.getByRole('heading', { name: 'Lançamentos a receber' })).toBeVisible();
  await expect(conta.getByRole('heading', { name: 'Minhas políticas' })).toBeVisible();
  // The tags on their homes leave the address as the host wrote it.
  await expectIntranet(page, /^\?aba=compras$/);
  await shoot(page, 'intranet-signed-in');

  // Each tag to an inner page: the path stays the intranet's, each tag writes only its parameter.
  await pedidos.getByRole('button', { name: /^Catálogo/ }).click();
  await pedidos.getByRole('navigation', { name: 'Departamentos' }).getByRole('link', { name: 'Limpeza' }).click();
  const limpeza = pedidos.getByRole('navigation', { name: 'Departamentos' }).getByRole('link', { name: 'Limpeza', exact: true });
  await expect(limpeza).toHaveAttribute('aria-current', 'page');
  // A link opened in a new tab opens the intranet with the tag on that page.
  await expect(limpeza).toHaveAttribute('href', /^\/intranet\.html\?aba=compras&pedidos=\/pedidos\/catalogo\/limpeza(&[^#]*)?#topo$/);
  await pagar.getByRole('link', { name: 'Parcelas', exact: true }).click();
  await expect(pagar.getByRole('heading', { name: 'Parcelas a pagar' })).toBeVisible();
  await receber.getByRole('link', { name: 'Parcelas', exact: true }).click();
  await expect(receber.getByRole('heading', { name: 'Parcelas a receber' })).toBeVisible();
  await conta.getByRole('link', { name: 'Editar perfil' }).click();
  await expect(conta.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();
  // Minha conta's own tabs too: a new tab opens the intranet with the tag on that page.
  await expect(conta.getByRole('link', { name: 'Alterar senha' })).toHaveAttribute('href', /^\/intranet\.html\?[^#]*conta=\/minha-conta\/alterar-senha(&[^#]*)?#topo$/);
  const inner = /^\?aba=compras&pedidos=\/pedidos\/catalogo\/limpeza&pagar=\/contas-a-pagar\/parcelamentos&receber=\/contas-a-receber\/parcelamentos&conta=\/minha-conta\/editar$/;
  await expectIntranet(page, inner);

  // A reload (or the bookmark) opens the intranet with every tag where it was.
  await page.reload();
  await expectIntranet(page, inner);
  await expect(pedidos.getByRole('heading', { level: 1, name: 'Limpeza' })).toBeVisible();
  await expect(limpeza).toHaveAttribute('aria-current', 'page');
  await expect(pagar.getByRole('heading', { name: 'Parcelas a pagar' })).toBeVisible();
  await expect(receber.getByRole('heading', { name: 'Parcelas a receber' })).toBeVisible();
  await expect(conta.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);

  // Back to a home: that tag's parameter goes, the others stay.
  await pagar.getByRole('link', { name: 'Lançamentos', exact: true }).click();
  await expect(pagar.getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await expectIntranet(page, /^\?aba=compras&pedidos=\/pedidos\/catalogo\/limpeza&receber=\/contas-a-receber\/parcelamentos&conta=\/minha-conta\/editar$/);

  // Signing out in one signs out all: one login again, and a reload still opens the intranet.
  await login.getByRole('button', { name: 'Sair' }).click();
  await expect(login.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
  for (const tag of [pedidos, pagar, receber, conta]) await expect(tag.getByText('Entre no Retaguarda para ver esta área.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(1);
  await page.reload();
  await expectIntranet(page, /pedidos=\/pedidos\/catalogo\/limpeza/);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(1);
  // Signed in again: each tag opens the page it kept.
  await signInOnce(page, 'admin@demo.com.br');
  await expect(pedidos.getByRole('heading', { level: 1, name: 'Limpeza' })).toBeVisible();
  await expect(receber.getByRole('heading', { name: 'Parcelas a receber' })).toBeVisible();
  await expect(conta.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();
});

test('without a <bo-login> the first tag shows the one sign-in; the others wait and then load', async ({ page }) => {
  await page.goto('/intranet.html');
  await page.evaluate(() => document.querySelector('bo-login')!.remove());
  const pedidos = page.locator('bo-pedidos');
  await expect(pedidos.getByRole('heading', { name: 'Entrar no Retaguarda' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(1);
  await expect(page.locator('bo-minha-conta').getByText('Entre no Retaguarda para ver esta área.')).toBeVisible();
  await pedidos.getByLabel('E-mail').fill('admin@demo.com.br');
  await pedidos.getByLabel('Senha', { exact: true }).fill(SECRET);
  await pedidos.getByRole('button', { name: 'Entrar' }).click();
  await expect(pedidos.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible();
  await expect(page.locator('bo-contas-a-pagar').getByRole('heading', { name: 'Lançamentos a pagar' })).toBeVisible();
  await expect(page.locator('bo-minha-conta').getByRole('heading', { name: 'Minhas políticas' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/intranet.html');
});

test('a tag the user may not open shows nothing (or the host’s slot) and fires bo-forbidden; the catalogue fits its card', async ({ page }) => {
  await page.goto('/intranet.html');
  await page.evaluate(() => {
    const w = window as unknown as { forbidden: string[] };
    w.forbidden = [];
    document.addEventListener('bo-forbidden', (event) => w.forbidden.push(`${(event.target as Element).localName}:${JSON.stringify((event as CustomEvent).detail)}`));
  });
  await signInOnce(page, 'compras@demo.com.br');
  const pedidos = page.locator('bo-pedidos');
  await expect(pedidos.getByRole('heading', { name: 'Pedidos', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { forbidden: string[] }).forbidden.sort())).toEqual([
    'bo-contas-a-pagar:{"resources":["payables","requesterQueue","paymentQueue"]}',
    'bo-contas-a-receber:{"resources":["receivables"]}',
    'bo-painel:{"resources":["financeReports"]}',
  ]);
  // Nothing of the area, no error in the host's page: the element is empty…
  const pagar = page.locator('bo-contas-a-pagar');
  expect(await pagar.evaluate((element) => ({ text: element.shadowRoot!.textContent, height: element.getBoundingClientRect().height }))).toEqual({ text: '', height: 0 });
  await expect(page.getByText('Você não tem permissão')).toHaveCount(0);
  // …or shows what the host put in its `forbidden` slot.
  await expect(page.locator('bo-contas-a-receber [slot="forbidden"]')).toBeVisible();
  await expect(page.locator('bo-contas-a-receber [slot="forbidden"]')).toContainText(/peça acesso/i);

  // The catalogue lays out by the tag's ~380 px column on a 1366 px page, and by a phone's width.
  await pedidos.getByRole('button', { name: /^Catálogo/ }).click();
  await expect(pedidos.getByRole('heading', { name: 'Catálogo de produtos' })).toBeVisible();
  await expect(pedidos.getByRole('button', { name: /^Adicionar ao carrinho/ }).first()).toBeVisible();
  const column = await expectGridInside(pedidos);
  expect(column).toBeLessThan(420);
  expect(await axeViolations(page, 'bo-pedidos')).toEqual([]);
  await shoot(page, 'intranet-catalogue');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectGridInside(pedidos);
  await page.setViewportSize({ width: 1366, height: 900 });
});
