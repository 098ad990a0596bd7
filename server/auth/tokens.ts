/**
 * JWTs (HS256 only, key derived from APP_SECRET). Each token says what it is in `typ`:
 * - `access`           Authorization token, ~15 min (never past its session's idle expiry), claims sub, org, sid, jti;
 * - `PreAuthorization` second step pending, ~10 min, single use, opens only the second-step calls;
 * - `verification`     proof of a fresh second factor, 5 min, bound to user and session.
 * Refresh tokens are opaque random strings (see ../identity/sessions.ts), never JWTs.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type JwtType = 'access' | 'PreAuthorization' | 'verification';
export interface TokenClaims {
  typ: JwtType;
  sub: string;
  org: string;
  /** Session id (access, verification) or the pre-session id (PreAuthorization). */
  sid: string;
  jti: string;
  iat: number;
  exp: number;
  /** PreAuthorization only: the login asked for "Lembrar de mim". */
  rm?: boolean;
}

export const TOKEN_TTL_SECONDS = { access: 15 * 60, PreAuthorization: 10 * 60, verification: 5 * 60 } as const;
const ISSUER = 'retaguarda';
/** Tokens whose signature was checked, kept for the next requests of the same caller. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /**
   * The HMAC key imported once: handed raw bytes, jose imports them again on every call, which
   * doubled the cost of verifying the token of every request (~185 µs → ~100 µs).
   */
  private readonly key: Promise<CryptoKey>;
  /**
   * Claims of tokens whose signature and shape were checked (by the whole token string). WebCrypto's
   * HMAC verify costs ~0.4 ms of the event loop per request under load (bench/list-endpoint.ts
   * profile), and a caller sends the same token for up to 15 minutes. Expiry and type are still
   * checked on every call; revocation lives in the session lookup, not here.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    rawKey: Uint8Array,
    private readonly clock: () => Date,
  ) {
    this.key = webcrypto.subtle.importKey('raw', rawKey, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /**
   * `ttlSeconds` replaces the type's lifetime (the test-only session knob); `notAfter` caps the
   * expiry (an access token never outlives the idle expiry of its session).
   */
  async sign(
    claims: { typ: JwtType; sub: string; org: string; sid: string; rm?: boolean },
    limits: { ttlSeconds?: number; notAfter?: Date } = {},
  ): Promise<{ token: string; expiresAt: Date; jti: string }> {
    const iat = Math.floor(this.clock().getTime() / 1000);
    let exp = iat + (limits.ttlSeconds ?? TOKEN_TTL_SECONDS[claims.typ]);
    if (limits.notAfter) exp = Math.max(iat + 1, Math.min(exp, Math.floor(limits.notAfter.getTime() / 1000)));
    const jti = randomUUID();
    const payload: Record<string, unknown> = { typ: claims.typ, org: claims.org, sid: claims.sid };
    if (claims.rm !== undefined) payload.rm = claims.rm;
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(claims.sub)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, expiresAt: new Date(exp * 1000), jti };
  }

  /** Verifies signature (HS256 pinned), expiry against the injected clock, and the type. */
  async verify(token: string, allowed: readonly JwtType[]): Promise<TokenClaims | null> {
    if (!token || token.length > 4096) return null;
    const known = this.verified.get(token);
    if (known) return known.exp > Math.floor(this.clock().getTime() / 1000) && allowed.includes(known.typ) ? known : null;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: this.clock(),
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      });
      const typ = payload.typ as JwtType;
      if (!allowed.includes(typ)) return null;
      if (typeof payload.org !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = payload as unknown as TokenClaims;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
