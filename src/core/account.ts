/**
 * Account actions beyond the session's life (spec §5, §8): the login's second step (TOTP setup,
 * e-mail code, verification), password recovery, and Minha conta (profile, password, two-factor,
 * recovery codes). Loaded with the screens that use them, not with every element's first screen.
 * setupTotp / verifyCode carry the spec's texts and show them as an error notice (`{ silent:
 * true }`: no notice); the other actions rely on the generic HTTP error notices and leave success
 * messages to the screens.
 */
import * as z from 'zod/mini';
import {
  IDENTITY_PATHS,
  accountSetupResponse,
  recoveryCodesAnswer,
  recoveryCodesStatus,
  totpSetupInfo,
  verificationTokenInfo,
  type LoggedUser,
  type RecoveryCodesStatus,
  type SecondStepMethod,
  type TotpSetupInfo,
  type TwoFactorMethod,
} from '../contracts/identity';
import { ApiError, request, statusText, toApiError } from './api';
import { IDENTITY_API, loadPermissions, loadUser, parseAuth, showError, stripCode, VERIFY_NOTICE_ID, type ActionOptions } from './auth';
import { ensureAppConfig } from './config';
import { t } from './i18n';
import { dismissNotice } from './notices';
import { applyAuthResponse, getSession, setField, setLoggedUser, storeVerificationToken } from './session';
import { isVerificationTokenValid } from './token';

// ---------------------------------------------------------------- two-factor

function verificationError(error: unknown): ApiError {
  const e = toApiError(error);
  if (e.message === t('auth.verificationFailed') || e.message === t('auth.invalidCode')) return e;
  return new ApiError({
    status: e.status,
    message: e.status === 401 ? t('auth.invalidCode') : t('auth.verificationFailed'),
    errors: e.errors,
    detail: e.detail ?? (e.status === 405 ? statusText(405) : undefined),
    data: e.data,
    cause: e,
  });
}

/** GET auth/two-factors/setup → a fresh TOTP key, its otpauth URL and QR code. */
export async function getTotpSetup(): Promise<TotpSetupInfo> {
  const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.twoFactorSetup);
  const parsed = z.safeParse(totpSetupInfo, body);
  if (!parsed.success) throw new ApiError({ status: 400, message: statusText(400) });
  return parsed.data;
}

/** Recovery codes the sign-in's two-factor setup answered: shown once by the setup page, then forgotten. */
let issuedRecoveryCodes: string[] | null = null;

/** The recovery codes the last sign-in setup issued, once (null when none). */
export function takeIssuedRecoveryCodes(): string[] | null {
  const codes = issuedRecoveryCodes;
  issuedRecoveryCodes = null;
  return codes;
}

/**
 * POST auth/two-factors/setup {totpKey, verificationCode}. Clears the setup-required flag; an
 * answer with tokens is stored ('done' for Authorization), otherwise the code step follows.
 */
export async function setupTotp(totpKey: string, code: string, options: ActionOptions = {}): Promise<'done' | 'code'> {
  try {
    const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.twoFactorSetup, {
      method: 'POST',
      body: { totpKey, verificationCode: stripCode(code) },
      silent: true,
    });
    setField('twoFactorIsSetupRequired', false);
    const res = await parseAuth(body);
    if (!res) return 'code';
    issuedRecoveryCodes = res.recoveryCodes?.length ? res.recoveryCodes : null;
    // A wrong code's error notice no longer applies.
    dismissNotice(VERIFY_NOTICE_ID);
    const config = await ensureAppConfig();
    applyAuthResponse(res, { rememberMe: getSession().rememberMe, projectId: config.useProjectId });
    setField('twoFactorIsSetupRequired', false);
    if (res.tokenType !== 'Authorization') return 'code';
    await loadUser({ silent: true });
    await loadPermissions({ silent: true });
    return 'done';
  } catch (error) {
    const e = verificationError(error);
    showError(e, VERIFY_NOTICE_ID, options);
    throw e;
  }
}

/** POST …/two-factors/send-code {method: 'Email'} (202) for the login step ('auth') or the account ('usersMe'). */
export async function sendEmailCode(scope: 'auth' | 'usersMe'): Promise<string> {
  const path = scope === 'auth' ? IDENTITY_PATHS.twoFactorSendCode : IDENTITY_PATHS.myTwoFactorSendCode;
  await request(IDENTITY_API, path, { method: 'POST', body: { method: 'Email' } });
  return t('auth.codeSent');
}

