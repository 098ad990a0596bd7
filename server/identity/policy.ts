/** Numbers of the identity rules (SECURITY.md "Decisions"). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * MINUTE;
/** Failures older than this no longer count towards the lock. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;

export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MS = 15 * MINUTE;
export const SECOND_FACTOR_WINDOW_MS = 15 * MINUTE;

export const EMAIL_CODE_TTL_MS = 10 * MINUTE;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_MS = 30_000;

export const RESET_TOKEN_TTL_MS = 30 * MINUTE;
/** Link of the password-definition e-mail sent to a user an administrator created. */
export const DEFINITION_TOKEN_TTL_MS = 24 * HOUR;
/** Link of the invitation of an organisation's first administrator (npm run setup). */
export const INVITATION_TOKEN_TTL_MS = 72 * HOUR;
/** At most one recovery e-mail per account in this interval (the answer stays the same). */
export const RESET_RESEND_MS = 60_000;

/**
 * Refresh-token family lifetimes: absolute (never extended by rotation) and idle. A standard
 * session's idle time-out is its organisation's setting (org_settings.session_idle_minutes,
 * default 30 min; identity/sessions.ts `lifetimeFor`), not a constant.
 */
export const SESSION_LIFETIME = {
  remember: { absoluteMs: 30 * DAY, idleMs: 7 * DAY },
  standard: { absoluteMs: 12 * HOUR },
} as const;

/**
 * Refresh-token reuse interval: a token spent less than this ago answers again with the pair its
 * rotation issued (two tabs refreshing at once); later, presenting it revokes the family.
 */
export const REFRESH_GRACE_MS = 30_000;

export const TOTP = { issuer: 'Retaguarda', period: 30, digits: 6, window: 1, secretBytes: 20 } as const;
