/**
 * Figure: gzip bytes of JavaScript and CSS that a page downloads
 * - with only <bo-login> (demo/login.html) — budget ≤ 130 KB gz (1.3 × the 97 KB floor);
 * - for the portal's first screen (/login in <bo-portal>) and its signed-in home;
 * - with only <bo-pedidos> (demo/pedidos.html, a signed-in requester, cold cache) up to its first
 *   list — goal ≤ 160 KB gz — and then its catalogue page;
 * - with only <bo-contas-a-pagar> (demo/contas-a-pagar.html, a signed-in treasurer, cold cache) up
 *   to its first list — the same 160 KB gz goal.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumOptions, startServer } from './server-process';

const BUDGET_LOGIN_KB = 130;
const GOAL_ORDERS_KB = 160;

async function measure(page: Page, go: () => Promise<unknown>) {
  const sizes = new Map<string, number>();
  const onResponse = async (response: import('@playwright/test').Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      sizes.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      // redirected or aborted
    }
  };
  page.on('response', onResponse);
  await go();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return { files: sizes.size, kb: [...sizes.values()].reduce((a, b) => a + b, 0) / 1024 };
}

// The browser first: a missing Chromium then leaves no server running.
const browser = await chromium.launch(chromiumOptions);
const server = await startServer(3201);
try {
  const page = await browser.newPage();
  const login = await measure(page, async () => {
    await page.goto(`${server.url}/login.html`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
  });
  const fresh = await browser.newPage();
  const portal = await measure(fresh, async () => {
    await fresh.goto(`${server.url}/login`);
    await fresh.getByRole('button', { name: 'Entrar' }).waitFor();
  });
  const home = await measure(fresh, async () => {
    await fresh.getByLabel('E-mail').fill('compras@demo.com.br');
    await fresh.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
    await fresh.getByRole('button', { name: 'Entrar' }).click();
    await fresh.getByText('Conectado como').waitFor();
  });
  // <bo-pedidos> alone: signed in once on the login page, then a cold context with that session.
  const signIn = await browser.newContext();
  const loginPage = await signIn.newPage();
  await loginPage.goto(`${server.url}/login.html`);
  await loginPage.getByLabel('E-mail').fill('solicitante@demo.com.br');
  await loginPage.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await loginPage.getByRole('button', { name: 'Entrar' }).click();
  await loginPage.waitForFunction(() => Boolean(localStorage.getItem('bo.accessToken')));
  const cold = await browser.newContext({ storageState: await signIn.storageState() });
  const ordersPage = await cold.newPage();
  const orders = await measure(ordersPage, async () => {
    await ordersPage.goto(`${server.url}/pedidos.html`);
    await ordersPage.getByRole('heading', { name: 'Pedidos' }).waitFor();
  });
  const catalogue = await measure(ordersPage, async () => {
    await ordersPage.getByRole('button', { name: 'Catálogo' }).first().click();
    await ordersPage.getByRole('heading', { name: 'Departamentos' }).waitFor();
  });
  await cold.close();
  await signIn.close();
  // <bo-contas-a-pagar> alone, the same way, as treasury.
  const treasury = await browser.newContext();
  const treasuryLogin = await treasury.newPage();
  await treasuryLogin.goto(`${server.url}/login.html`);
  await treasuryLogin.getByLabel('E-mail').fill('tesouraria@demo.com.br');
  await treasuryLogin.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await treasuryLogin.getByRole('button', { name: 'Entrar' }).click();
  await treasuryLogin.waitForFunction(() => Boolean(localStorage.getItem('bo.accessToken')));
  const coldFinance = await browser.newContext({ storageState: await treasury.storageState() });
  const payablesPage = await coldFinance.newPage();
  const payablesList = await measure(payablesPage, async () => {
    await payablesPage.goto(`${server.url}/contas-a-pagar.html`);
    await payablesPage.getByRole('heading', { name: 'Lançamentos a pagar' }).waitFor();
  });
  await coldFinance.close();
  await treasury.close();
  console.log(`bundle: <bo-login> alone        ${login.kb.toFixed(1)} KB gz JS+CSS in ${login.files} files (budget ${BUDGET_LOGIN_KB} KB: ${login.kb <= BUDGET_LOGIN_KB ? 'within' : 'OVER'})`);
  console.log(`bundle: portal first screen     ${portal.kb.toFixed(1)} KB gz JS+CSS in ${portal.files} files`);
  console.log(`bundle: portal home after login +${home.kb.toFixed(1)} KB gz JS+CSS in ${home.files} more files`);
  console.log(`bundle: <bo-pedidos> to its list  ${orders.kb.toFixed(1)} KB gz JS+CSS in ${orders.files} files (goal ${GOAL_ORDERS_KB} KB: ${orders.kb <= GOAL_ORDERS_KB ? 'met' : 'NOT met'})`);
  console.log(`bundle: <bo-pedidos> catalogue    +${catalogue.kb.toFixed(1)} KB gz JS+CSS in ${catalogue.files} more files`);
  console.log(`bundle: <bo-contas-a-pagar> to its list  ${payablesList.kb.toFixed(1)} KB gz JS+CSS in ${payablesList.files} files (goal ${GOAL_ORDERS_KB} KB: ${payablesList.kb <= GOAL_ORDERS_KB ? 'met' : 'NOT met'})`);
} finally {
  await browser.close();
  await server.stop();
}
