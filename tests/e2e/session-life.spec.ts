/**
 * Issue 27 §2 — a session that lives while people work. The server gives this spec's own user
 * (created below) 20 s access tokens and a 75 s idle time-out (playwright.config.ts,
 * TEST_SESSION_LOGINS — a test-only knob): the session must outlive its access tokens while the
 * user types, warn a minute before it ends when nobody uses it, then show the spec's 401 notice;
 * a lookup then says why instead of "Não há resultados.", and the unsaved form survives the new
 * sign-in.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { axeViolations, fillLogin, mailsTo, nextMail, SECRET, signIn } from './support';
import { shoot } from './screens';

const LOGIN = 'sessoes@demo.com.br';
const FORM = '/configuracoes/departamentos/adicionar';

const isRefresh = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/v1/identity/auth' && request.postDataJSON()?.grantType === 'RefreshToken';

const warning = (page: Page) => page.locator('[data-notice-id="session-expiring"]');
const ended = (page: Page) => page.locator('[data-notice-id="http-401"]');

async function drafts(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('bo.draft:')));
}

/** A user of the Financeiro profile (departamentos, users: read), with the e2e password. */
test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await api.post('/v1/identity/auth', { data: { login: 'admin@demo.com.br', secret: SECRET, grantType: 'Password' } });
  expect(admin.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await admin.json()).accessToken}`, 'x-xsrf-token': admin.headers()['x-xsrf-token'] };
  const listed = await (await api.get('/v1/identity/user-groups?q=Financeiro&perPage=10', { headers })).json();
  const group = (Array.isArray(listed) ? listed : listed.items).find((g: { name: string }) => g.name === 'Financeiro');
  const before = (await mailsTo(LOGIN)).length;
  const created = await api.post('/v1/identity/users', {
    headers,
    data: { name: 'Sônia Sessões', email: LOGIN, accessLevel: 'User', isActive: true, twoFactorMandatory: false, allowedMethods: ['Email', 'TOTP'], groups: [group.id], policies: [] },
  });
  if (created.status() === 409) return; // created by an earlier run against this server
  expect(created.status(), await created.text()).toBe(201);
  const link = (await nextMail(LOGIN, before)).match(/https?:\/\/[^\s"<>]+\/auth\/recuperar-senha\?token=[\w-]+/)?.[0];
  const token = new URL(link!).searchParams.get('token');
  const reset = await api.post('/v1/identity/auth/password-recovery/reset', { data: { token, newSecret: SECRET } });
  expect(reset.status()).toBe(204);
  await api.dispose();
});

test('a session in use outlives its access tokens: 50 s of typing with 20 s tokens, then the form saves', async ({ page }) => {
  test.setTimeout(150_000);
  const rotations: number[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (isRefresh(request)) rotations.push(Date.now());
  });
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, LOGIN);
  await page.goto(FORM);
  await page.getByLabel('Código').fill('VIVA-1');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Sessão viva');
  const description = page.getByLabel('Descrição');
  await description.click();
  const started = Date.now();
  while (Date.now() - started < 50_000) {
    await description.press('a');
    await page.waitForTimeout(1_500);
  }
  // Typing rotated the session again and again (every 7.5 s here), with no call of the page's own.
  console.log(`session-life: ${rotations.length} rotations in ${Math.round((Date.now() - started) / 1000)} s of typing`);
  expect(rotations.length).toBeGreaterThanOrEqual(4);
  await expect(warning(page)).toHaveCount(0);
  await expect(ended(page)).toHaveCount(0);
  await expect(page.getByText(`Conectado como ${LOGIN}`)).toBeVisible();
  // A lookup answers, and the form saves with the last access token.
  await page.getByRole('combobox', { name: 'Responsável' }).click();
  await page.getByRole('option').first().click();
  expect(await drafts(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado.')).toBeVisible();
  await expect(page).not.toHaveURL(/adicionar$/);
  expect(refused).toEqual([]);
  expect(await drafts(page)).toEqual([]);
});

test('an unused session warns a minute before it ends, then shows the 401 notice; a lookup says why; the form comes back after signing in again', async ({ page }) => {
  test.setTimeout(240_000);
  // "Atualizar" with unsaved changes: the browser asks before leaving, the user leaves.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, LOGIN);
  await page.goto(FORM);
  await page.getByLabel('Código').fill('FIM-1');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Sessão encerrada');
  await page.getByLabel('Descrição').fill('Texto que não pode se perder.');

  // Nobody touches the page: 15 s later (75 s − 1 min) the warning, with "Continuar conectado".
  await expect(warning(page)).toBeVisible({ timeout: 40_000 });
  await expect(warning(page)).toContainText(/Sua sessão será encerrada às \d{2}:\d{2} por falta de uso\./);
  await expect(warning(page)).toContainText('ATENÇÃO');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'session-warning');
  const rotation = page.waitForRequest(isRefresh);
  await warning(page).getByRole('button', { name: 'Continuar conectado' }).click();
  await rotation;
  await expect(warning(page)).toHaveCount(0);

  // Unused again: the warning comes back, then the end.
  await expect(warning(page)).toBeVisible({ timeout: 40_000 });
  await expect(ended(page)).toBeVisible({ timeout: 90_000 });
  await expect(warning(page)).toHaveCount(0);
  await expect(ended(page)).toContainText('Você precisa se autenticar para continuar.');
  await expect(ended(page).getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await expect(ended(page).getByRole('button', { name: 'Fazer login' })).toBeVisible();
  // The form is still on screen as it was; the header no longer says the user is connected.
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Sessão encerrada');
  await expect(page.getByText(`Sessão de ${LOGIN} encerrada`)).toBeVisible();
  await expect(page.getByText(`Conectado como ${LOGIN}`)).toHaveCount(0);

  // A lookup after the end says why, never "Não há resultados.".
  await page.getByRole('combobox', { name: 'Responsável' }).click();
  await expect(page.getByText('Não foi possível buscar as opções: Você precisa se autenticar para continuar.')).toBeVisible();
  await expect(page.getByText('Não há resultados.')).toHaveCount(0);
  await expect(ended(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'session-ended');
  await page.keyboard.press('Escape');

  // "Atualizar": the login, then the same form with what was typed.
  await ended(page).getByRole('button', { name: 'Atualizar' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconfiguracoes%2Fdepartamentos%2Fadicionar$/);
  await fillLogin(page, LOGIN);
  await expect(page).toHaveURL(/\/configuracoes\/departamentos\/adicionar$/);
  await expect(page.getByText('Recuperamos o que você tinha preenchido e ainda não salvou.')).toBeVisible();
  await expect(page.getByLabel('Código')).toHaveValue('FIM-1');
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Sessão encerrada');
  await expect(page.getByLabel('Descrição')).toHaveValue('Texto que não pode se perder.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado.')).toBeVisible();
  expect(await drafts(page)).toEqual([]);
});

test('"Fazer login" after the end: the small login window, and the same form goes on with what was typed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, LOGIN);
  await page.goto(FORM);
  await page.getByLabel('Código').fill('JANELA-1');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Sessão retomada');
  await page.getByLabel('Descrição').fill('Digitado antes do fim.');
  const endedAt = Date.now();
  await expect(ended(page)).toBeVisible({ timeout: 100_000 });
  console.log(`session-life: unused session ended ${Math.round((Date.now() - endedAt) / 1000)} s after the last keystroke`);

  await ended(page).getByRole('button', { name: 'Fazer login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar novamente' });
  await dialog.getByLabel('E-mail').fill(LOGIN);
  await dialog.getByLabel('Senha', { exact: true }).fill(SECRET);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(ended(page)).toBeHidden();
  await expect(page).toHaveURL(/\/configuracoes\/departamentos\/adicionar$/);
  await expect(page.getByLabel('Código')).toHaveValue('JANELA-1');
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Sessão retomada');
  await expect(page.getByLabel('Descrição')).toHaveValue('Digitado antes do fim.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado.')).toBeVisible();
  expect(await drafts(page)).toEqual([]);
});

test('the admin sets the organisation’s idle time-out on Configurações (30 minutes unless changed, 5 to 720)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin@demo.com.br');
  await page.goto('/configuracoes/configuracoes');
  const minutes = page.getByLabel('Encerrar a sessão após quantos minutos sem uso');
  await expect(minutes).toHaveValue('30');
  await minutes.fill('4');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe ao menos 5 minutos.').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await minutes.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-idle-timeout');
  // Opened again in this tab, the unsaved value comes back (the form's draft); put back, it is forgotten.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/configuracoes/configuracoes');
  await expect(page.getByText('Recuperamos o que você tinha preenchido e ainda não salvou.')).toBeVisible();
  await expect(minutes).toHaveValue('4');
  await minutes.fill('30');
  await expect.poll(() => drafts(page)).toEqual([]);
  // Nothing was saved: the other specs' sessions keep the default.
  await page.goto('/configuracoes/configuracoes');
  await expect(minutes).toHaveValue('30');
});
