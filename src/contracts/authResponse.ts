/**
 * The answer of POST auth (login, refresh, second step): the one identity schema every element's
 * core parses. Re-exported by identity.ts with the rest of the family's contract.
 */
import * as z from 'zod/mini';
import { TOKEN_TYPES, TWO_FACTOR_METHODS } from './identityNames';

export const tokenType = z.enum(TOKEN_TYPES);
export const twoFactorMethod = z.enum(TWO_FACTOR_METHODS);
export type TokenType = z.infer<typeof tokenType>;
export type TwoFactorMethod = z.infer<typeof twoFactorMethod>;

export const verificationTokenInfo = z.object({
  verificationToken: z.string(),
  verificationTokenExpireAt: z.optional(z.string()),
  expireAt: z.optional(z.string()),
});
export type VerificationTokenInfo = z.infer<typeof verificationTokenInfo>;

export const authResponse = z.object({
  accessToken: z.string(),
  tokenType,
  /** Absent for PreAuthorization: the full session only exists after the second step. */
  refreshToken: z.optional(z.string()),
  /** When the session ends if unused (idle expiry, never past `sessionExpireAt`): the refresh token's end. */
  refreshTokenExpireAt: z.optional(z.string()),
  /** The session's absolute end, fixed at sign-in: no use extends it. */
  sessionExpireAt: z.optional(z.string()),
  /** How long the session lives unused (the organisation's idle time-out, or "Lembrar de mim"'s). */
  idleTimeoutSeconds: z.optional(z.number()),
  /** Recovery codes issued when the second factor was set up during this sign-in: shown once. */
  recoveryCodes: z.optional(z.array(z.string())),
  twoFactor: z.optional(
    z.object({
      isSetupRequired: z.boolean(),
      allowedMethods: z.array(twoFactorMethod),
      verificationToken: z.optional(verificationTokenInfo),
    }),
  ),
});
export type AuthResponse = z.infer<typeof authResponse>;

/** The answer as the schema reads it, or null when it is not one. */
export function parseAuthResponse(body: unknown): AuthResponse | null {
  if (!body || typeof body !== 'object') return null;
  const parsed = z.safeParse(authResponse, body);
  return parsed.success ? parsed.data : null;
}
