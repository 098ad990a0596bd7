import { expect, test, type Page, type Request } from '@playwright/test';
import { endSessionOnServer, fillLogin } from './support';

const LOGIN = 'compras@demo.com.br';

const isRefresh = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/v1/identity/auth' && request.postDataJSON()?.grantType === 'RefreshToken';

/** Whether the page is waiting for the refresh lock another tab holds (Web Locks). */
async function waitsForRefreshLock(page: Page): Promise<boolean> {
  try {
    return await page.evaluate(async () => ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name === 'bo.session.refresh'));
  } catch {
    return false; // navigating: no page to ask yet
  }
}

async function signedInAnswer(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken') ?? 'null') as string | null;
    const response = await fetch('/v1/identity/users/me', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    return response.status;
  });
}

test('two tabs of one browser navigating at once with "lembrar de mim" both stay signed in', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/login');
  await fillLogin(first, LOGIN, undefined, true);
  await expect(first.getByText(`Conectado como ${LOGIN}`)).toBeVisible();
  const second = await context.newPage();

  // The first tab's refresh is held at the network until the second tab has reached its own
  // refresh: sent it (two refreshes with one token at once) or queued behind the first (lock).
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => { releaseFirst = resolve; });
  let firstSeen!: () => void;
  const firstSent = new Promise<void>((resolve) => { firstSeen = resolve; });
  let secondSent = false;
  let holding = true;
  await context.route('**/v1/identity/auth', async (route, request) => {
    if (holding && isRefresh(request)) {
      if (request.frame().page() === first) {
        firstSeen();
        await firstHeld;
      } else if (request.frame().page() === second) {
        secondSent = true;
      }
    }
    await route.continue();
  });

  const firstNavigation = first.goto('/pedidos');
  await firstSent;
  const secondNavigation = second.goto('/pedidos');
  await expect.poll(async () => secondSent || (await waitsForRefreshLock(second)), { timeout: 20_000 }).toBe(true);
  holding = false;
  releaseFirst();
  await Promise.all([firstNavigation, secondNavigation]);

  for (const page of [first, second]) {
    await expect(page.getByText(`Conectado como ${LOGIN}`)).toBeVisible();
    await expect(page).toHaveURL(/\/pedidos$/);
  }
  // The family is alive: each tab's stored session answers, and both keep navigating.
  expect(await signedInAnswer(first)).toBe(200);
  expect(await signedInAnswer(second)).toBe(200);
  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(page.getByText(`Conectado como ${LOGIN}`)).toBeVisible();
    await expect(page).toHaveURL(/\/pedidos$/);
  }
  expect(await signedInAnswer(first)).toBe(200);
  expect(await signedInAnswer(second)).toBe(200);
});

test('a stored session ended elsewhere: the bookmarked page it painted sends to the login and back after signing in', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, LOGIN);
  await expect(page.getByText(`Conectado como ${LOGIN}`)).toBeVisible();
  // Another device ends this session while the page is closed.
  await endSessionOnServer(page);

  await page.goto('/minha-conta/editar');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fminha-conta%2Feditar$/);
  expect(await page.evaluate(() => localStorage.getItem('bo.accessToken'))).toBeNull();
  await fillLogin(page, LOGIN);
  await expect(page).toHaveURL(/\/minha-conta\/editar$/);
  await expect(page.getByLabel('Nome')).toBeVisible();
});
