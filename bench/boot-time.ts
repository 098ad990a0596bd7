/** Figure: time in Chromium from navigation to an interactive login form (median of 15, warm server). */
import { chromium } from '@playwright/test';
import { chromiumOptions, median, startServer } from './server-process';

const RUNS = 15;
// The browser first: a missing Chromium then leaves no server running.
const browser = await chromium.launch(chromiumOptions);
const server = await startServer(3202);
try {
  for (const [label, path] of [['<bo-login> alone', '/login.html'], ['portal /login', '/login']] as const) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      await page.getByLabel('E-mail').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible' });
      times.push(performance.now() - started);
      await context.close();
    }
    console.log(`boot: ${label.padEnd(18)} navigation → interactive login form: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, n=${RUNS})`);
  }
} finally {
  await browser.close();
  await server.stop();
}
