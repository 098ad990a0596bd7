import { describe, expect, it } from 'vitest';
import { decodeJwt, isAccessTokenValid, isVerificationTokenValid } from '../../../src/core/token';
import { FUTURE_JWT, NOW, PAST_JWT, makeJwt } from './helpers';

const config = { useProjectId: 'retaguarda-demo' };

describe('decodeJwt', () => {
  it('reads the base64url payload, UTF-8 included', () => {
    expect(decodeJwt(makeJwt({ sub: 'u1', name: 'João Ação', exp: 10 }))).toMatchObject({ sub: 'u1', name: 'João Ação', exp: 10 });
  });

  it('returns null on garbage', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('not json')}.y`, 'a.b.c.d', `x.${btoa('[1]')}.y`]) {
      expect(decodeJwt(bad)).toBeNull();
    }
    expect(decodeJwt(null)).toBeNull();
  });
});

describe('isAccessTokenValid (spec §4)', () => {
  it('valid: same project, decodes, exp in the future', () => {
    expect(isAccessTokenValid({ accessToken: FUTURE_JWT, projectId: 'retaguarda-demo' }, config, NOW)).toBe(true);
  });
  it('project id mismatch', () => {
    expect(isAccessTokenValid({ accessToken: FUTURE_JWT, projectId: 'outro' }, config, NOW)).toBe(false);
    expect(isAccessTokenValid({ accessToken: FUTURE_JWT, projectId: null }, config, NOW)).toBe(false);
  });
  it('expired', () => {
    expect(isAccessTokenValid({ accessToken: PAST_JWT, projectId: 'retaguarda-demo' }, config, NOW)).toBe(false);
  });
  it('garbage or no exp', () => {
    expect(isAccessTokenValid({ accessToken: 'garbage', projectId: 'retaguarda-demo' }, config, NOW)).toBe(false);
    expect(isAccessTokenValid({ accessToken: makeJwt({ sub: 'x' }), projectId: 'retaguarda-demo' }, config, NOW)).toBe(false);
  });
  it('no config loaded', () => {
    expect(isAccessTokenValid({ accessToken: FUTURE_JWT, projectId: 'retaguarda-demo' }, null, NOW)).toBe(false);
  });
});

describe('isVerificationTokenValid', () => {
  it('only while its expiry is in the future (ISO or ms)', () => {
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: new Date(NOW + 1000).toISOString() }, NOW)).toBe(true);
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: NOW + 1000 }, NOW)).toBe(true);
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: new Date(NOW - 1000).toISOString() }, NOW)).toBe(false);
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: null }, NOW)).toBe(false);
    expect(isVerificationTokenValid({ verificationToken: null, verificationTokenExpireAt: NOW + 1000 }, NOW)).toBe(false);
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: 'amanhã' }, NOW)).toBe(false);
  });
});
