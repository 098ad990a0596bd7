import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyAuthResponse,
  getSession,
  reloadSessionFromStorage,
  resetAuthKeys,
  resetSession,
  sessionAtom,
  setField,
  setLoggedUser,
  setPermissions,
  storeVerificationToken,
} from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, NOW, makeUser } from './helpers';

const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
};

beforeEach(() => {
  resetSession();
  localStorage.clear();
});

describe('session persistence (spec §3)', () => {
  it('applyAuthResponse writes one bo.* key per field', () => {
    applyAuthResponse(
      {
        accessToken: FUTURE_JWT,
        tokenType: 'PreAuthorization',
        refreshToken: 'r1',
        refreshTokenExpireAt: '2025-07-26T12:00:00.000Z',
        twoFactor: {
          isSetupRequired: true,
          allowedMethods: ['TOTP'],
          verificationToken: { verificationToken: 'v1', expireAt: '2025-06-26T12:05:00.000Z' },
        },
      },
      { rememberMe: true, projectId: 'retaguarda-demo' },
    );
    expect(stored('bo.accessToken')).toBe(FUTURE_JWT);
    expect(stored('bo.tokenType')).toBe('PreAuthorization');
    expect(stored('bo.accessTokenExpireAt')).toBe(NOW + 3600_000);
    expect(stored('bo.refreshToken')).toBe('r1');
    expect(stored('bo.refreshTokenExpireAt')).toBe('2025-07-26T12:00:00.000Z');
    expect(stored('bo.twoFactorIsSetupRequired')).toBe(true);
    expect(stored('bo.twoFactorIsTotpAllowedMethod')).toBe(true);
    expect(stored('bo.twoFactorIsEmailAllowedMethod')).toBeNull();
    expect(stored('bo.verificationToken')).toBe('v1');
    expect(stored('bo.verificationTokenExpireAt')).toBe('2025-06-26T12:05:00.000Z');
    expect(stored('bo.rememberMe')).toBe(true);
    expect(stored('bo.projectId')).toBe('retaguarda-demo');
    expect(getSession()).toMatchObject({ accessToken: FUTURE_JWT, twoFactorIsEmailAllowedMethod: false });
  });

  it('verificationTokenExpireAt wins over expireAt', () => {
    storeVerificationToken({ verificationToken: 'v', verificationTokenExpireAt: 'A', expireAt: 'B' });
    expect(stored('bo.verificationTokenExpireAt')).toBe('A');
  });

  it('permissions derive policyEffectiveScopes', () => {
    setPermissions([
      { resources: [{ name: 'orders', scopes: ['read'] }], acls: [] },
      { resources: [{ name: 'orders', scopes: ['create', 'read'] }], acls: [{ name: 'agencia', scopes: ['read'] }] },
    ]);
    expect(stored('bo.policyEffectiveScopes')).toEqual({ orders: ['read', 'create'], agencia: ['read'] });
  });

  it('logout resets the auth keys only; a failed login resets everything', () => {
    applyAuthResponse({ accessToken: FUTURE_JWT, tokenType: 'Authorization', refreshToken: 'r' }, { rememberMe: true, projectId: 'p' });
    setLoggedUser(makeUser());
    setPermissions([]);
    setField('appParams', { tema: 'escuro' });
    setField('frontEndVersion', '0.1.0');
    resetAuthKeys();
    for (const key of ['bo.accessToken', 'bo.refreshToken', 'bo.loggedUser', 'bo.policyEffectivePermissions', 'bo.tokenType']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(stored('bo.rememberMe')).toBe(true);
    expect(stored('bo.appParams')).toEqual({ tema: 'escuro' });
    resetSession();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('bo.'))).toEqual([]);
  });

  it('reads what is in localStorage (another tab, a reload)', () => {
    localStorage.setItem('bo.accessToken', JSON.stringify('from-elsewhere'));
    localStorage.setItem('bo.rememberMe', 'true');
    reloadSessionFromStorage();
    expect(store.get(sessionAtom)).toMatchObject({ accessToken: 'from-elsewhere', rememberMe: true });
  });

  it('follows storage events from other tabs', () => {
    localStorage.setItem('bo.tokenType', JSON.stringify('Authorization'));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'bo.tokenType', newValue: JSON.stringify('Authorization'), storageArea: localStorage }),
    );
    expect(getSession().tokenType).toBe('Authorization');
  });

  it("follows a sign-out in another tab: a removed key is the field's default again, the others stay", () => {
    for (const [key, value] of [['bo.tokenType', 'Authorization'], ['bo.rememberMe', true]] as const) {
      localStorage.setItem(key, JSON.stringify(value));
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(value), storageArea: localStorage }));
    }
    localStorage.removeItem('bo.tokenType');
    window.dispatchEvent(new StorageEvent('storage', { key: 'bo.tokenType', newValue: null, storageArea: localStorage }));
    expect(getSession().tokenType).toBeNull();
    expect(getSession().rememberMe).toBe(true);
  });

  it('ignores storage events of another storage area', () => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'bo.tokenType', newValue: JSON.stringify('Authorization'), storageArea: sessionStorage }));
    expect(getSession().tokenType).toBeNull();
  });
});
