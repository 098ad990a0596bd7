/**
 * Route guard (spec §2 "Route guard order"), every effect injected so it is unit-testable.
 * Run before each navigation; act on the result (continue, redirect, or full-page navigation).
 */
import { createPath, parsePath, type Path } from 'history';
import { isApiError } from './api';
import { loadAppConfigForGuard, type AppConfig } from './config';
import { loadPermissions, loadUser, logout, refresh } from './auth';
import { announceSessionRefresh } from './host/loginWindow';
import { matchRoute, type RouteDef } from './router';
import { getField, getSession, setNewAppVersionAvailable, setStoredFrontEndVersion, type Session } from './session';
import { isAccessTokenValid, isVerificationTokenValid } from './token';
import { afterPaint } from './afterPaint';
import { waitAtMost } from './waitAtMost';

export const LOGIN_PATH = '/login';
export const CODE_PATH = '/auth/codigo';
export const TWO_FACTOR_SETUP_PATH = '/auth/configurar-verificacao-em-duas-etapas';
export const NEW_APP_VERSION_PARAM = 'newAppVersionAvailable';

/** Login-layout pages (spec §2): public, never redirected to /login. */
export const PUBLIC_PATHS: readonly string[] = [
  '/autenticacao',
  '/auth/authorized',
  '/auth/callback',
  CODE_PATH,
  TWO_FACTOR_SETUP_PATH,
  '/auth/recuperar-senha',
  LOGIN_PATH,
  '/logout',
];

/** Pages that need a fresh verification when two-factor is mandatory (spec §2 step 3). */
export const ACCOUNT_SECURITY_PATHS: readonly string[] = ['/minha-conta/alterar-senha', '/minha-conta/verificacao-em-duas-etapas'];

export type GuardResult = { type: 'continue' } | { type: 'redirect'; to: string } | { type: 'external'; url: string };

export interface GuardDeps {
  /** Fetches (and stores) the current app config. */
  fetchAppConfig: () => Promise<AppConfig>;
  /** Front-end version the user is running (null on a first visit). */
  storedFrontEndVersion: () => string | null;
  getSession: () => Session;
  refreshToken: () => Promise<unknown>;
  loadUser: () => Promise<unknown>;
  loadPermissions: () => Promise<unknown>;
  logout: () => Promise<unknown>;
  now: () => number;
  /** Flags the new version in the session (step 1). */
  onNewAppVersion?: (version: string) => void;
  /** Stores the version on a first visit. */
  storeFrontEndVersion?: (version: string) => void;
  /** Routes, to tell public (login-layout) pages; without them PUBLIC_PATHS is used. */
  routes?: readonly RouteDef[];
  isPublic?: (pathname: string) => boolean;
  /** Server-side redirect lookup (call shape not shown in the spec): a target path/URL, or nothing. */
  serverRedirectLookup?: (path: string) => Promise<string | null | undefined>;
  /** Origin of the page, to tell external redirect targets (default `location.origin`). */
  origin?: string;
  /** The revalidation behind a stored session ended it (401/403): sign out and re-run the guard. */
  onRevalidated?: () => Promise<unknown> | void;
  /** Resolves once the screen showing its first data has painted (the revalidation waits for it). */
  afterScreenPaint?: () => Promise<void>;
}

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isPublicPath(pathname: string, routes?: readonly RouteDef[]): boolean {
  if (routes) {
    const match = matchRoute(routes, pathname);
    if (match) return match.route.public === true || match.route.layout === 'login';
  }
  return PUBLIC_PATHS.includes(trimSlash(pathname));
}

function withParams(path: string, params: Record<string, string>): string {
  const parsed = parsePath(path);
  const search = new URLSearchParams(parsed.search ?? '');
  for (const [key, value] of Object.entries(params)) search.set(key, value);
  const text = search.toString();
  return createPath({ ...parsed, search: text ? `?${text}` : '' });
}

/**
 * The two-factor screens of the login layout: the login's second step (setup or code, which need
 * a PreAuthorization token) or the account's verification (`/auth/codigo?endpoint=usersMe`,
 * which needs a session). Null for any other page.
 */
function secondStepScreen(pathname: string, search: string | undefined): 'login' | 'account' | null {
  const path = trimSlash(pathname);
  if (path === TWO_FACTOR_SETUP_PATH) return 'login';
  if (path !== CODE_PATH) return null;
  return new URLSearchParams(search ?? '').get('endpoint') === 'usersMe' ? 'account' : 'login';
}

