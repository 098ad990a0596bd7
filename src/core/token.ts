/**
 * Token helpers (spec §4). Tokens are decoded, never verified, in the browser: the server
 * verifies every call; the client only decides whether a token is worth sending.
 */

export interface JwtPayload {
  exp?: number;
  iat?: number;
  sub?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Payload of a JWT (base64url, no signature check); null for anything that is not one. */
export function decodeJwt(token: string | null | undefined): JwtPayload | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const json = base64UrlDecode(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as JwtPayload) : null;
  } catch {
    return null;
  }
}

/** `exp` of a JWT in ms since the epoch, or null. */
export function jwtExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** ms epoch from a ms number, a numeric string or an ISO date; null when unreadable. */
export function toEpochMs(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

export interface AccessTokenFields {
  accessToken: string | null;
  projectId: string | null;
}

export interface VerificationTokenFields {
  verificationToken: string | null;
  verificationTokenExpireAt: number | string | null;
}

/**
 * Spec §4: valid when the stored project id equals the config's `useProjectId`, the token
 * decodes and its `exp` is in the future.
 */
export function isAccessTokenValid(
  session: AccessTokenFields,
  config: { useProjectId: string } | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!session.accessToken || !config) return false;
  if (session.projectId !== config.useProjectId) return false;
  const expiresAt = jwtExpiresAt(session.accessToken);
  return expiresAt !== null && expiresAt > now;
}

/** Spec §4: a verification token is valid only while its expiry is in the future. */
export function isVerificationTokenValid(session: VerificationTokenFields, now: number = Date.now()): boolean {
  if (!session.verificationToken) return false;
  const expiresAt = toEpochMs(session.verificationTokenExpireAt);
  return expiresAt !== null && expiresAt > now;
}
