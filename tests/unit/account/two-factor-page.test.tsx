/** Issue 10 item 9: Minha conta → two-step set up on the spot, recovery codes shown once, verification before changes. */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getNotices } from '../../../src/core/notices';
import { getSession, setField, setLoggedUser } from '../../../src/core/session';
import TwoFactorPage from '../../../src/modules/account/TwoFactorPage';
import CodePage from '../../../src/modules/auth/CodePage';
import { FUTURE_JWT, makeUser } from '../core/helpers';
import { byText, calls, click, json, mount, resetApi, signIn, stubApi, text, type, type Call } from '../registry/harness';

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(10000 + i)}`.slice(0, 11));
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const tokenInfo = { verificationToken: 'vt-1', verificationTokenExpireAt: new Date(Date.now() + 300_000).toISOString() };

function api(extra: (call: Call) => Response | undefined = () => undefined) {
  stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === 'users/me/two-factors/recovery-codes' && call.method === 'GET') return json({ remaining: 0, total: 0, createdAt: null });
    if (call.path === 'users/me/two-factors/totp-key') return json({ totpKey: KEY, otpauthUrl: `otpauth://totp/Retaguarda:ana?secret=${KEY}`, qrCode: QR });
    if (call.path === 'users/me/two-factors/setup') {
      return json({ user: makeUser({}, { isEnabledByUser: true, boundMethods: ['TOTP'] }), recoveryCodes: CODES, verificationToken: tokenInfo });
    }
    return json({ message: 'inesperado' }, { status: 500 });
  });
}

