import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/core/api';
import { runGuard, type GuardDeps } from '../../../src/core/guard';
import type { RouteDef } from '../../../src/core/router';
import type { Session } from '../../../src/core/session';
import { FUTURE_JWT, NOW, PAST_JWT, makeSession, makeUser, testConfig } from './helpers';

const config = testConfig();
const page = () => Promise.resolve({ default: () => null });
const routes: RouteDef[] = [
  { path: '/', layout: 'portal', load: page },
  { path: '/login', layout: 'login', public: true, load: page },
  { path: '/auth/codigo', layout: 'login', public: true, load: page },
  { path: '/auth/configurar-verificacao-em-duas-etapas', layout: 'login', public: true, load: page },
  { path: '/pedidos/{orderId}', layout: 'portal', load: page },
  { path: '/minha-conta/alterar-senha', layout: 'portal', load: page },
  { path: '/minha-conta/verificacao-em-duas-etapas', layout: 'portal', load: page },
  { path: '/minha-conta/editar', layout: 'portal', load: page },
];

const signedIn = (overrides: Partial<Session> = {}) =>
  makeSession({
    accessToken: FUTURE_JWT,
    tokenType: 'Authorization',
    projectId: config.useProjectId,
    loggedUser: makeUser(),
    ...overrides,
  });

function fakeDeps(initial: Session, overrides: Partial<GuardDeps> = {}) {
  let session = initial;
  const calls: string[] = [];
  const deps: GuardDeps = {
    routes,
    fetchAppConfig: async () => {
      calls.push('fetchAppConfig');
      return config;
    },
    storedFrontEndVersion: () => config.useFrontEndVersion,
    onNewAppVersion: (v) => calls.push(`flag:${v}`),
    getSession: () => session,
    refreshToken: async () => {
      calls.push('refresh');
    },
    loadUser: async () => {
      calls.push('loadUser');
    },
    loadPermissions: async () => {
      calls.push('loadPermissions');
    },
    logout: async () => {
      calls.push('logout');
      session = makeSession();
    },
    now: () => NOW,
    ...overrides,
  };
  return { deps, calls, setSession: (s: Session) => (session = s) };
}