/** The same-origin `redirectTo` a second-step screen carries (never another origin). */
function innerRedirect(search: string | undefined): string | null {
  const value = new URLSearchParams(search ?? '').get('redirectTo');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Spec §2, in order:
 * 1. fetch the app config; a front-end version different from the stored one adds the query
 *    parameter `newAppVersionAvailable` (and flags it);
 * 2. valid PreAuthorization token → two-factor setup (setup required) or code screen, with redirectTo;
 * 3. valid token, account-security page, two-factor mandatory, no valid verification token →
 *    code screen for `usersMe`;
 * 4. otherwise, rememberMe (or an expired access token with a refresh token) → refresh the token; then (valid token) reload user and permissions —
 *    behind the page when the stored session has a valid token, its user and its permissions
 *    (the page paints from them at once; see `revalidateBehind` for a refusal), once the
 *    screen is on screen (`firstData`: RouterHost settles it then, with the screen's first data
 *    when it asked for any);
 * 5. invalid token on a private route or the empty path → log out, /login?redirectTo=…; the
 *    same for the two-factor screens (setup, code), whose own redirectTo is kept (a form there
 *    can never work without a sign-in in progress); a full session on the login's second step
 *    goes on to that redirectTo.
 * Then the server-side redirect lookup (an external target → full page navigation).
 */
export async function runGuard(to: string | Partial<Path>, deps: GuardDeps, firstData?: Promise<unknown>): Promise<GuardResult> {
  const target = typeof to === 'string' ? parsePath(to) : to;
  const pathname = target.pathname || '/';
  const fullPath = createPath({ pathname, search: target.search ?? '', hash: target.hash ?? '' });
  const isPublic = deps.isPublic ? deps.isPublic(pathname) : isPublicPath(pathname, deps.routes);

  // 1. App config and front-end version.
  const config = await deps.fetchAppConfig();
  const stored = deps.storedFrontEndVersion();
  let newVersion = false;
  if (stored && stored !== config.useFrontEndVersion) {
    newVersion = true;
    deps.onNewAppVersion?.(config.useFrontEndVersion);
  } else if (!stored) {
    deps.storeFrontEndVersion?.(config.useFrontEndVersion);
  }
  const versioned = (path: string) => (newVersion ? withParams(path, { [NEW_APP_VERSION_PARAM]: 'true' }) : path);
  const redirect = (path: string, params: Record<string, string> = {}): GuardResult => ({
    type: 'redirect',
    to: versioned(withParams(path, params)),
  });

  let session = deps.getSession();
  let tokenValid = isAccessTokenValid(session, config, deps.now());

  // 2. Second step of the login pending.
  if (tokenValid && session.tokenType === 'PreAuthorization' && !isPublic) {
    return redirect(session.twoFactorIsSetupRequired ? TWO_FACTOR_SETUP_PATH : CODE_PATH, { redirectTo: fullPath });
  }

  // 3. Account-security pages need a fresh verification when two-factor is mandatory.
  if (
    tokenValid &&
    ACCOUNT_SECURITY_PATHS.includes(trimSlash(pathname)) &&
    session.loggedUser?.twoFactorsSettings?.isMandatory === true &&
    !isVerificationTokenValid(session, deps.now())
  ) {
    return redirect(CODE_PATH, { endpoint: 'usersMe', redirectTo: fullPath });
  }

  // 4. Refresh (remember me), then reload the user and the effective permissions. A stored
  //    session (valid token, user and permissions on hand) paints at once and does this behind.
  if (tokenValid && session.tokenType === 'Authorization' && session.loggedUser && session.policyEffectivePermissions) {
    revalidateBehind(config, deps, firstData);
  } else {
    tokenValid = await reloadSession(config, deps);
    session = deps.getSession();
  }

  // 5a. The second-step screens are login-layout pages, but they only work inside a sign-in.
  const secondStep = secondStepScreen(pathname, target.search);
  if (secondStep) {
    const inner = innerRedirect(target.search);
    if (!tokenValid) {
      await deps.logout();
      return redirect(LOGIN_PATH, inner ? { redirectTo: inner } : {});
    }
    if (secondStep === 'login' && session.tokenType === 'Authorization') return redirect(inner ?? '/');
  }

  // 5. No valid session on a private route or the empty path.
  if (!tokenValid && (!isPublic || pathname === '/')) {
    await deps.logout();
    return redirect(LOGIN_PATH, pathname === '/' && !target.search ? {} : { redirectTo: fullPath });
  }

  // Server-side redirect lookup.
  if (deps.serverRedirectLookup) {
    const found = await deps.serverRedirectLookup(fullPath);
    if (found && found !== fullPath) {
      const origin = deps.origin ?? (typeof location !== 'undefined' ? location.origin : undefined);
      if (/^[a-z][a-z\d+.-]*:/i.test(found) || found.startsWith('//')) {
        const url = new URL(found, origin && origin !== 'null' ? origin : undefined);
        if (!origin || url.origin !== origin) return { type: 'external', url: url.href };
        return { type: 'redirect', to: versioned(`${url.pathname}${url.search}${url.hash}`) };
      }
      return { type: 'redirect', to: versioned(found) };
    }
  }

  if (newVersion && new URLSearchParams(target.search ?? '').get(NEW_APP_VERSION_PARAM) === null) {
    return { type: 'redirect', to: versioned(fullPath) };
  }
  return { type: 'continue' };
}

/**
 * Step 4 itself: refresh (remember me), then — with a valid full token — the user and the
 * effective permissions at once. Says whether the session is still valid (a 401/403 ends it).
 */
async function reloadSession(config: AppConfig, deps: GuardDeps): Promise<boolean> {
  let session = deps.getSession();
  // Also without "Lembrar de mim": a session kept alive by use outlives its access token
  // (sessionLife.ts), so an expired one is renewed before the session counts as ended.
  if (session.refreshToken && (session.rememberMe || !isAccessTokenValid(session, config, deps.now()))) {
    try {
      await deps.refreshToken();
    } catch {
      // An expired refresh token ends in step 5 when the access token is invalid too.
    }
    session = deps.getSession();
  }
  let valid = isAccessTokenValid(session, config, deps.now());
  if (valid && session.tokenType !== 'PreAuthorization') {
    try {
      // Independent calls: one round trip, not two.
      await Promise.all([deps.loadUser(), deps.loadPermissions()]);
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403)) valid = false;
    }
  }
  return valid;
}

