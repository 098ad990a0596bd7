/**
 * The session's life (spec §4, §7): login, token refresh, the user and permissions, logout —
 * what every element needs from its first screen. The second step of a login, password recovery
 * and Minha conta's actions live in account.ts (loaded with their screens). Every failure throws
 * an ApiError; login carries the spec's texts and shows them as an error notice (`{ silent:
 * true }`: no notice); logout shows its two notices.
 */
import type { AuthResponse } from '../contracts/authResponse';
import type { EffectivePermission, LoggedUser } from '../contracts/identity';
import { IDENTITY_PATHS } from '../contracts/identityNames';
import { ApiError, request, toApiError } from './api';
import { ensureAppConfig } from './config';
import { t } from './i18n';
import { fieldErrorLines, notify } from './notices';
import { forgetAllDrafts } from './formDraftStore';
import { installSessionLife, pageIsBeingLeft, signingOut } from './sessionLife';
import { applyAuthResponse, getAccessToken, getSession, readStoredField, reloadSessionFromStorage, resetAuthKeys, resetSession, setFields, setLoggedUser, setPermissions } from './session';

export const IDENTITY_API = 'identity';
export const LOGIN_NOTICE_ID = 'auth-login';
export const VERIFY_NOTICE_ID = 'auth-verify';
export const LOGOUT_NOTICE_ID = 'auth-logout';

export interface ActionOptions {
  /** No notice: the caller shows the error (or success) itself. */
  silent?: boolean;
}

export type LoginStep = 'done' | 'setup' | 'code';

/** Whitespace stripped before sending (spec §5). */
export const stripCode = (code: string): string => code.replace(/\s+/g, '');

export function showError(error: ApiError, id: string, options: ActionOptions): void {
  if (options.silent) return;
  const details = [...(error.detail ? [error.detail] : []), ...fieldErrorLines(error.errors, undefined, [error.message, ...(error.detail ? [error.detail] : [])])];
  notify({ id, type: 'error', message: error.message, ...(details.length ? { details } : {}) });
}

/**
 * The auth answer's schema (and zod) load with the first sign-in or refresh: an element opened
 * with a live token never needs them. Asked for as the request leaves, so both travel together.
 */
function authSchema() {
  const loading = import('../contracts/authResponse');
  loading.catch(() => undefined); // awaited after the request; a request that fails first leaves it unawaited
  return loading;
}

export async function parseAuth(body: unknown, schema = authSchema()): Promise<AuthResponse | null> {
  return (await schema).parseAuthResponse(body);
}

// ---------------------------------------------------------------- login / refresh / logout

export interface LoginInput {
  login: string;
  secret: string;
  rememberMe?: boolean;
}

/**
 * POST auth with grantType Password. Empty or unreadable answer → "O login falhou."; 401 →
 * "Login ou senha inválidos…". Any failure resets every stored session key, except on a page
 * being left (its calls were cut short, not refused: the next page keeps the session). Success stores
 * the tokens and returns the next step: 'setup' / 'code' for a PreAuthorization token, else
 * 'done' (user and permissions loaded).
 */
export async function login(input: LoginInput, options: ActionOptions = {}): Promise<LoginStep> {
  const rememberMe = input.rememberMe ?? false;
  try {
    const config = await ensureAppConfig();
    let res: AuthResponse | null;
    try {
      const schema = authSchema();
      const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.auth, {
        method: 'POST',
        body: { login: input.login, secret: input.secret, grantType: 'Password', rememberMe },
        public: true,
        silent: true,
      });
      res = await parseAuth(body, schema);
    } catch (error) {
      const e = toApiError(error);
      throw new ApiError({
        status: e.status,
        message: e.status === 401 ? t('auth.invalidCredentials') : t('auth.loginFailed'),
        errors: e.errors,
        detail: e.detail,
        data: e.data,
        cause: e,
      });
    }
    if (!res) throw new ApiError({ status: 400, message: t('auth.loginFailed') });
    applyAuthResponse(res, { rememberMe, projectId: config.useProjectId });
    if (res.tokenType === 'PreAuthorization') return res.twoFactor?.isSetupRequired ? 'setup' : 'code';
    await loadUser({ silent: true });
    await loadPermissions({ silent: true });
    return 'done';
  } catch (error) {
    // A page left before the sign-in finished (a link or a reload once the portal showed) had its
    // calls cut short, not refused: the session the server issued stays for the next page, whose
    // guard loads the user and permissions still missing.
    if (!pageIsBeingLeft()) resetSession();
    const e = toApiError(error);
    showError(e, LOGIN_NOTICE_ID, options);
    throw e;
  }
}

