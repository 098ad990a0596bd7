/**
 * "Ends when the browser closes" for a session without "Lembrar de mim" (issue 27 §2). The
 * session lives in localStorage, shared by every tab and tag of the origin (a record opened in a
 * new tab stays signed in), so the browser's closing is told apart by two marks:
 * - each tab that uses the session keeps its id in sessionStorage (a reload keeps it);
 * - while one lives, its tabs write the time into localStorage every 20 s and when a page goes away.
 * A page that finds a stored non-remembered session, without its own mark, whose last sign of
 * life is older than BROWSER_CLOSED_AFTER_MS, takes the browser as closed since: the session is
 * dropped (sessionLife.ts), and retaguarda.js sends no early request with it (firstPageEarly.ts).
 * Read raw (no jotai), so retaguarda.js's first lines can ask too.
 */
import { SESSION_STORAGE_PREFIX } from './sessionKeys';
import { decodeJwt } from './token';

/** localStorage: when a tab last used a non-remembered session (ms epoch). */
export const BROWSER_SESSION_SEEN_KEY = `${SESSION_STORAGE_PREFIX}session.seenAt`;
/** sessionStorage: the id of the session this tab uses. */
export const BROWSER_SESSION_TAB_KEY = `${SESSION_STORAGE_PREFIX}session.tab`;
/**
 * No sign of life for this long: every tab has gone. Hidden tabs' timers may run only once a
 * minute (Chrome's intensive throttling), hence two minutes, not the 20 s interval.
 */
export const BROWSER_CLOSED_AFTER_MS = 2 * 60_000;

interface StoredFields {
  accessToken?: unknown;
  tokenType?: unknown;
  rememberMe?: unknown;
}

function read(storage: Storage, field: string): unknown {
  try {
    return JSON.parse(storage.getItem(`${SESSION_STORAGE_PREFIX}${field}`) ?? 'null');
  } catch {
    return null;
  }
}

export function markBrowserSessionSeen(now = Date.now()): void {
  try {
    window.localStorage.setItem(BROWSER_SESSION_SEEN_KEY, String(now));
  } catch {
    // No localStorage: no stored session either.
  }
}

/** The session is gone (logout, a failed login): its sign of life too. */
export function forgetBrowserSessionSeen(): void {
  try {
    window.localStorage.removeItem(BROWSER_SESSION_SEEN_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * Whether the stored session is a non-remembered one that a closed browser left behind.
 * `fields` defaults to what `local` holds.
 */
export function browserWasClosed(local: Storage | undefined, tab: Storage | undefined, fields?: StoredFields, now = Date.now()): boolean {
  if (!local) return false;
  const accessToken = fields ? fields.accessToken : read(local, 'accessToken');
  const tokenType = fields ? fields.tokenType : read(local, 'tokenType');
  const rememberMe = fields ? fields.rememberMe : read(local, 'rememberMe');
  if (typeof accessToken !== 'string' || !accessToken || tokenType !== 'Authorization' || rememberMe === true) return false;
  const sid = decodeJwt(accessToken)?.sid;
  try {
    if (tab && typeof sid === 'string' && tab.getItem(BROWSER_SESSION_TAB_KEY) === sid) return false;
  } catch {
    // An unreadable sessionStorage is no mark.
  }
  // No mark at all: a session stored before these marks existed (or by another script) — kept.
  const seen = Number(local.getItem(BROWSER_SESSION_SEEN_KEY) ?? 0);
  return seen > 0 && now - seen >= BROWSER_CLOSED_AFTER_MS;
}
