/**
 * Session (spec §3): one localStorage key per field, prefixed `bo.`, read synchronously on
 * start-up and kept in sync across tabs (storage events) and across every element on the page
 * (one jotai store).
 */
import { atom, type Atom, type WritableAtom } from 'jotai/vanilla';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/vanilla/utils';
import type { AuthResponse, EffectivePermission, LoggedUser, TokenType, VerificationTokenInfo } from '../contracts/identity';
import { store } from './store';
import { SESSION_STORAGE_PREFIX } from './sessionKeys';
import { forgetBrowserSessionSeen } from './sessionClosed';
import { decodeJwt, jwtExpiresAt } from './token';

export { SESSION_STORAGE_PREFIX };

export interface Session {
  accessToken: string | null;
  tokenType: TokenType | null;
  /** ms since the epoch, from the access token's `exp` claim. */
  accessTokenExpireAt: number | null;
  refreshToken: string | null;
  /** When the session ends if unused (the server's idle expiry, never past `sessionExpireAt`). */
  refreshTokenExpireAt: string | null;
  /** The session's absolute end (ISO), fixed at sign-in: no use extends it. */
  sessionExpireAt: string | null;
  /** How long the session lives unused, in seconds (the organisation's idle time-out without "Lembrar de mim"). */
  idleTimeoutSeconds: number | null;
  /** Server clock minus this browser's, in ms, measured when the access token arrived (its `iat`). */
  clockOffsetMs: number | null;
  verificationToken: string | null;
  /** ISO date (or ms epoch) as the server sent it. */
  verificationTokenExpireAt: string | number | null;
  twoFactorIsSetupRequired: boolean;
  twoFactorIsEmailAllowedMethod: boolean;
  twoFactorIsTotpAllowedMethod: boolean;
  rememberMe: boolean;
  loggedUser: LoggedUser | null;
  policyEffectivePermissions: EffectivePermission[] | null;
  /** Resource/ACL name → union of its scopes over every policy. */
  policyEffectiveScopes: Record<string, string[]> | null;
  appParams: Record<string, unknown> | null;
  newAppVersionAvailable: boolean;
  /** Project id the tokens were issued for (compared with the config's `useProjectId`). */
  projectId: string | null;
  /** Front-end version the user is running (compared with the config's `useFrontEndVersion`). */
  frontEndVersion: string | null;
}

export type SessionField = keyof Session;


export const SESSION_DEFAULTS: Readonly<Session> = Object.freeze({
  accessToken: null,
  tokenType: null,
  accessTokenExpireAt: null,
  refreshToken: null,
  refreshTokenExpireAt: null,
  sessionExpireAt: null,
  idleTimeoutSeconds: null,
  clockOffsetMs: null,
  verificationToken: null,
  verificationTokenExpireAt: null,
  twoFactorIsSetupRequired: false,
  twoFactorIsEmailAllowedMethod: false,
  twoFactorIsTotpAllowedMethod: false,
  rememberMe: false,
  loggedUser: null,
  policyEffectivePermissions: null,
  policyEffectiveScopes: null,
  appParams: null,
  newAppVersionAvailable: false,
  projectId: null,
  frontEndVersion: null,
});

export const SESSION_FIELDS = Object.keys(SESSION_DEFAULTS) as SessionField[];

/** localStorage key of a session field (`bo.<field>`). */
export const sessionKey = (field: SessionField): string => `${SESSION_STORAGE_PREFIX}${field}`;

/** Fields cleared by logout (spec §4 "resets the auth keys"). */
export const AUTH_FIELDS: readonly SessionField[] = [
  'accessToken',
  'tokenType',
  'accessTokenExpireAt',
  'refreshToken',
  'refreshTokenExpireAt',
  'sessionExpireAt',
  'idleTimeoutSeconds',
  'clockOffsetMs',
  'verificationToken',
  'verificationTokenExpireAt',
  'twoFactorIsSetupRequired',
  'twoFactorIsEmailAllowedMethod',
  'twoFactorIsTotpAllowedMethod',
  'loggedUser',
  'policyEffectivePermissions',
  'policyEffectiveScopes',
];

const localStorageOrNothing = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined as unknown as Storage;
  }
};

// A storage per field: each keeps the last text it parsed, so reading the fields in turn does not
// parse every one again (one shared storage remembers only the last key's text).
const storages = Object.fromEntries(SESSION_FIELDS.map((field) => [field, createJSONStorage<never>(localStorageOrNothing)])) as Record<SessionField, ReturnType<typeof createJSONStorage<never>>>;

type FieldAtom<K extends SessionField> = WritableAtom<Session[K], [Session[K] | typeof RESET], void>;
type FieldAtoms = { [K in SessionField]: FieldAtom<K> };

function fieldAtom<K extends SessionField>(field: K): FieldAtom<K> {
  return atomWithStorage<Session[K]>(sessionKey(field), SESSION_DEFAULTS[field], storages[field] as never, {
    getOnInit: true,
  }) as FieldAtom<K>;
}

/** One persisted atom per field. */
export const sessionAtoms: FieldAtoms = Object.fromEntries(SESSION_FIELDS.map((f) => [f, fieldAtom(f)])) as unknown as FieldAtoms;

/** Read-only view of every field. */
export const sessionAtom = atom<Session>((get) => {
  const session = {} as Record<SessionField, unknown>;
  for (const field of SESSION_FIELDS) session[field] = get(sessionAtoms[field] as Atom<unknown>);
  return session as unknown as Session;
});