/** How long the revalidation behind a painted page waits for the screen's first data. */
const REVALIDATION_WAIT_MS = 3000;

/** The revalidation running behind a painted page (one at a time per page, shared by every element). */
let behind: Promise<unknown> | null = null;

/**
 * Step 4 behind the page. When it ends the session (401/403, a refused refresh with an expired
 * token), `onRevalidated` signs out and re-runs the guard of every element: to /login with
 * redirectTo. Changed permissions need nothing more: screens read them from the session and
 * re-render (a screen no longer allowed shows the forbidden notice); a changed user (two-factor
 * now mandatory) counts from the next navigation (step 3).
 * It waits for the screen's first data, and then for the screen to paint it: on the embedded
 * database the server answers one query at a time, its CPU is the page's on a small machine, and
 * the user is waiting for the screen, not for the revalidation (the server checked the session on
 * that request anyway). An answer slower than REVALIDATION_WAIT_MS waits no longer.
 */
function revalidateBehind(config: AppConfig, deps: GuardDeps, firstData?: Promise<unknown>): void {
  // reloadSession never throws; a failed sign-out leaves the session to the next navigation.
  if (behind) return;
  const reload = () => reloadSession(config, deps);
  const shown = (first: Promise<unknown>) => waitAtMost(first, REVALIDATION_WAIT_MS).then(() => deps.afterScreenPaint?.());
  behind = (firstData ? shown(firstData).then(reload) : reload())
    .then((valid) => {
      behind = null;
      return valid || deps.onRevalidated?.();
    })
    .catch(() => undefined);
}

/** The guard wired to the real modules (config, session, auth). */
export function createGuardDeps(overrides: Partial<GuardDeps> = {}): GuardDeps {
  return {
    fetchAppConfig: () => loadAppConfigForGuard(),
    storedFrontEndVersion: () => getField('frontEndVersion'),
    storeFrontEndVersion: (version) => setStoredFrontEndVersion(version),
    onNewAppVersion: () => setNewAppVersionAvailable(true),
    getSession,
    refreshToken: () => refresh(),
    loadUser: () => loadUser({ silent: true }),
    loadPermissions: () => loadPermissions({ silent: true }),
    logout: () => logout({ quiet: true }),
    now: () => Date.now(),
    onRevalidated: () => logout({ quiet: true }).then(announceSessionRefresh),
    afterScreenPaint: afterPaint,
    ...overrides,
  };
}