/** Methods the current step accepts: the user's settings (account) or the auth answer's flags. */
export function allowedTwoFactorMethods(endpoint: 'auth' | 'usersMe'): TwoFactorMethod[] {
  const session = getSession();
  const fromUser = session.loggedUser?.twoFactorsSettings?.allowedMethods;
  if (endpoint === 'usersMe' && fromUser?.length) return [...fromUser];
  const methods: TwoFactorMethod[] = [];
  if (session.twoFactorIsEmailAllowedMethod) methods.push('Email');
  if (session.twoFactorIsTotpAllowedMethod) methods.push('TOTP');
  return methods.length ? methods : [...(fromUser ?? [])];
}

/** Two-factor mandatory: the user's setting; before the user is known, a PreAuthorization token implies it. */
export function isTwoFactorMandatory(): boolean {
  const session = getSession();
  return session.loggedUser?.twoFactorsSettings?.isMandatory ?? session.tokenType === 'PreAuthorization';
}

export interface VerifyInput {
  /** A method's code, or one of the account's one-time recovery codes. */
  method: SecondStepMethod;
  code: string;
  endpoint: 'auth' | 'usersMe';
}

/**
 * Verifies a code (whitespace stripped). Two-factor mandatory and a method not allowed →
 * ApiError 405 before any call (spec §5). 'auth' stores the full tokens (and loads user and
 * permissions); 'usersMe' stores the verification token. Afterwards a valid verification
 * token must exist, else ApiError 400. Failures: "A verificação falhou." / 401 "O código é
 * inválido ou expirou. Tente novamente.".
 */
export async function verifyCode(input: VerifyInput, options: ActionOptions = {}): Promise<void> {
  try {
    const verificationCode = stripCode(input.code);
    const allowed = allowedTwoFactorMethods(input.endpoint);
    if (input.method !== 'RecoveryCode' && isTwoFactorMandatory() && allowed.length && !allowed.includes(input.method)) {
      throw new ApiError({ status: 405, message: t('auth.verificationFailed'), detail: statusText(405) });
    }
    if (input.endpoint === 'auth') {
      const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.twoFactorVerify, {
        method: 'POST',
        body: { method: input.method, verificationCode },
        silent: true,
      });
      const res = await parseAuth(body);
      if (!res) throw new ApiError({ status: 400, message: t('auth.verificationFailed') });
      issuedRecoveryCodes = res.recoveryCodes?.length ? res.recoveryCodes : null;
      dismissNotice(VERIFY_NOTICE_ID);
      const config = await ensureAppConfig();
      applyAuthResponse(res, { rememberMe: getSession().rememberMe, projectId: config.useProjectId });
    } else {
      const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myTwoFactorVerify, {
        method: 'POST',
        body: { method: input.method, verificationCode },
        silent: true,
      });
      const parsed = z.safeParse(verificationTokenInfo, body);
      if (parsed.success) storeVerificationToken(parsed.data);
    }
    if (!isVerificationTokenValid(getSession(), Date.now())) {
      throw new ApiError({ status: 400, message: t('auth.verificationFailed') });
    }
    if (input.endpoint === 'auth' && getSession().tokenType === 'Authorization') {
      await loadUser({ silent: true });
      await loadPermissions({ silent: true });
    }
  } catch (error) {
    const e = verificationError(error);
    showError(e, VERIFY_NOTICE_ID, options);
    throw e;
  }
}

function updateUser(change: (user: LoggedUser) => LoggedUser): void {
  const user = getSession().loggedUser;
  if (user) setLoggedUser(change(user));
}

/** DELETE users/me/two-factors/unbind {verificationToken}; sets setup-required. Failure clears the verification token. */
export async function unbindTwoFactor(): Promise<void> {
  try {
    await request(IDENTITY_API, IDENTITY_PATHS.myTwoFactorUnbind, {
      method: 'DELETE',
      body: { verificationToken: getSession().verificationToken ?? '' },
    });
  } catch (error) {
    storeVerificationToken(null);
    throw toApiError(error);
  }
  setField('twoFactorIsSetupRequired', true);
  updateUser((user) => ({ ...user, twoFactorsSettings: { ...user.twoFactorsSettings, boundMethods: [] } }));
}

/** PUT users/me/security {isTwoFactorEnabled, verificationToken?}; toggles isEnabledByUser. */
export async function setTwoFactorEnabled(enabled: boolean): Promise<void> {
  const verificationToken = getSession().verificationToken;
  await request(IDENTITY_API, IDENTITY_PATHS.mySecurity, {
    method: 'PUT',
    body: { isTwoFactorEnabled: enabled, ...(verificationToken ? { verificationToken } : {}) },
  });
  updateUser((user) => ({ ...user, twoFactorsSettings: { ...user.twoFactorsSettings, isEnabledByUser: enabled } }));
}