// Mount every field in the shared store: this subscribes to storage events (cross-tab sync).
for (const field of SESSION_FIELDS) store.sub(sessionAtoms[field], () => {});

// ---------------------------------------------------------------- getters

export function getSession(): Session {
  return store.get(sessionAtom);
}

export function getField<K extends SessionField>(field: K): Session[K] {
  return store.get(sessionAtoms[field]) as Session[K];
}

export const getAccessToken = () => getField('accessToken');
export const getLoggedUser = () => getField('loggedUser');
export const getPermissions = () => getField('policyEffectivePermissions');

// ---------------------------------------------------------------- setters

/** Writes a field; the default value (null/false) removes its key from localStorage. */
export function setField<K extends SessionField>(field: K, value: Session[K] | undefined): void {
  const target = sessionAtoms[field] as FieldAtom<K>;
  if (value === undefined || value === null || value === SESSION_DEFAULTS[field]) store.set(target, RESET);
  else store.set(target, value);
}

export function setFields(fields: Partial<Session>): void {
  for (const [field, value] of Object.entries(fields) as [SessionField, Session[SessionField]][]) setField(field, value);
}

/** A field as localStorage holds it now (another tab may have written it a moment ago). */
export function readStoredField<K extends SessionField>(field: K): Session[K] {
  return storages[field].getItem(sessionKey(field), SESSION_DEFAULTS[field] as never) as Session[K];
}

/** Re-reads every field from localStorage (after another script wrote it directly). */
export function reloadSessionFromStorage(): void {
  for (const field of SESSION_FIELDS) {
    setField(field, storages[field].getItem(sessionKey(field), SESSION_DEFAULTS[field] as never) as Session[typeof field]);
  }
}

/** Stores a verification token (`verificationTokenExpireAt` or `expireAt`); null clears it. */
export function storeVerificationToken(info: VerificationTokenInfo | null | undefined): void {
  setFields({
    verificationToken: info?.verificationToken ?? null,
    verificationTokenExpireAt: info ? (info.verificationTokenExpireAt ?? info.expireAt ?? null) : null,
  });
}

export interface ApplyAuthOptions {
  rememberMe: boolean;
  projectId: string;
  /** Keep the stored verification token when the answer has none (token refresh). */
  keepVerificationToken?: boolean;
}

/** Server clock minus ours, from a token that has just arrived (its `iat`, whole seconds); null when unreadable. */
function clockOffset(token: string, now = Date.now()): number | null {
  const iat = decodeJwt(token)?.iat;
  return typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 - now : null;
}

/** Stores an auth answer: tokens, expiry from the JWT `exp`, two-factor flags, verification token. */
export function applyAuthResponse(res: AuthResponse, options: ApplyAuthOptions): void {
  setFields({
    accessToken: res.accessToken,
    tokenType: res.tokenType,
    accessTokenExpireAt: jwtExpiresAt(res.accessToken),
    refreshToken: res.refreshToken ?? null,
    refreshTokenExpireAt: res.refreshTokenExpireAt ?? null,
    sessionExpireAt: res.sessionExpireAt ?? null,
    idleTimeoutSeconds: res.idleTimeoutSeconds ?? null,
    clockOffsetMs: clockOffset(res.accessToken),
    rememberMe: options.rememberMe,
    projectId: options.projectId,
  });
  if (res.twoFactor) {
    setFields({
      twoFactorIsSetupRequired: res.twoFactor.isSetupRequired,
      twoFactorIsEmailAllowedMethod: res.twoFactor.allowedMethods.includes('Email'),
      twoFactorIsTotpAllowedMethod: res.twoFactor.allowedMethods.includes('TOTP'),
    });
  }
  if (res.twoFactor?.verificationToken) storeVerificationToken(res.twoFactor.verificationToken);
  else if (!options.keepVerificationToken) storeVerificationToken(null);
}

/** Logout: clears tokens, verification, two-factor flags, user and permissions. */
export function resetAuthKeys(): void {
  for (const field of AUTH_FIELDS) setField(field, null);
  forgetBrowserSessionSeen();
}

/** Failed login: clears every stored session key. */
export function resetSession(): void {
  for (const field of SESSION_FIELDS) setField(field, null);
  forgetBrowserSessionSeen();
}

export function setLoggedUser(user: LoggedUser | null): void {
  setField('loggedUser', user);
}

/** Stores effective permissions and derives `policyEffectiveScopes` (name → scopes). */
export function setPermissions(permissions: EffectivePermission[] | null): void {
  setField('policyEffectivePermissions', permissions);
  setField('policyEffectiveScopes', permissions ? effectiveScopes(permissions) : null);
}

export function effectiveScopes(permissions: EffectivePermission[]): Record<string, string[]> {
  const scopes: Record<string, Set<string>> = {};
  for (const policy of permissions) {
    for (const entry of [...(policy.resources ?? []), ...(policy.acls ?? [])]) {
      const set = (scopes[entry.name] ??= new Set());
      for (const scope of entry.scopes) set.add(scope);
    }
  }
  return Object.fromEntries(Object.entries(scopes).map(([name, set]) => [name, [...set]]));
}

export function setAppParams(params: Record<string, unknown> | null): void {
  setField('appParams', params);
}

export function setNewAppVersionAvailable(flag: boolean): void {
  setField('newAppVersionAvailable', flag);
}

export function setStoredFrontEndVersion(version: string | null): void {
  setField('frontEndVersion', version);
}
