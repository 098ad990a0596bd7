import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3300';
const [,, login, path, name, waitText] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1366, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'pt-BR' });
  await page.goto(base + '/login');
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill('Retaguarda#2025');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText(`Conectado como ${login}`).waitFor();
  await page.goto(base + path);
  if (waitText) await page.getByText(waitText).first().waitFor({ timeout: 15000 }).catch(() => console.log("not found", width));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
