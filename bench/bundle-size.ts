/**
 * Figure: gzip bytes of JavaScript and CSS that a page downloads
 * - with only <bo-login> (demo/login.html) — budget ≤ 130 KB gz (1.3 × the 97 KB floor);
 * - for the portal's first screen (/login in <bo-portal>) and its signed-in home.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumOptions, startServer } from './server-process';

const BUDGET_LOGIN_KB = 130;

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

const server = await startServer(3201);
const browser = await chromium.launch(chromiumOptions);
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
  console.log(`bundle: <bo-login> alone        ${login.kb.toFixed(1)} KB gz JS+CSS in ${login.files} files (budget ${BUDGET_LOGIN_KB} KB: ${login.kb <= BUDGET_LOGIN_KB ? 'within' : 'OVER'})`);
  console.log(`bundle: portal first screen     ${portal.kb.toFixed(1)} KB gz JS+CSS in ${portal.files} files`);
  console.log(`bundle: portal home after login +${home.kb.toFixed(1)} KB gz JS+CSS in ${home.files} more files`);
} finally {
  await browser.close();
  await server.stop();
}