let refreshing: Promise<void> | null = null;

/** Web Lock every tab of the origin takes around a token refresh. */
export const REFRESH_LOCK = 'bo.session.refresh';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Runs `work` while holding the origin-wide refresh lock (or directly where Web Locks are missing). */
function underRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike }).locks;
  return locks?.request ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * POST auth with grantType RefreshToken. One refresh at a time per page (deduplicated while in
 * flight) and per browser: every tab takes the `REFRESH_LOCK` Web Lock, and a tab that waited
 * for it finds the refresh token in the shared storage already replaced by the tab that held it
 * — it takes that session instead of presenting a spent token again. (Were the storage slower
 * than the lock, the server answers a token spent less than 30 s ago with the same new pair.)
 * A 401 drops the refresh token.
 */
export function refresh(): Promise<void> {
  refreshing ??= (async () => {
    const presented = getSession().refreshToken;
    if (!presented) throw new ApiError({ status: 401, message: t('auth.noRefreshToken') });
    await underRefreshLock(async () => {
      if (readStoredField('refreshToken') !== presented) {
        // Another tab refreshed (or logged out) while this one waited for the lock.
        reloadSessionFromStorage();
        if (!getSession().refreshToken) throw new ApiError({ status: 401, message: t('auth.noRefreshToken') });
        return;
      }
      const session = getSession();
      const config = await ensureAppConfig();
      try {
        const schema = authSchema();
        const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.auth, {
          method: 'POST',
          body: { secret: presented, grantType: 'RefreshToken', rememberMe: session.rememberMe },
          public: true,
          silent: true,
        });
        const res = await parseAuth(body, schema);
        if (!res) throw new ApiError({ status: 400, message: t('auth.loginFailed') });
        applyAuthResponse(res, { rememberMe: session.rememberMe, projectId: config.useProjectId, keepVerificationToken: true });
      } catch (error) {
        const e = toApiError(error);
        if (e.status === 401 && readStoredField('refreshToken') === presented) setFields({ refreshToken: null, refreshTokenExpireAt: null });
        throw e;
      }
    });
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** GET users/me; an answer without an id → ApiError 401 "O login é inválido.". */
export async function loadUser(options: ActionOptions = {}): Promise<LoggedUser> {
  const user = await request<Partial<LoggedUser> | null>(IDENTITY_API, IDENTITY_PATHS.me, { silent: options.silent, quiet401: options.silent });
  if (!user || typeof user !== 'object' || typeof user.id !== 'string' || !user.id) {
    throw new ApiError({ status: 401, message: t('auth.invalidLogin') });
  }
  setLoggedUser(user as LoggedUser);
  return user as LoggedUser;
}

/** GET users/me/policies/effective-permissions; stores them and the name → scopes map. */
export async function loadPermissions(options: ActionOptions = {}): Promise<EffectivePermission[]> {
  const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myPermissions, { silent: options.silent, quiet401: options.silent });
  const permissions = Array.isArray(body) ? (body as EffectivePermission[]) : [];
  setPermissions(permissions);
  return permissions;
}

export interface LogoutOptions {
  /** No notices (the guard's logout of an expired session). */
  quiet?: boolean;
}

/**
 * "Desconectando, aguarde..." → POST auth/logout → auth keys reset even if the call failed →
 * "Você foi desconectado da sua conta.".
 */
export async function logout(options: LogoutOptions = {}): Promise<void> {
  signingOut();
  if (!options.quiet) notify({ id: LOGOUT_NOTICE_ID, type: 'neutral', message: t('auth.loggingOut'), autoDismiss: false });
  try {
    if (getAccessToken()) await request(IDENTITY_API, IDENTITY_PATHS.logout, { method: 'POST', silent: true, quiet401: true });
  } catch {
    // The session ends locally whatever the server said.
  } finally {
    resetAuthKeys();
  }
  // Signing out on purpose leaves no form behind (an ended session keeps them: formDraft.ts).
  if (!options.quiet) forgetAllDrafts();
  if (!options.quiet) notify({ id: LOGOUT_NOTICE_ID, type: 'success', message: t('auth.loggedOut') });
}

// The session lives while the page is in use (sessionLife.ts): every element loads this module.
installSessionLife({ refresh });
