/**
 * Identity API contract (spec §3, §7): request and response shapes shared by the
 * browser client and the server. zod/mini keeps the browser bundle small; the server's
 * fastify-type-provider-zod accepts these schemas as they are (zod core types).
 *
 * Base path of the family: `/v1/identity` (see app.config.json → apis.identity.baseURL).
 */
import * as z from 'zod/mini';
import { ACCESS_LEVELS, GRANT_TYPES, TWO_FACTOR_METHODS } from './identityNames';
import { twoFactorMethod, verificationTokenInfo } from './authResponse';

// Names without a schema (what every element's core needs), and the login's answer: their own
// modules, so the browser's core builds no schema it does not parse (issue 9).
export * from './identityNames';
export * from './authResponse';

export const grantType = z.enum(GRANT_TYPES);
export type GrantType = z.infer<typeof grantType>;

/** Secrets are bounded before any hashing (SECURITY: input over 1 KiB refused). */
export const SECRET_MAX_BYTES = 1024;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const login = z.string().check(z.trim(), z.minLength(1), z.maxLength(254));
const secret = z.string().check(z.minLength(1, 'Informe a senha.'), z.maxLength(SECRET_MAX_BYTES));
/** Codes: whitespace stripped (spec §5), then exactly 6 digits. */
export const verificationCode = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform((v: string) => v.replace(/\s+/g, '')),
).check(z.regex(/^\d{6}$/, 'O código deve ter 6 dígitos.'));

// ---- POST auth ----
export const authRequest = z.strictObject({
  login: z.optional(login),
  secret,
  grantType: z._default(grantType, 'Password'),
  /** Longer refresh-token lifetime when set (the client's "Lembrar de mim"). */
  rememberMe: z.optional(z.boolean()),
});
export type AuthRequest = z.input<typeof authRequest>;

// ---- Two-factor, second step (PreAuthorization token) ----
/** GET auth/two-factors/setup → a fresh TOTP key for this PreAuthorization session. */
export const totpSetupInfo = z.object({
  totpKey: z.string(),
  otpauthUrl: z.string(),
  /** data: URL of the QR code image (PNG). */
  qrCode: z.string(),
});
export type TotpSetupInfo = z.infer<typeof totpSetupInfo>;

export const twoFactorSetupRequest = z.strictObject({ totpKey: z.string().check(z.maxLength(128)), verificationCode });
/**
 * One-time recovery codes (issued in Minha conta, 10 at a time): 10 characters of Crockford's
 * base 32, shown as `XXXXX-XXXXX`. Case, spaces and hyphens do not matter; O reads as 0, I and L as 1.
 */
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;
export const normaliseRecoveryCode = (value: string): string =>
  value.toUpperCase().replace(/[\s-]+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
export const recoveryCode = z.pipe(
  z.string().check(z.maxLength(64)),
  z.transform(normaliseRecoveryCode),
).check(z.regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, 'O código de recuperação tem 10 letras e números.'));
/** What the second step (and the account verification) accepts: a method's code or a recovery code. */
export const SECOND_STEP_METHODS = [...TWO_FACTOR_METHODS, 'RecoveryCode'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];
export const twoFactorVerifyRequest = z.discriminatedUnion('method', [
  z.strictObject({ method: twoFactorMethod, verificationCode }),
  z.strictObject({ method: z.literal('RecoveryCode'), verificationCode: recoveryCode }),
]);
/** POST auth/two-factors/send-code and users/me/two-factors/send-code: e-mails a 6-digit code. */
export const sendCodeRequest = z.strictObject({ method: z.literal('Email') });

// ---- users/me ----
export const twoFactorsSettings = z.object({
  isMandatory: z.boolean(),
  isEnabledByUser: z.boolean(),
  allowedMethods: z.array(twoFactorMethod),
  /** Methods the user has set up (TOTP bound, Email confirmed). */
  boundMethods: z.array(twoFactorMethod),
});
export const loggedUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  accessLevel: z.enum(ACCESS_LEVELS),
  organization: z.object({ id: z.string(), name: z.string() }),
  twoFactorsSettings,
});
export type LoggedUser = z.infer<typeof loggedUser>;

export const updateMeRequest = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(2, 'Informe o nome.'), z.maxLength(120)),
});

export const scopeEntry = z.object({ name: z.string(), scopes: z.array(z.string()) });
export const effectivePermission = z.object({
  resources: z.array(scopeEntry),
  acls: z.array(scopeEntry),
});
export const effectivePermissions = z.array(effectivePermission);
export type EffectivePermission = z.infer<typeof effectivePermission>;

export const meVerifyResponse = verificationTokenInfo;
export const unbindRequest = z.strictObject({ verificationToken: z.string().check(z.maxLength(4096)) });
export const securityRequest = z.strictObject({
  isTwoFactorEnabled: z.boolean(),
  verificationToken: z.optional(z.string().check(z.maxLength(4096))),
});
// ---- users/me: two-factor set up from the account (Minha conta) ----
const optionalVerificationToken = z.optional(z.string().check(z.maxLength(4096)));
/** POST users/me/two-factors/totp-key → a fresh pending TOTP key (totpSetupInfo). */
export const accountTotpKeyRequest = z.strictObject({ verificationToken: optionalVerificationToken });
/**
 * POST users/me/two-factors/setup: confirms a method with a code, binds it, switches two-factor on
 * and issues a new set of recovery codes (shown once).
 */
export const accountSetupRequest = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('TOTP'), totpKey: z.string().check(z.maxLength(128)), verificationCode, verificationToken: optionalVerificationToken }),
  z.strictObject({ method: z.literal('Email'), verificationCode, verificationToken: optionalVerificationToken }),
]);
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const accountSetupResponse = z.object({
  user: loggedUser,
  recoveryCodes: z.array(z.string()),
  verificationToken: verificationTokenInfo,
});
export type AccountSetupResponse = z.infer<typeof accountSetupResponse>;
/** POST users/me/two-factors/recovery-codes → a new set (the old one stops working). */
export const recoveryCodesRequest = z.strictObject({ verificationToken: optionalVerificationToken });
/** GET users/me/two-factors/recovery-codes → how many unused codes are left. */
export const recoveryCodesStatus = z.object({ remaining: z.number(), total: z.number(), createdAt: z.nullable(z.string()) });
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatus>;

/** PUT users/me/password */
export const changePasswordRequest = z.strictObject({
  currentSecret: z.string().check(z.minLength(1, 'Informe a senha atual.'), z.maxLength(SECRET_MAX_BYTES)),
  newSecret: z.string().check(
    z.minLength(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`),
    z.maxLength(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`),
  ),
  verificationToken: z.optional(z.string().check(z.maxLength(4096))),
});

// ---- Password recovery (public) ----
/** POST auth/password-recovery → always 202 with the same body. */
export const passwordRecoveryRequest = z.strictObject({ login });
/** POST auth/password-recovery/reset → 204. */
export const passwordResetRequest = z.strictObject({
  token: z.string().check(z.minLength(16), z.maxLength(256)),
  newSecret: z.string().check(
    z.minLength(PASSWORD_MIN, `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`),
    z.maxLength(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`),
  ),
});

// ---- Errors (every 4xx/5xx body) ----
export const errorBody = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  detail: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBody>;