/** PUT users/me/password {currentSecret, newSecret, verificationToken?}. */
export async function changePassword(input: { currentSecret: string; newSecret: string }): Promise<void> {
  const verificationToken = getSession().verificationToken;
  await request(IDENTITY_API, IDENTITY_PATHS.myPassword, {
    method: 'PUT',
    body: { currentSecret: input.currentSecret, newSecret: input.newSecret, ...(verificationToken ? { verificationToken } : {}) },
  });
}

/** PUT users/me {name}; the stored user is updated. */
export async function updateMe(input: { name: string }): Promise<LoggedUser | null> {
  const body = await request<Partial<LoggedUser> | null>(IDENTITY_API, IDENTITY_PATHS.me, { method: 'PUT', body: { name: input.name } });
  if (body && typeof body === 'object' && typeof body.id === 'string' && body.id) setLoggedUser(body as LoggedUser);
  else updateUser((user) => ({ ...user, name: input.name }));
  return getSession().loggedUser;
}

/** POST auth/password-recovery {login} (public, always 202); resolves with the text to show. */
export async function requestPasswordRecovery(loginValue: string): Promise<string> {
  await request(IDENTITY_API, IDENTITY_PATHS.passwordRecovery, { method: 'POST', body: { login: loginValue }, public: true });
  return t('auth.passwordRecoveryRequested');
}

/** POST auth/password-recovery/reset {token, newSecret} (public, 204); resolves with the text to show. */
export async function resetPassword(token: string, newSecret: string): Promise<string> {
  await request(IDENTITY_API, IDENTITY_PATHS.passwordReset, { method: 'POST', body: { token, newSecret }, public: true });
  return t('auth.passwordReset');
}

// ---------------------------------------------------------------- two-factor from Minha conta

/** The session's verification token while it is still valid (sent with every two-factor change). */
function liveVerificationToken(): { verificationToken?: string } {
  const session = getSession();
  return session.verificationToken && isVerificationTokenValid(session, Date.now()) ? { verificationToken: session.verificationToken } : {};
}

/** True when a two-factor change can be sent now: two-factor is off, or a verification token is valid. */
export function canChangeTwoFactor(): boolean {
  const session = getSession();
  const settings = session.loggedUser?.twoFactorsSettings;
  const active = settings ? settings.isMandatory || settings.isEnabledByUser : false;
  return !active || isVerificationTokenValid(session, Date.now());
}

/** POST users/me/two-factors/totp-key → a new pending key with its QR code (the bound one stays until confirmed). */
export async function startAccountTotp(): Promise<TotpSetupInfo> {
  const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myTotpKey, { method: 'POST', body: { ...liveVerificationToken() }, silent: true });
  const parsed = z.safeParse(totpSetupInfo, body);
  if (!parsed.success) throw new ApiError({ status: 400, message: statusText(400) });
  return parsed.data;
}

/**
 * POST users/me/two-factors/setup: confirms TOTP (with the pending key) or the e-mail with a
 * code; two-factor is then on, the user and a fresh verification token are stored, and the new
 * recovery codes are returned (to be shown once).
 */
export async function confirmAccountTwoFactor(input: { method: TwoFactorMethod; code: string; totpKey?: string }): Promise<string[]> {
  try {
    const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myTwoFactorSetup, {
      method: 'POST',
      body: {
        method: input.method,
        verificationCode: stripCode(input.code),
        ...(input.method === 'TOTP' ? { totpKey: input.totpKey ?? '' } : {}),
        ...liveVerificationToken(),
      },
      silent: true,
    });
    const parsed = z.safeParse(accountSetupResponse, body);
    if (!parsed.success) throw new ApiError({ status: 400, message: t('auth.verificationFailed') });
    setLoggedUser(parsed.data.user);
    storeVerificationToken(parsed.data.verificationToken);
    setField('twoFactorIsSetupRequired', false);
    return parsed.data.recoveryCodes;
  } catch (error) {
    const e = verificationError(error);
    showError(e, VERIFY_NOTICE_ID, {});
    throw e;
  }
}

/** POST users/me/two-factors/recovery-codes → a new set (the previous one stops working). */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myRecoveryCodes, { method: 'POST', body: { ...liveVerificationToken() } });
  const parsed = z.safeParse(recoveryCodesAnswer, body);
  if (!parsed.success) throw new ApiError({ status: 400, message: statusText(400) });
  return parsed.data.recoveryCodes;
}

/** GET users/me/two-factors/recovery-codes → how many unused codes are left. */
export async function loadRecoveryCodesStatus(): Promise<RecoveryCodesStatus> {
  const body = await request<unknown>(IDENTITY_API, IDENTITY_PATHS.myRecoveryCodes, { silent: true });
  const parsed = z.safeParse(recoveryCodesStatus, body);
  if (!parsed.success) throw new ApiError({ status: 400, message: statusText(400) });
  return parsed.data;
}