const page = () => mount(() => createElement(TwoFactorPage), { path: '/minha-conta/verificacao-em-duas-etapas' });

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('Minha conta → verificação em duas etapas', () => {
  it('turning it on sets up the authenticator right there: QR code, key in groups of four, code → recovery codes, never "Ativada" with no method', async () => {
    api();
    const view = await page();
    expect(text(view.container.querySelector('[data-testid="two-factor-status"]')!)).toBe('Desativada');
    await click(byText(view.container, 'button', 'Ativar verificação em duas etapas'));
    // Nothing is switched on yet: only a pending key was asked for.
    expect(calls.map((c) => `${c.method} ${c.path}`)).not.toContain('PUT users/me/security');
    const heading = byText(view.container, 'h2', 'Configurar a verificação em duas etapas')!;
    expect(heading.ownerDocument.activeElement).toBe(heading);
    const qr = view.container.querySelector<HTMLImageElement>('img')!;
    expect(qr.getAttribute('src')).toBe(QR);
    expect(qr.getAttribute('alt')).toBe('QR Code para configurar o aplicativo autenticador');
    expect(text(view.container.querySelector('[data-testid="totp-key"]')!)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await type(view.container.querySelector('input[name="verificationCode"]'), '123 456');
    await click(byText(view.container, 'button', 'Confirmar e ativar'));
    const setup = calls.find((c) => c.path === 'users/me/two-factors/setup')!;
    expect(setup.method).toBe('POST');
    expect(setup.body).toEqual({ method: 'TOTP', verificationCode: '123456', totpKey: KEY });

    const list = view.container.querySelector('[data-testid="recovery-codes"]')!;
    expect(list.getAttribute('aria-label')).toBe('Códigos de recuperação');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(text(view.container)).toContain('Eles não serão mostrados de novo.');
    expect(text(view.container.querySelector('[data-testid="two-factor-status"]')!)).toBe('Ativada');
    expect(text(view.container.querySelector('[data-testid="two-factor-bound"]')!)).toBe('Aplicativo autenticador');
    expect(getSession().verificationToken).toBe('vt-1');

    // Once dismissed, the codes are gone from the page.
    await click(byText(view.container, 'button', 'Já guardei os códigos'));
    expect(view.container.querySelector('[data-testid="recovery-codes"]')).toBeNull();
    expect(text(view.container)).not.toContain(CODES[0]);
    view.unmount();
  });

  it('a wrong code keeps the setup open with the server message', async () => {
    api((call) => (call.path === 'users/me/two-factors/setup' ? json({ message: 'O código é inválido ou expirou. Tente novamente.' }, { status: 401 }) : undefined));
    const view = await page();
    await click(byText(view.container, 'button', 'Ativar verificação em duas etapas'));
    await type(view.container.querySelector('input[name="verificationCode"]'), '000000');
    await click(byText(view.container, 'button', 'Confirmar e ativar'));
    expect(view.container.querySelector('[data-testid="recovery-codes"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="totp-key"]')).not.toBeNull();
    expect(getNotices().some((n) => n.type === 'error' && n.message === 'O código é inválido ou expirou. Tente novamente.')).toBe(true);
    view.unmount();
  });

  it('while active, new recovery codes first ask for a code (a recovery code works too), then replace the set', async () => {
    setLoggedUser(makeUser({}, { isMandatory: true, boundMethods: ['TOTP'] }));
    api((call) => {
      if (call.path === 'users/me/two-factors/recovery-codes' && call.method === 'GET') return json({ remaining: 3, total: 10, createdAt: '2025-06-01T00:00:00Z' });
      if (call.path === 'users/me/two-factors/verify') return json(tokenInfo);
      if (call.path === 'users/me/two-factors/recovery-codes' && call.method === 'POST') return json({ recoveryCodes: CODES });
      return undefined;
    });
    const view = await page();
    expect(text(view.container.querySelector('[data-testid="recovery-codes-status"]')!)).toBe('3 de 10 disponíveis');
    expect(byText(view.container, 'button', 'Desativar verificação em duas etapas')).toBeUndefined();
    await click(byText(view.container, 'button', 'Gerar novos códigos de recuperação'));
    expect(calls.some((c) => c.method === 'POST' && c.path === 'users/me/two-factors/recovery-codes')).toBe(false);
    expect(byText(view.container, 'h2', 'Confirme sua identidade')).toBeDefined();

    await click(byText(view.container, 'button', 'Usar um código de recuperação'));
    await type(view.container.querySelector('input[name="recoveryCode"]'), 'abcde-12345');
    await click(byText(view.container, 'button', 'Verificar'));
    expect(calls.find((c) => c.path === 'users/me/two-factors/verify')!.body).toEqual({ method: 'RecoveryCode', verificationCode: 'abcde-12345' });
    const post = calls.find((c) => c.method === 'POST' && c.path === 'users/me/two-factors/recovery-codes')!;
    expect(post.body).toEqual({ verificationToken: 'vt-1' });
    expect([...view.container.querySelectorAll('[data-testid="recovery-codes"] li')]).toHaveLength(10);
    expect(text(view.container)).toContain('Os códigos anteriores deixaram de valer.');
    view.unmount();
  });

  it('active with no method configured offers the setup instead of saying nothing', async () => {
    setLoggedUser(makeUser({}, { isEnabledByUser: true, boundMethods: [] }));
    setField('verificationToken', 'vt-0');
    setField('verificationTokenExpireAt', new Date(Date.now() + 60_000).toISOString());
    api();
    const view = await page();
    expect(text(view.container)).toContain('Nenhum método está configurado.');
    await click(byText(view.container, 'button', 'Configurar agora'));
    expect(calls.find((c) => c.path === 'users/me/two-factors/totp-key')!.body).toEqual({ verificationToken: 'vt-0' });
    view.unmount();
  });
});

describe('code screen (/auth/codigo)', () => {
  it('accepts a recovery code as another method at the second step of the login', async () => {
    setField('accessToken', FUTURE_JWT);
    setField('tokenType', 'PreAuthorization');
    setField('twoFactorIsTotpAllowedMethod', true);
    stubApi((call) => (call.path === 'auth/two-factors/verify' ? json({ message: 'O código é inválido ou expirou. Tente novamente.' }, { status: 401 }) : json({})));
    const view = await mount(() => createElement(CodePage), { path: '/auth/codigo?redirectTo=%2Fpedidos' });
    await click(byText(view.container, 'button', 'Usar um código de recuperação'));
    const input = view.container.querySelector<HTMLInputElement>('input[name="recoveryCode"]')!;
    expect(view.container.querySelector(`label[for="${input.id}"]`)!.textContent).toBe('Código de recuperação');
    await type(input, ' k7m2p 9qrst ');
    await click(byText(view.container, 'button', 'Verificar'));
    expect(calls.find((c) => c.path === 'auth/two-factors/verify')!.body).toEqual({ method: 'RecoveryCode', verificationCode: 'k7m2p9qrst' });
    // Back to the app / e-mail code.
    await click(byText(view.container, 'button', 'Usar o código do aplicativo ou do e-mail'));
    expect(view.container.querySelector('input[name="verificationCode"]')).not.toBeNull();
    view.unmount();
  });
});
