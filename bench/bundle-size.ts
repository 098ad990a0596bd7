/**
 * Figure: gzip bytes (gzip -9) of JavaScript and CSS that a page downloads, as a browser sees it
 * (every JS and CSS response, until the page's network is idle)
 * - with only <bo-login> (demo/login.html) — budget ≤ 115 KB gz;
 * - for the portal's first screen (/login in <bo-portal>) and its signed-in home;
 * - for a signed-out visitor to the portal's `/`, redirected to /login — budget ≤ 125 KB gz
 *   (what the login needs, not the home page's nor a list's chunks);
 * - with only <bo-pedidos> (demo/pedidos.html, a signed-in requester, cold cache) up to its first
 *   list — goal ≤ 140 KB gz — and then its catalogue page;
 * - with only <bo-contas-a-pagar> (demo/contas-a-pagar.html, a signed-in treasurer, cold cache) up
 *   to its first list — the same 140 KB gz goal;
 * - the painéis (/bi/dashboards in the portal, the same treasurer, cold cache) until the first
 *   chart's table shows, and the chunk with the charts (uPlot) alone: no other page loads it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { firstDataRow, insertFirstListRecords, ORDER_TEXT, PAYABLE_TEXT } from './first-list-data';
import { prepareDatabase } from './registry-data';
import { chromiumOptions, startServer } from './server-process';

const BUDGET_LOGIN_KB = 115;
const BUDGET_SIGNED_OUT_KB = 125;
const GOAL_ORDERS_KB = 140;

/** Every JS and CSS response while `go` runs (and, with `idle`, until the network is idle afterwards). */
async function measure(page: Page, go: () => Promise<unknown>, idle = true) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined, // redirected or aborted
      ),
    );
  };
  page.on('response', onResponse);
  await go();
  if (idle) await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  return { files: sizes.size, kb: [...sizes.values()].reduce((a, b) => a + b, 0) / 1024, sizes };
}

/** BUNDLE_FILES=1: each file of a measure, largest first (where a first screen's bytes go). */
function listFiles(label: string, sizes: Map<string, number>) {
  if (!process.env.BUNDLE_FILES) return;
  for (const [url, bytes] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${label}  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rt-bench-bundle-'));
await prepareDatabase({ dataDir }, insertFirstListRecords);
// The browser first: a missing Chromium then leaves no server running.
const browser = await chromium.launch(chromiumOptions);
const server = await startServer(Number(process.env.BENCH_PORT ?? 3201), {}, dataDir);
try {
  const page = await browser.newPage();
  const login = await measure(page, async () => {
    await page.goto(`${server.url}/login.html`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
  });
  const visitor = await browser.newPage();
  const signedOut = await measure(visitor, async () => {
    await visitor.goto(`${server.url}/`);
    await visitor.waitForURL(/\/login/);
    await visitor.getByRole('button', { name: 'Entrar' }).waitFor();
  });
  await visitor.close();
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
  // Until the first data row shows (the responses of that moment, not those after it).
  const orders = await measure(ordersPage, async () => {
    await ordersPage.goto(`${server.url}/pedidos.html`);
    await firstDataRow(ordersPage, ORDER_TEXT);
  }, false);
  await ordersPage.waitForLoadState('networkidle');
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
    await firstDataRow(payablesPage, PAYABLE_TEXT);
  }, false);
  const painelPage = await coldFinance.newPage();
  const painel = await measure(painelPage, async () => {
    await painelPage.goto(`${server.url}/bi/dashboards`);
    await painelPage.getByRole('region', { name: 'Saldo por conta — valores em reais' }).waitFor();
  });
  const charts = [...painel.sizes].filter(([url]) => /\/DashboardPage-/.test(url)).reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
  await coldFinance.close();
  await treasury.close();
  console.log(`bundle: <bo-login> alone        ${login.kb.toFixed(2)} KB gz JS+CSS in ${login.files} files (budget ${BUDGET_LOGIN_KB} KB: ${login.kb <= BUDGET_LOGIN_KB ? 'within' : 'OVER'})`);
  console.log(`bundle: portal first screen     ${portal.kb.toFixed(2)} KB gz JS+CSS in ${portal.files} files`);
  console.log(`bundle: portal / signed out → /login  ${signedOut.kb.toFixed(2)} KB gz JS+CSS in ${signedOut.files} files (budget ${BUDGET_SIGNED_OUT_KB} KB: ${signedOut.kb <= BUDGET_SIGNED_OUT_KB ? 'within' : 'OVER'})`);
  console.log(`bundle: portal home after login +${home.kb.toFixed(2)} KB gz JS+CSS in ${home.files} more files`);
  console.log(`bundle: <bo-pedidos> to its list  ${orders.kb.toFixed(2)} KB gz JS+CSS in ${orders.files} files (goal ${GOAL_ORDERS_KB} KB: ${orders.kb <= GOAL_ORDERS_KB ? 'met' : 'NOT met'})`);
  listFiles('<bo-login>', login.sizes);
  listFiles('portal signed out', signedOut.sizes);
  listFiles('<bo-pedidos>', orders.sizes);
  console.log(`bundle: <bo-pedidos> catalogue    +${catalogue.kb.toFixed(2)} KB gz JS+CSS in ${catalogue.files} more files`);
  console.log(`bundle: <bo-contas-a-pagar> to its list  ${payablesList.kb.toFixed(2)} KB gz JS+CSS in ${payablesList.files} files (goal ${GOAL_ORDERS_KB} KB: ${payablesList.kb <= GOAL_ORDERS_KB ? 'met' : 'NOT met'})`);
  listFiles('<bo-contas-a-pagar>', payablesList.sizes);
  console.log(`bundle: portal painéis (/bi/dashboards)  ${painel.kb.toFixed(1)} KB gz JS+CSS in ${painel.files} files, of which the painéis' chunk with uPlot ${charts.toFixed(1)} KB`);
  listFiles('painéis', painel.sizes);
  // Not a response of its own: the portal's pages carry it inline (server/http/early-script.ts), in every figure above that starts on one.
  console.log(`bundle: the portal page's inline early script  ${(gzipSync(readFileSync('dist/early.js'), { level: 9 }).length / 1024).toFixed(1)} KB gz, inside the page's HTML`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
