import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePassword, setTwoFactorEnabled, unbindTwoFactor, verifyCode } from '../../../src/core/account';
import { loadUser, login, logout, refresh, REFRESH_LOCK } from '../../../src/core/auth';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { clearNotices, getNotices, noticesAtom } from '../../../src/core/notices';
import { getSession, resetSession, setField, setFields, setLoggedUser } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, jsonResponse, makeUser, testConfig } from './helpers';

type Handler = (body: unknown, method: string) => Response;
let routes: Record<string, Handler>;
let calls: { path: string; method: string; body: unknown }[];

const inOneHour = () => new Date(Date.now() + 3600_000).toISOString();

beforeEach(() => {
  resetSession();
  clearNotices();
  store.set(appConfigAtom, testConfig());
  calls = [];
  routes = {};
  configureApi({
    fetch: async (input, init) => {
      const path = String(input).replace(/^\/v1\/identity\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ path, method: init?.method ?? 'GET', body });
      const handler = routes[path];
      return handler ? handler(body, init?.method ?? 'GET') : jsonResponse({ message: 'não encontrado' }, { status: 404 });
    },
  });
});
afterEach(() => configureApi({ fetch: null }));

describe('login', () => {
  it('Authorization: stores the session, loads user and permissions, returns done', async () => {
    routes = {
      auth: () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'Authorization', refreshToken: 'r1' }),
      'users/me': () => jsonResponse(makeUser()),
      'users/me/policies/effective-permissions': () => jsonResponse([{ resources: [{ name: 'orders', scopes: ['create'] }], acls: [] }]),
    };
    expect(await login({ login: 'ana@example.com', secret: 's3nha', rememberMe: true })).toBe('done');
    expect(calls.map((c) => c.path)).toEqual(['auth', 'users/me', 'users/me/policies/effective-permissions']);
    expect(calls[0].body).toEqual({ login: 'ana@example.com', secret: 's3nha', grantType: 'Password', rememberMe: true });
    expect(getSession()).toMatchObject({
      accessToken: FUTURE_JWT,
      refreshToken: 'r1',
      rememberMe: true,
      projectId: 'retaguarda-demo',
      loggedUser: { id: 'u1' },
      policyEffectiveScopes: { orders: ['create'] },
    });
  });

  it('PreAuthorization: next step is setup or code', async () => {
    routes = {
      auth: () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true, allowedMethods: ['TOTP'] } }),
    };
    expect(await login({ login: 'a', secret: 'b' })).toBe('setup');
    routes.auth = () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: false, allowedMethods: ['Email'] } });
    expect(await login({ login: 'a', secret: 'b' })).toBe('code');
    expect(calls.map((c) => c.path)).toEqual(['auth', 'auth']);
  });

  it('401 → "Login ou senha inválidos…", every stored key reset, error notice', async () => {
    setFields({ accessToken: 'old', appParams: { x: 1 }, frontEndVersion: '0.1.0' });
    routes = { auth: () => jsonResponse({ message: 'Credenciais inválidas.' }, { status: 401 }) };
    await expect(login({ login: 'a', secret: 'b' })).rejects.toMatchObject({
      status: 401,
      message: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.',
    });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('bo.'))).toEqual([]);
    expect(getNotices()).toEqual([
      expect.objectContaining({ type: 'error', message: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.' }),
    ]);
    // Not the generic 401 notice with "Fazer login".
    expect(getNotices().some((n) => n.id === 'http-401')).toBe(false);
  });

  it('an empty answer → "O login falhou."', async () => {
    routes = { auth: () => new Response('', { status: 200 }) };
    await expect(login({ login: 'a', secret: 'b' }, { silent: true })).rejects.toMatchObject({ message: 'O login falhou.' });
    expect(store.get(noticesAtom)).toEqual([]);
  });

  it('a user without id → "O login é inválido." and the session is reset', async () => {
    routes = {
      auth: () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'Authorization', refreshToken: 'r1' }),
      'users/me': () => jsonResponse({ email: 'x' }),
    };
    await expect(login({ login: 'a', secret: 'b' }, { silent: true })).rejects.toMatchObject({ message: 'O login é inválido.' });
    expect(getSession().accessToken).toBeNull();
  });
  it('a failure on a page being left keeps the session the server issued (the next page loads the rest)', async () => {
    let left = false;
    routes = {
      auth: () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'Authorization', refreshToken: 'r1' }),
      'users/me': () => {
        // The person follows a link while the sign-in finishes: the page goes, its next call is cut short.
        if (!left) window.dispatchEvent(new Event('pagehide'));
        left = true;
        return jsonResponse(makeUser());
      },
      'users/me/policies/effective-permissions': () => {
        throw new TypeError('Failed to fetch');
      },
    };
    try {
      await expect(login({ login: 'a', secret: 'b' }, { silent: true })).rejects.toBeTruthy();
      expect(getSession()).toMatchObject({ accessToken: FUTURE_JWT, refreshToken: 'r1', loggedUser: { id: 'u1' }, policyEffectivePermissions: null });
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Back on the page (the back-forward cache), the same failure resets as before.
    await expect(login({ login: 'a', secret: 'b' }, { silent: true })).rejects.toBeTruthy();
    expect(getSession().accessToken).toBeNull();
  });
});

