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
  refreshTokenExpireAt: z.optional(z.string()),
  twoFactor: z.optional(
    z.object({
      isSetupRequired: z.boolean(),
      allowedMethods: z.array(twoFactorMethod),
      verificationToken: z.optional(verificationTokenInfo),
    }),
  ),
});
export type AuthResponse = z.infer<typeof authResponse>;