describe('runGuard (spec §2 route guard order)', () => {
  it('step 1: fetches the app config first and continues on a valid session', async () => {
    const { deps, calls } = fakeDeps(signedIn());
    expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'continue' });
    expect(calls).toEqual(['fetchAppConfig', 'loadUser', 'loadPermissions']);
  });

  it('step 4: asks for the user and the permissions at once, not one after the other', async () => {
    let releaseUser!: () => void;
    const events: string[] = [];
    const { deps } = fakeDeps(signedIn(), {
      loadUser: () => new Promise<void>((resolve) => {
        events.push('user asked');
        releaseUser = () => {
          events.push('user answered');
          resolve();
        };
      }),
      loadPermissions: async () => {
        events.push('permissions asked');
      },
    });
    const guarded = runGuard('/pedidos/42', deps);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['user asked', 'permissions asked']);
    releaseUser();
    expect(await guarded).toEqual({ type: 'continue' });
  });

  it('step 4: a 401 on either call ends the session', async () => {
    const { deps, calls } = fakeDeps(signedIn(), { loadPermissions: async () => { throw new ApiError({ status: 401, message: 'x' }); } });
    const result = await runGuard('/pedidos/42', deps);
    expect(result).toMatchObject({ type: 'redirect' });
    expect(calls).toContain('logout');
  });

  it('step 1: a different stored front-end version adds newAppVersionAvailable and flags it', async () => {
    const { deps, calls } = fakeDeps(signedIn(), { storedFrontEndVersion: () => '0.0.9' });
    const result = await runGuard('/pedidos/42?aba=itens', deps);
    expect(result.type).toBe('redirect');
    const url = new URL((result as { to: string }).to, 'http://x');
    expect(url.pathname).toBe('/pedidos/42');
    expect(url.searchParams.get('aba')).toBe('itens');
    expect(url.searchParams.get('newAppVersionAvailable')).toBe('true');
    expect(calls).toContain(`flag:${config.useFrontEndVersion}`);
    // Already carrying the parameter: no redirect loop.
    expect(await runGuard((result as { to: string }).to, deps)).toEqual({ type: 'continue' });
  });

  it('step 1: the same version adds nothing; a first visit stores the version', async () => {
    const stored: string[] = [];
    const { deps } = fakeDeps(signedIn(), { storedFrontEndVersion: () => null, storeFrontEndVersion: (v) => stored.push(v) });
    expect(await runGuard('/pedidos/1', deps)).toEqual({ type: 'continue' });
    expect(stored).toEqual([config.useFrontEndVersion]);
  });

  it('step 2: PreAuthorization with setup required → two-factor setup, redirectTo kept', async () => {
    const { deps, calls } = fakeDeps(signedIn({ tokenType: 'PreAuthorization', twoFactorIsSetupRequired: true }));
    const result = await runGuard('/pedidos/7?x=1', deps);
    expect(result).toEqual({
      type: 'redirect',
      to: `/auth/configurar-verificacao-em-duas-etapas?redirectTo=${encodeURIComponent('/pedidos/7?x=1')}`,
    });
    expect(calls).toEqual(['fetchAppConfig']);
  });

  it('step 2: PreAuthorization without setup required → code screen', async () => {
    const { deps } = fakeDeps(signedIn({ tokenType: 'PreAuthorization', twoFactorIsSetupRequired: false }));
    expect(await runGuard('/pedidos/7', deps)).toEqual({ type: 'redirect', to: '/auth/codigo?redirectTo=%2Fpedidos%2F7' });
  });

  it('step 2: the code screen itself (public) is not redirected', async () => {
    const { deps } = fakeDeps(signedIn({ tokenType: 'PreAuthorization' }));
    expect(await runGuard('/auth/codigo?redirectTo=%2F', deps)).toEqual({ type: 'continue' });
  });

  it('step 3: account-security page, two-factor mandatory, no verification token → code screen for usersMe', async () => {
    const user = makeUser({}, { isMandatory: true });
    const { deps, calls } = fakeDeps(signedIn({ loggedUser: user }));
    const result = await runGuard('/minha-conta/alterar-senha', deps);
    expect(result.type).toBe('redirect');
    const url = new URL((result as { to: string }).to, 'http://x');
    expect(url.pathname).toBe('/auth/codigo');
    expect(url.searchParams.get('endpoint')).toBe('usersMe');
    expect(url.searchParams.get('redirectTo')).toBe('/minha-conta/alterar-senha');
    expect(calls).toEqual(['fetchAppConfig']);
  });

  it('step 3: a valid verification token lets the account-security page through', async () => {
    const user = makeUser({}, { isMandatory: true });
    const { deps } = fakeDeps(
      signedIn({ loggedUser: user, verificationToken: 'v', verificationTokenExpireAt: new Date(NOW + 60_000).toISOString() }),
    );
    expect(await runGuard('/minha-conta/verificacao-em-duas-etapas', deps)).toEqual({ type: 'continue' });
  });

  it('step 3: an expired verification token does not', async () => {
    const user = makeUser({}, { isMandatory: true });
    const { deps } = fakeDeps(
      signedIn({ loggedUser: user, verificationToken: 'v', verificationTokenExpireAt: new Date(NOW - 1).toISOString() }),
    );
    expect((await runGuard('/minha-conta/verificacao-em-duas-etapas', deps)).type).toBe('redirect');
  });

  it('step 3: not mandatory → no verification needed; other account pages never need it', async () => {
    const { deps } = fakeDeps(signedIn({ loggedUser: makeUser({}, { isMandatory: false }) }));
    expect(await runGuard('/minha-conta/alterar-senha', deps)).toEqual({ type: 'continue' });
    const mandatory = fakeDeps(signedIn({ loggedUser: makeUser({}, { isMandatory: true }) }));
    expect(await runGuard('/minha-conta/editar', mandatory.deps)).toEqual({ type: 'continue' });
  });

  it('step 4: rememberMe refreshes the token before reloading user and permissions', async () => {
    const { deps, calls } = fakeDeps(signedIn({ rememberMe: true, refreshToken: 'r' }));
    expect(await runGuard('/pedidos/1', deps)).toEqual({ type: 'continue' });
    expect(calls).toEqual(['fetchAppConfig', 'refresh', 'loadUser', 'loadPermissions']);
  });

  it('step 4: without rememberMe there is no refresh', async () => {
    const { deps, calls } = fakeDeps(signedIn({ rememberMe: false, refreshToken: 'r' }));
    await runGuard('/pedidos/1', deps);
    expect(calls).not.toContain('refresh');
  });

  it('step 4: a refresh renews an expired access token, so the user stays signed in', async () => {
    const fx = fakeDeps(signedIn({ accessToken: PAST_JWT, rememberMe: true, refreshToken: 'r' }));
    fx.deps.refreshToken = async () => {
      fx.calls.push('refresh');
      fx.setSession(signedIn({ rememberMe: true, refreshToken: 'r2' }));
    };
    expect(await runGuard('/pedidos/1', fx.deps)).toEqual({ type: 'continue' });
    expect(fx.calls).toEqual(['fetchAppConfig', 'refresh', 'loadUser', 'loadPermissions']);
  });

  it('step 4: without rememberMe, an expired access token of a session kept alive by use is renewed, not signed out', async () => {
    const fx = fakeDeps(signedIn({ accessToken: PAST_JWT, rememberMe: false, refreshToken: 'r' }));
    fx.deps.refreshToken = async () => {
      fx.calls.push('refresh');
      fx.setSession(signedIn({ rememberMe: false, refreshToken: 'r2' }));
    };
    expect(await runGuard('/pedidos/1', fx.deps)).toEqual({ type: 'continue' });
    expect(fx.calls).toEqual(['fetchAppConfig', 'refresh', 'loadUser', 'loadPermissions']);
  });

  it('step 5: invalid token on a private route → logout and /login?redirectTo=…', async () => {
    const { deps, calls } = fakeDeps(signedIn({ accessToken: PAST_JWT }));
    expect(await runGuard('/pedidos/9?x=1#itens', deps)).toEqual({
      type: 'redirect',
      to: `/login?redirectTo=${encodeURIComponent('/pedidos/9?x=1#itens')}`,
    });
    expect(calls).toEqual(['fetchAppConfig', 'logout']);
  });

  it('step 5: a token from another project is invalid', async () => {
    const { deps, calls } = fakeDeps(signedIn({ projectId: 'outro-projeto' }));
    expect((await runGuard('/pedidos/9', deps)).type).toBe('redirect');
    expect(calls).toContain('logout');
  });

  it('step 5: the empty path without a session goes to /login', async () => {
    const { deps, calls } = fakeDeps(makeSession());
    expect(await runGuard('/', deps)).toEqual({ type: 'redirect', to: '/login' });
    expect(calls).toContain('logout');
  });

  it('step 5: public (login-layout) routes are never redirected', async () => {
    const { deps, calls } = fakeDeps(makeSession());
    expect(await runGuard('/login?redirectTo=%2Fpedidos', deps)).toEqual({ type: 'continue' });
    expect(await runGuard('/auth/recuperar-senha', deps)).toEqual({ type: 'continue' });
    expect(calls).not.toContain('logout');
  });

  it('step 5: the two-factor screens signed out → /login, keeping their own redirectTo', async () => {
    const { deps, calls } = fakeDeps(makeSession());
    expect(await runGuard('/auth/configurar-verificacao-em-duas-etapas?redirectTo=%2Fpedidos%3Fx%3D1', deps)).toEqual({
      type: 'redirect',
      to: `/login?redirectTo=${encodeURIComponent('/pedidos?x=1')}`,
    });
    expect(await runGuard('/auth/codigo?redirectTo=%2Fcotacoes', deps)).toEqual({ type: 'redirect', to: '/login?redirectTo=%2Fcotacoes' });
    expect(await runGuard('/auth/codigo?endpoint=usersMe&redirectTo=%2Fminha-conta%2Falterar-senha', deps)).toEqual({
      type: 'redirect',
      to: '/login?redirectTo=%2Fminha-conta%2Falterar-senha',
    });
    expect(await runGuard('/auth/codigo', deps)).toEqual({ type: 'redirect', to: '/login' });
    // Another origin is never kept.
    expect(await runGuard('/auth/codigo?redirectTo=https%3A%2F%2Fevil.example', deps)).toEqual({ type: 'redirect', to: '/login' });
    expect(await runGuard('/auth/codigo?redirectTo=%2F%2Fevil.example', deps)).toEqual({ type: 'redirect', to: '/login' });
    expect(calls.filter((c) => c === 'logout')).toHaveLength(6);
  });

  it('step 5: an expired PreAuthorization token on the code screen → /login', async () => {
    const { deps } = fakeDeps(signedIn({ tokenType: 'PreAuthorization', accessToken: PAST_JWT }));
    expect(await runGuard('/auth/codigo?redirectTo=%2Fpedidos', deps)).toEqual({ type: 'redirect', to: '/login?redirectTo=%2Fpedidos' });
  });

  it('the login second step with a full session goes on to its redirectTo; the account code screen stays', async () => {
    const { deps } = fakeDeps(signedIn());
    expect(await runGuard('/auth/configurar-verificacao-em-duas-etapas?redirectTo=%2Fpedidos', deps)).toEqual({ type: 'redirect', to: '/pedidos' });
    expect(await runGuard('/auth/codigo', deps)).toEqual({ type: 'redirect', to: '/' });
    expect(await runGuard('/auth/codigo?endpoint=usersMe&redirectTo=%2Fminha-conta%2Falterar-senha', deps)).toEqual({ type: 'continue' });
  });

  it('step 5: unknown paths are private', async () => {
    const { deps } = fakeDeps(makeSession());
    expect(await runGuard('/nao-existe', deps)).toEqual({ type: 'redirect', to: '/login?redirectTo=%2Fnao-existe' });
  });

  it('a 401 while reloading the user ends the session', async () => {
    const { deps, calls } = fakeDeps(signedIn(), {
      loadUser: async () => {
        throw new ApiError({ status: 401, message: 'O login é inválido.' });
      },
    });
    expect((await runGuard('/pedidos/1', deps)).type).toBe('redirect');
    expect(calls).toContain('logout');
  });

  it('server redirect lookup: internal path redirects, other origin is a full page navigation', async () => {
    const internal = fakeDeps(signedIn(), { serverRedirectLookup: async () => '/pedidos/2', origin: 'http://localhost:3000' });
    expect(await runGuard('/pedidos/1', internal.deps)).toEqual({ type: 'redirect', to: '/pedidos/2' });
    const external = fakeDeps(signedIn(), { serverRedirectLookup: async () => 'https://intranet.example.com/x', origin: 'http://localhost:3000' });
    expect(await runGuard('/pedidos/1', external.deps)).toEqual({ type: 'external', url: 'https://intranet.example.com/x' });
    const none = fakeDeps(signedIn(), { serverRedirectLookup: async () => null });
    expect(await runGuard('/pedidos/1', none.deps)).toEqual({ type: 'continue' });
  });

  describe('a stored session (valid token, user and permissions) paints at once and revalidates behind', () => {
    const stored = (overrides: Partial<Session> = {}) =>
      signedIn({ policyEffectivePermissions: [{ resources: [{ name: 'orders', scopes: ['read'] }], acls: [] }], ...overrides });
    const pending = () => {
      let answer!: { resolve: () => void; reject: (error: unknown) => void };
      const promise = new Promise<void>((resolve, reject) => (answer = { resolve, reject }));
      return { promise, answer: () => answer };
    };

    it('continues before users/me and the permissions answer; both are asked for at once behind', async () => {
      const user = pending();
      const permissions = pending();
      const revalidated: string[] = [];
      const { deps, calls } = fakeDeps(stored(), {
        loadUser: () => (calls.push('loadUser'), user.promise),
        loadPermissions: () => (calls.push('loadPermissions'), permissions.promise),
        onRevalidated: () => void revalidated.push('rejected'),
      });
      expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'continue' });
      expect(calls).toEqual(['fetchAppConfig', 'loadUser', 'loadPermissions']);
      user.answer().resolve();
      permissions.answer().resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(revalidated).toEqual([]);
      expect(calls).not.toContain('logout');
    });

    it("waits for the screen's first data before revalidating (the server answers one query at a time on the embedded database)", async () => {
      const firstPage = pending();
      const { deps, calls } = fakeDeps(stored());
      expect(await runGuard('/fornecedores', deps, firstPage.promise)).toEqual({ type: 'continue' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toEqual(['fetchAppConfig']);
      firstPage.answer().resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toEqual(['fetchAppConfig', 'loadUser', 'loadPermissions']);
    });

    it('then waits for the screen to paint that data: users/me and the permissions do not take the CPU the first rows are drawn with', async () => {
      const firstPage = pending();
      const painted = pending();
      const { deps, calls } = fakeDeps(stored(), { afterScreenPaint: () => painted.promise });
      expect(await runGuard('/fornecedores', deps, firstPage.promise)).toEqual({ type: 'continue' });
      firstPage.answer().resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toEqual(['fetchAppConfig']);
      painted.answer().resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(calls).toEqual(['fetchAppConfig', 'loadUser', 'loadPermissions']);
    });

    it('a failed first page or one slower than 3 s does not hold the revalidation back', async () => {
      const failed = pending();
      const first = fakeDeps(stored());
      await runGuard('/fornecedores', first.deps, failed.promise);
      failed.answer().reject(new ApiError({ status: 500, message: 'erro' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(first.calls).toContain('loadUser');
      await new Promise((resolve) => setTimeout(resolve, 0)); // the shared revalidation ends

      vi.useFakeTimers();
      try {
        const second = fakeDeps(stored());
        await runGuard('/fornecedores', second.deps, new Promise(() => {}));
        await vi.advanceTimersByTimeAsync(2900);
        expect(second.calls).not.toContain('loadUser');
        await vi.advanceTimersByTimeAsync(200);
        expect(second.calls).toContain('loadUser');
      } finally {
        vi.useRealTimers();
      }
    });

    it('a 401 on the revalidation ends the session: onRevalidated signs out, and the guard run again sends to /login', async () => {
      const user = pending();
      let rejected = 0;
      const { deps, calls, setSession } = fakeDeps(stored(), {
        loadUser: () => user.promise,
        onRevalidated: async () => {
          rejected++;
          await deps.logout();
        },
      });
      expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'continue' });
      user.answer().reject(new ApiError({ status: 401, message: 'Não autorizado' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(rejected).toBe(1);
      expect(calls).toContain('logout');
      // What the re-run of every element's guard then decides (the session is gone).
      expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'redirect', to: '/login?redirectTo=%2Fpedidos%2F42' });
      setSession(stored());
    });

    it('a network failure on the revalidation keeps the session (only 401/403 end it)', async () => {
      let rejected = 0;
      const { deps } = fakeDeps(stored(), {
        loadPermissions: async () => {
          throw new ApiError({ status: 'UNK', message: 'sem rede' });
        },
        onRevalidated: () => void rejected++,
      });
      expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'continue' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(rejected).toBe(0);
    });

    it('without stored permissions (a first visit after an older build) the guard still waits for them', async () => {
      const { deps } = fakeDeps(signedIn(), {
        loadUser: async () => {
          throw new ApiError({ status: 401, message: 'Não autorizado' });
        },
      });
      expect((await runGuard('/pedidos/42', deps)).type).toBe('redirect');
    });

    it('an expired access token is refreshed in the foreground (nothing to paint from)', async () => {
      const { deps, calls, setSession } = fakeDeps(stored({ accessToken: PAST_JWT, rememberMe: true, refreshToken: 'r1' }), {
        refreshToken: async () => {
          calls.push('refresh');
          setSession(stored({ rememberMe: true, refreshToken: 'r2' }));
        },
      });
      expect(await runGuard('/pedidos/42', deps)).toEqual({ type: 'continue' });
      expect(calls).toEqual(['fetchAppConfig', 'refresh', 'loadUser', 'loadPermissions']);
    });
  });
});
