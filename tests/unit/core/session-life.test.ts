/**
 * The session's life in the browser (core/sessionLife.ts, core/sessionClosed.ts): how often use
 * rotates, and when a stored non-remembered session counts as left behind by a closed browser.
 */
import { describe, expect, it } from 'vitest';
import { BROWSER_CLOSED_AFTER_MS, BROWSER_SESSION_SEEN_KEY, BROWSER_SESSION_TAB_KEY, browserWasClosed } from '../../../src/core/sessionClosed';
import { rotationStep } from '../../../src/core/sessionLife';
import { SESSION_DEFAULTS, type Session } from '../../../src/core/session';
import { makeJwt } from './helpers';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const token = (lifeSeconds: number, sid = 's1') => makeJwt({ sub: 'u1', sid, iat: NOW / 1000, exp: NOW / 1000 + lifeSeconds });
const session = (fields: Partial<Session>): Session => ({ ...SESSION_DEFAULTS, tokenType: 'Authorization', ...fields });

function storage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('rotationStep', () => {
  it('is a tenth of the idle time-out, at most half the access token, between 5 s and 5 min', () => {
    expect(rotationStep(session({ accessToken: token(15 * 60), idleTimeoutSeconds: 30 * 60 }))).toBe(3 * 60_000);
    expect(rotationStep(session({ accessToken: token(20), idleTimeoutSeconds: 75 }))).toBe(7_500);
    expect(rotationStep(session({ accessToken: token(15 * 60), idleTimeoutSeconds: 7 * 24 * 3600 }))).toBe(5 * 60_000);
    expect(rotationStep(session({ accessToken: token(4), idleTimeoutSeconds: 10 }))).toBe(5_000);
  });
});

describe('browserWasClosed', () => {
  const stored = (fields: Record<string, unknown>, extra: Record<string, string> = {}) =>
    storage({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`bo.${k}`, JSON.stringify(v)])), ...extra });
  const fields = { accessToken: token(900), tokenType: 'Authorization', rememberMe: false };

  it('drops a non-remembered session nobody has used for 2 minutes, unless this tab had it (a reload)', () => {
    const stale = { [BROWSER_SESSION_SEEN_KEY]: String(NOW - BROWSER_CLOSED_AFTER_MS) };
    expect(browserWasClosed(stored(fields, stale), storage(), undefined, NOW)).toBe(true);
    expect(browserWasClosed(stored(fields, stale), storage({ [BROWSER_SESSION_TAB_KEY]: 's1' }), undefined, NOW)).toBe(false);
    expect(browserWasClosed(stored(fields, stale), storage({ [BROWSER_SESSION_TAB_KEY]: 'outra' }), undefined, NOW)).toBe(true);
  });

  it('keeps it while another tab lives, with "Lembrar de mim", and without any mark (a session from before the marks)', () => {
    const recent = { [BROWSER_SESSION_SEEN_KEY]: String(NOW - 30_000) };
    const stale = { [BROWSER_SESSION_SEEN_KEY]: String(NOW - 10 * 60_000) };
    expect(browserWasClosed(stored(fields, recent), storage(), undefined, NOW)).toBe(false);
    expect(browserWasClosed(stored({ ...fields, rememberMe: true }, stale), storage(), undefined, NOW)).toBe(false);
    expect(browserWasClosed(stored(fields), storage(), undefined, NOW)).toBe(false);
    expect(browserWasClosed(stored({ ...fields, tokenType: 'PreAuthorization' }, stale), storage(), undefined, NOW)).toBe(false);
  });
});
