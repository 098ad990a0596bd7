/**
 * A session's life in the browser (issue 27 §2; docs/decisions.md "A session that lives while
 * people work"). The server ends a session that is not rotated within its idle time-out (the
 * organisation's, without "Lembrar de mim") and never after its absolute end; an access token
 * never outlives the idle expiry it came with. So here:
 * - use keeps it: a key, pointer or input event anywhere on the page (every element shares this
 *   module) rotates the refresh token once the last rotation is older than `rotationStep`, and any
 *   authenticated call renews an expired access token first (api.ts `beforeCall`);
 * - a minute before an unused session ends, a warning notice with "Continuar conectado" (or, at
 *   the absolute end, a warning that nothing can extend it);
 * - when it ends (here by the clock, or a call refused with `WWW-Authenticate: Bearer`): the
 *   spec's 401 notice ("Atualizar" / "Fazer login") in every element, the page left as it is
 *   (a lookup then says why it has no options); unsaved forms are also kept per tab
 *   (formDraft.ts) and come back after signing in again;
 * - without "Lembrar de mim" it ends with the browser (sessionClosed.ts).
 * Every tab reads the same stored session: a rotation in one tab moves the end in all of them.
 */
import { atom } from 'jotai/vanilla';
import { setSessionHooks } from './api';
import { t } from './i18n';
import { dismissNotice, notice401, notify } from './notices';
import { getSession, resetAuthKeys, sessionAtoms, type Session } from './session';
import { BROWSER_SESSION_TAB_KEY, browserWasClosed, markBrowserSessionSeen } from './sessionClosed';
import { store } from './store';
import { TIMEZONE } from './format/dates';
import { decodeJwt, jwtExpiresAt, toEpochMs } from './token';

export const SESSION_WARNING_NOTICE_ID = 'session-expiring';
/** The warning comes this long before an unused session ends. */
export const SESSION_WARNING_LEAD_MS = 60_000;
/** A stored access token this close to its end is renewed before a call. */
const RENEW_BEFORE_CALL_MS = 5_000;
/** Activity events are read at most this often. */
const ACTIVITY_THROTTLE_MS = 1_000;
/** While a non-remembered session lives, each tab says so this often (sessionClosed.ts). */
const SEEN_INTERVAL_MS = 20_000;
/** Timers longer than this are re-armed (setTimeout overflows past ~24.8 days). */
const MAX_TIMER_MS = 60 * 60_000;

/**
 * True while the page shows a session that has ended (its tokens are dead but not cleared, so the
 * page and its form stay): what a header can read to stop saying "Conectado como…".
 */
export const sessionEndedAtom = atom(false);

export interface SessionLifeDeps {
  refresh: () => Promise<void>;
}

let deps: SessionLifeDeps | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let seenTimer: ReturnType<typeof setInterval> | undefined;
let lastActivityCheck = 0;
/** The sid of the live session this page last saw (to tell a session that ended from none at all). */
let liveSid: string | null = null;
/** The page is signing out on purpose (logout): no 401 notice for it. */
let leaving = false;
/** The session whose end this page has announced (its stored tokens are dead, not cleared). */
let endedSid: string | null = null;

/** Now on the server's clock (the offset measured when the access token arrived). */
export function serverNow(session: Session = getSession()): number {
  return Date.now() + (session.clockOffsetMs ?? 0);
}

const sidOf = (session: Session): string | null => {
  const sid = decodeJwt(session.accessToken)?.sid;
  return typeof sid === 'string' ? sid : null;
};

/** A full session that can still be renewed: Authorization token, refresh token, its end (as the server said) ahead. */
function live(session: Session): boolean {
  if (session.tokenType !== 'Authorization' || !session.accessToken || !session.refreshToken) return false;
  const end = sessionEnd(session);
  return end !== null && end > serverNow(session);
}

/** When the session ends unused (server time), or null when the server did not say. */
export function sessionEnd(session: Session): number | null {
  return toEpochMs(session.refreshTokenExpireAt);
}

/** Whether a rotation can still move the end (it is the idle expiry, not the absolute one). */
function extendable(session: Session): boolean {
  const end = sessionEnd(session);
  const absolute = toEpochMs(session.sessionExpireAt);
  return end === null || absolute === null || absolute > end + 1000;
}

/**
 * How long after a rotation use rotates again: a tenth of the idle time-out (the session then ends
 * between 90% and 100% of it after the last use), at most half the access token's life, between
 * 5 s and 5 min.
 */
export function rotationStep(session: Session): number {
  const payload = decodeJwt(session.accessToken);
  const iat = typeof payload?.iat === 'number' ? payload.iat * 1000 : null;
  const exp = jwtExpiresAt(session.accessToken);
  const idleMs = session.idleTimeoutSeconds ? session.idleTimeoutSeconds * 1000 : 30 * 60_000;
  const accessMs = iat !== null && exp !== null ? exp - iat : 15 * 60_000;
  return Math.min(5 * 60_000, Math.max(5_000, Math.min(idleMs / 10, accessMs / 2)));
}

function lastRotation(session: Session): number {
  const iat = decodeJwt(session.accessToken)?.iat;
  return typeof iat === 'number' ? iat * 1000 : 0;
}

let renewing: Promise<void> | null = null;

