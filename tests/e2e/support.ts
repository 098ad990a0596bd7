import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

export const SECRET = 'Retaguarda#2025';
const MAIL_API = `http://127.0.0.1:${process.env.TEST_MAIL_HTTP_PORT ?? 2526}`;

export async function fillLogin(page: Page, login: string, secret = SECRET, rememberMe = false) {
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(secret);
  if (rememberMe) await page.getByLabel('Lembrar de mim neste dispositivo').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in through the portal's login page and waits for the signed-in shell. */
export async function signIn(page: Page, login: string, secret = SECRET) {
  await page.goto('/login');
  await fillLogin(page, login, secret);
  await expect(page.getByText(`Conectado como ${login}`)).toBeVisible();
}

/** Ends the page's stored session on the server (as a logout in another tab would); the browser keeps its stored copy. */
export async function endSessionOnServer(page: Page) {
  await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('bo.accessToken')!);
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    await fetch('/v1/identity/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': decodeURIComponent(xsrf) } });
  });
}

interface ReceivedMail {
  to: string[];
  raw: string;
  receivedAt: string;
}

/** Messages the test SMTP server received for `to` (real SMTP, see scripts/test-mail-server.mjs). */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a new message to `to` (after `since` messages) and returns its decoded text. */
export async function nextMail(to: string, since: number): Promise<string> {
  let mails: ReceivedMail[] = [];
  await expect.poll(async () => (mails = await mailsTo(to)).length, { timeout: 15_000 }).toBeGreaterThan(since);
  return decodeMime(mails[mails.length - 1].raw);
}

function decodeMime(raw: string): string {
  const softBreaks = raw.replace(/=\r?\n/g, '');
  return softBreaks.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

function codeFor(secret: string, step: number): { code: string; step: number } {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return { code: totp.generate({ timestamp: step * STEP_MS + 1000 }), step };
}

/** The code for the current 30 s step, and that step's number. */
export const totpCode = (secret: string) => codeFor(secret, currentStep());

/**
 * A code the server still accepts after `lastStep` was used: steps at or below the last
 * accepted one are refused and only now ±1 passes, so this may wait for the clock (≤ 30 s).
 */
export async function nextTotpCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = currentStep();
    const step = Math.max(now, lastStep + 1);
    if (step <= now + 1) return codeFor(secret, step);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('bo.accessToken') ?? 'null') as string);
}

/** The portal's main navigation (sidebar). */
export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/**
 * Opens every closed group of the sidebar (groups start closed except the current page's), so
 * a test can see and follow every module link; the choice is remembered like a person's.
 */
export async function expandNavigation(page: Page) {
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Retaguarda' })).toBeVisible();
  const closed = nav.locator('button[aria-expanded="false"]');
  for (let count = await closed.count(); count > 0; count--) await closed.first().click();
  await expect(closed).toHaveCount(0);
}

/** Signs out with the header's "Sair" button and waits for the login page to say so. */
export async function signOut(page: Page) {
  // A page still loading leaves the one on screen inert (RouterHost): a click there does nothing,
  // so a person waits for the page, and so does the test (a "Sair" right after a delete was lost).
  await expect(page.locator('[data-navigation-progress]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Você foi desconectado da sua conta.')).toBeVisible();
}

/**
 * axe (WCAG 2 A and AA) violations of the page as `rule: targets` lines, so a failure says what to
 * fix; `include` limits the check to our element on a host page whose own styles are not ours.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

/** A call of the signed-in page's session (token + XSRF), as the screens make them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([method, url, body, headers]) => {
      const token = JSON.parse(localStorage.getItem('bo.accessToken')!);
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(url as string, { method: method as string, headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json', ...(headers as Record<string, string>) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [method, url, body, headers] as const,
  );
}