describe('loadUser', () => {
  it('requires an id', async () => {
    setField('accessToken', FUTURE_JWT);
    routes = { 'users/me': () => jsonResponse({}) };
    await expect(loadUser()).rejects.toMatchObject({ message: 'O login é inválido.' });
  });
});

describe('verifyCode (spec §5)', () => {
  beforeEach(() => setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization', projectId: 'retaguarda-demo' }));

  it('strips whitespace and stores the verification token (usersMe)', async () => {
    setLoggedUser(makeUser({}, { isMandatory: true, allowedMethods: ['TOTP'] }));
    const expireAt = inOneHour();
    routes = { 'users/me/two-factors/verify': () => jsonResponse({ verificationToken: 'v9', expireAt }) };
    await verifyCode({ method: 'TOTP', code: ' 123 456 ', endpoint: 'usersMe' });
    expect(calls[0].body).toEqual({ method: 'TOTP', verificationCode: '123456' });
    expect(getSession()).toMatchObject({ verificationToken: 'v9', verificationTokenExpireAt: expireAt });
  });

  it('mandatory two-factor and a method not allowed → 405 before any call', async () => {
    setLoggedUser(makeUser({}, { isMandatory: true, allowedMethods: ['TOTP'] }));
    await expect(verifyCode({ method: 'Email', code: '123456', endpoint: 'usersMe' }, { silent: true })).rejects.toMatchObject({ status: 405 });
    expect(calls).toHaveLength(0);
  });

  it('not mandatory: any method goes to the server', async () => {
    setLoggedUser(makeUser({}, { isMandatory: false, allowedMethods: ['TOTP'] }));
    routes = { 'users/me/two-factors/verify': () => jsonResponse({ verificationToken: 'v', verificationTokenExpireAt: inOneHour() }) };
    await verifyCode({ method: 'Email', code: '123456', endpoint: 'usersMe' });
    expect(calls).toHaveLength(1);
  });

  it('no valid verification token afterwards → 400', async () => {
    setLoggedUser(makeUser());
    routes = { 'users/me/two-factors/verify': () => jsonResponse({ verificationToken: 'v', expireAt: new Date(Date.now() - 1000).toISOString() }) };
    await expect(verifyCode({ method: 'TOTP', code: '123456', endpoint: 'usersMe' }, { silent: true })).rejects.toMatchObject({
      status: 400,
      message: 'A verificação falhou.',
    });
  });

  it('401 → "O código é inválido ou expirou. Tente novamente." as an error notice', async () => {
    setLoggedUser(makeUser());
    routes = { 'users/me/two-factors/verify': () => jsonResponse({ message: 'x' }, { status: 401 }) };
    await expect(verifyCode({ method: 'TOTP', code: '000000', endpoint: 'usersMe' })).rejects.toMatchObject({
      message: 'O código é inválido ou expirou. Tente novamente.',
    });
    expect(getNotices().map((n) => n.message)).toEqual(['O código é inválido ou expirou. Tente novamente.']);
  });

  it('auth endpoint: PreAuthorization becomes a full session with a verification token', async () => {
    setFields({ tokenType: 'PreAuthorization', twoFactorIsEmailAllowedMethod: true });
    routes = {
      'auth/two-factors/verify': () =>
        jsonResponse({
          accessToken: FUTURE_JWT,
          tokenType: 'Authorization',
          refreshToken: 'r2',
          twoFactor: { isSetupRequired: false, allowedMethods: ['Email'], verificationToken: { verificationToken: 'v2', verificationTokenExpireAt: inOneHour() } },
        }),
      'users/me': () => jsonResponse(makeUser()),
      'users/me/policies/effective-permissions': () => jsonResponse([]),
    };
    await verifyCode({ method: 'Email', code: '123 456', endpoint: 'auth' });
    expect(getSession()).toMatchObject({ tokenType: 'Authorization', refreshToken: 'r2', verificationToken: 'v2', loggedUser: { id: 'u1' } });
  });
});

describe('refresh across tabs (Web Locks + the shared storage)', () => {
  /** navigator.locks of one browser: exclusive locks by name, granted in order. */
  function fakeLocks() {
    const tails = new Map<string, Promise<unknown>>();
    const names: string[] = [];
    const request = <T>(name: string, callback: () => Promise<T>): Promise<T> => {
      names.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(name, run.catch(() => undefined));
      return run;
    };
    return { request, names };
  }
  /** Another tab of the browser takes the lock first and keeps it until `release()`. */
  async function otherTabHolding(locks: ReturnType<typeof fakeLocks>) {
    let release!: () => void;
    let started!: () => void;
    const holding = new Promise<void>((resolve) => { started = resolve; });
    const otherTab = locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => { release = resolve; started(); }));
    await holding;
    return { otherTab, release };
  }
  const answer = (refreshToken: string) => () => jsonResponse({ accessToken: FUTURE_JWT, tokenType: 'Authorization', refreshToken, refreshTokenExpireAt: inOneHour() });
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes under the lock and stores the new pair', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    setFields({ accessToken: FUTURE_JWT, refreshToken: 'r1', rememberMe: true, projectId: 'retaguarda-demo' });
    routes = { auth: answer('r2') };
    await refresh();
    expect(locks.names).toEqual([REFRESH_LOCK]);
    expect(calls).toEqual([{ path: 'auth', method: 'POST', body: { secret: 'r1', grantType: 'RefreshToken', rememberMe: true } }]);
    expect(getSession().refreshToken).toBe('r2');
  });

  it('takes the session another tab stored while this one waited for the lock, without presenting the spent token', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    setFields({ accessToken: FUTURE_JWT, refreshToken: 'r1', rememberMe: true, projectId: 'retaguarda-demo' });
    routes = { auth: answer('r-do-servidor') };
    // The other tab holds the lock, refreshes r1 → r2 and writes the shared storage.
    const { otherTab, release } = await otherTabHolding(locks);
    const mine = refresh();
    localStorage.setItem('bo.refreshToken', JSON.stringify('r2'));
    localStorage.setItem('bo.accessToken', JSON.stringify(FUTURE_JWT));
    release();
    await otherTab;
    await mine;
    expect(calls).toEqual([]);
    expect(getSession()).toMatchObject({ refreshToken: 'r2', accessToken: FUTURE_JWT });
  });

  it('does not refresh when the other tab logged out meanwhile (401, nothing sent)', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { ...navigator, locks });
    setFields({ accessToken: FUTURE_JWT, refreshToken: 'r1', rememberMe: true, projectId: 'retaguarda-demo' });
    const { otherTab, release } = await otherTabHolding(locks);
    const mine = refresh();
    localStorage.removeItem('bo.refreshToken');
    release();
    await otherTab;
    await expect(mine).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
  });
});