/** Rotates now (one at a time); a refused rotation ends the session here. */
export function keepSessionAlive(): Promise<void> {
  if (!deps) return Promise.resolve();
  renewing ??= deps
    .refresh()
    .catch((error: unknown) => {
      const status = (error as { status?: unknown }).status;
      if (status === 401) endSession();
      // Anything else (offline, a server error): the next use tries again.
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** api.ts `beforeCall`: an expired (or about to expire) access token of a live session is renewed first. */
async function beforeCall(): Promise<void> {
  if (renewing) await renewing;
  const session = getSession();
  if (!live(session)) return;
  const exp = jwtExpiresAt(session.accessToken);
  if (exp !== null && exp - serverNow(session) > RENEW_BEFORE_CALL_MS) return;
  await keepSessionAlive();
}

function onActivity(): void {
  const now = Date.now();
  if (now - lastActivityCheck < ACTIVITY_THROTTLE_MS) return;
  lastActivityCheck = now;
  const session = getSession();
  if (!live(session)) return;
  if (serverNow(session) - lastRotation(session) >= rotationStep(session) && extendable(session)) void keepSessionAlive();
}

const timeFormat = () => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: TIMEZONE });

function warn(session: Session, end: number): void {
  // The end on this browser's clock, as the user reads it.
  const time = timeFormat().format(new Date(end - (session.clockOffsetMs ?? 0)));
  if (extendable(session)) {
    notify({
      id: SESSION_WARNING_NOTICE_ID,
      type: 'warning',
      message: t('session.expiring', { time }),
      autoDismiss: false,
      actionButton: { label: t('session.keep'), action: 'keep-session' },
    });
  } else {
    notify({
      id: SESSION_WARNING_NOTICE_ID,
      type: 'warning',
      message: t('session.expiringAbsolute', { time }),
      autoDismiss: false,
      dismissButton: { label: t('notice.button.understood'), action: 'dismiss' },
    });
  }
}

/**
 * The session is over (its end passed, or the server refused its token): the spec's 401 notice,
 * once per session. Nothing is cleared here: the page and its unsaved form stay as they are, and
 * the notice's "Fazer login" signs out and opens the small login window (the form goes on after
 * it), "Atualizar" reloads (the form comes back from formDraft.ts after signing in).
 */
export function endSession(): void {
  clearTimeout(timer);
  dismissNotice(SESSION_WARNING_NOTICE_ID);
  const sid = sidOf(getSession());
  if (sid !== null && endedSid === sid) return;
  endedSid = sid;
  liveSid = null;
  store.set(sessionEndedAtom, true);
  if (!leaving) notify(notice401());
}

/** Re-reads the stored session and sets the one timer: the warning, then the end. */
function arm(): void {
  clearTimeout(timer);
  const session = getSession();
  const sid = sidOf(session);
  if (session.tokenType !== 'Authorization' || !session.accessToken || !session.refreshToken) {
    // Signed out by another tab or element: a session this page was using ended.
    if (liveSid !== null && !leaving) {
      dismissNotice(SESSION_WARNING_NOTICE_ID);
      notify(notice401());
    }
    liveSid = null;
    store.set(sessionEndedAtom, false);
    stopSeen();
    return;
  }
  if (sid !== null && sid === endedSid) return;
  store.set(sessionEndedAtom, false);
  liveSid = sid;
  leaving = false;
  if (!session.rememberMe) startSeen(sid);
  else stopSeen();
  const end = sessionEnd(session);
  if (end === null) return;
  const now = serverNow(session);
  const warnAt = end - SESSION_WARNING_LEAD_MS;
  if (now >= end) {
    endSession();
    return;
  }
  if (now >= warnAt) warn(session, end);
  else dismissNotice(SESSION_WARNING_NOTICE_ID);
  const next = now < warnAt ? warnAt : end;
  timer = setTimeout(arm, Math.min(MAX_TIMER_MS, Math.max(0, next - now)));
}

function startSeen(sid: string | null): void {
  try {
    if (sid) window.sessionStorage.setItem(BROWSER_SESSION_TAB_KEY, sid);
  } catch {
    // No sessionStorage (a sandboxed frame): the session then ends by its idle time-out only.
  }
  markBrowserSessionSeen();
  seenTimer ??= setInterval(markBrowserSessionSeen, SEEN_INTERVAL_MS);
}

function stopSeen(): void {
  if (seenTimer !== undefined) clearInterval(seenTimer);
  seenTimer = undefined;
}

/** The page is going away (pagehide): its calls cut short were not refused. */
let pageLeft = false;

/** Whether the page is being left (a link, a reload, a closed tab); false again if it comes back from the back-forward cache. */
export const pageIsBeingLeft = (): boolean => pageLeft;

/** logout() is about to clear the session on purpose: no 401 notice for it. */
export function signingOut(): void {
  leaving = true;
}

let installed = false;

/** Starts the session's life on this page (once; auth.ts does it when it loads). */
export function installSessionLife(next: SessionLifeDeps): void {
  deps = next;
  if (installed || typeof window === 'undefined') return;
  installed = true;
  // A session without "Lembrar de mim" left by a browser that has been closed since: gone.
  if (browserWasClosed(window.localStorage, window.sessionStorage, getSession())) resetAuthKeys();
  // A session that ended while no page was open is the guard's to close (to /login), quietly.
  const stored = getSession();
  const end = sessionEnd(stored);
  if (end !== null && end <= serverNow(stored)) endedSid = sidOf(stored);
  setSessionHooks({ beforeCall, sessionEnded: () => endSession() });
  for (const field of ['accessToken', 'refreshToken', 'refreshTokenExpireAt', 'tokenType'] as const) store.sub(sessionAtoms[field], arm);
  for (const type of ['keydown', 'pointerdown', 'input', 'wheel', 'touchstart']) window.addEventListener(type, onActivity, { capture: true, passive: true });
  // Timers sleep in a hidden tab: look again when it shows.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') arm();
  });
  window.addEventListener('pagehide', () => {
    pageLeft = true;
    if (liveSid !== null && !getSession().rememberMe) markBrowserSessionSeen();
  });
  window.addEventListener('pageshow', () => {
    pageLeft = false;
  });
  arm();
}
