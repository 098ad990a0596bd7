/**
 * Names of the identity API (spec §3, §7) that carry no schema: token types, grant types,
 * two-factor methods, access levels, the family's paths and the XSRF cookie and header. Every
 * element's core imports these; the schemas stay in identity.ts (re-exported there).
 */
export const TOKEN_TYPES = ['Authorization', 'PreAuthorization'] as const;
export const GRANT_TYPES = ['Password', 'RefreshToken'] as const;
export const TWO_FACTOR_METHODS = ['Email', 'TOTP'] as const;
export const ACCESS_LEVELS = ['SystemOwner', 'Admin', 'User'] as const;

/** Paths of the identity family, relative to its base URL. */
export const IDENTITY_PATHS = {
  auth: 'auth',
  logout: 'auth/logout',
  twoFactorSetup: 'auth/two-factors/setup',
  twoFactorVerify: 'auth/two-factors/verify',
  twoFactorSendCode: 'auth/two-factors/send-code',
  passwordRecovery: 'auth/password-recovery',
  passwordReset: 'auth/password-recovery/reset',
  me: 'users/me',
  myPermissions: 'users/me/policies/effective-permissions',
  myTwoFactorVerify: 'users/me/two-factors/verify',
  myTwoFactorSendCode: 'users/me/two-factors/send-code',
  myTwoFactorUnbind: 'users/me/two-factors/unbind',
  mySecurity: 'users/me/security',
  myPassword: 'users/me/password',
  myTotpKey: 'users/me/two-factors/totp-key',
  myTwoFactorSetup: 'users/me/two-factors/setup',
  myRecoveryCodes: 'users/me/two-factors/recovery-codes',
} as const;

/** Cookie set by the server with the session-bound XSRF value; echoed in the header below. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