describe('logout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('notices "Desconectando, aguarde..." then "Você foi desconectado da sua conta.", resets even when the call fails', async () => {
    setFields({ accessToken: FUTURE_JWT, refreshToken: 'r', rememberMe: true, loggedUser: makeUser() });
    const messages: string[] = [];
    const off = store.sub(noticesAtom, () => messages.push(...store.get(noticesAtom).map((n) => n.message)));
    routes = { 'auth/logout': () => jsonResponse({ message: 'erro' }, { status: 500 }) };
    await logout();
    off();
    expect(calls.map((c) => c.path)).toEqual(['auth/logout']);
    expect(messages).toEqual(['Desconectando, aguarde...', 'Você foi desconectado da sua conta.']);
    expect(getSession()).toMatchObject({ accessToken: null, refreshToken: null, loggedUser: null, rememberMe: true });
    expect(getNotices()).toHaveLength(1);
  });
});

describe('account security', () => {
  beforeEach(() => setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization', loggedUser: makeUser() }));

  it('unbind failure clears the verification token; success sets setup required', async () => {
    setFields({ verificationToken: 'v', verificationTokenExpireAt: inOneHour() });
    routes = { 'users/me/two-factors/unbind': () => jsonResponse({ message: 'Token inválido.' }, { status: 400 }) };
    await expect(unbindTwoFactor()).rejects.toMatchObject({ status: 400 });
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { verificationToken: 'v' } });
    expect(getSession().verificationToken).toBeNull();

    setFields({ verificationToken: 'v2', verificationTokenExpireAt: inOneHour() });
    routes = { 'users/me/two-factors/unbind': () => new Response(null, { status: 204 }) };
    await unbindTwoFactor();
    expect(getSession().twoFactorIsSetupRequired).toBe(true);
  });

  it('setTwoFactorEnabled toggles isEnabledByUser and sends the verification token', async () => {
    setFields({ verificationToken: 'v', verificationTokenExpireAt: inOneHour() });
    routes = { 'users/me/security': () => new Response(null, { status: 204 }) };
    await setTwoFactorEnabled(true);
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { isTwoFactorEnabled: true, verificationToken: 'v' } });
    expect(getSession().loggedUser?.twoFactorsSettings.isEnabledByUser).toBe(true);
  });

  it('changePassword failure shows the field errors in the error notice', async () => {
    routes = { 'users/me/password': () => jsonResponse({ message: 'Dados inválidos.', errors: { newSecret: ['Muito curta.'] } }, { status: 400 }) };
    await expect(changePassword({ currentSecret: 'a', newSecret: 'b' })).rejects.toMatchObject({ errors: { newSecret: ['Muito curta.'] } });
    expect(getNotices()[0]).toMatchObject({ type: 'error', details: ['Dados inválidos.', 'Nova senha: Muito curta.'] });
  });
});
