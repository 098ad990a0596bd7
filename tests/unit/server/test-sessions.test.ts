/** The test-only session knob (server/identity/test-sessions.ts) and the access token's cap. */
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../../server/auth/tokens';
import { testSessionsFrom } from '../../../server/identity/test-sessions';

describe('testSessionsFrom', () => {
  const env = { TEST_SESSION_LOGINS: ' Sessoes@Demo.com.br ,outra@demo.com.br', TEST_ACCESS_TOKEN_SECONDS: '20', TEST_IDLE_TIMEOUT_SECONDS: '75' };

  it('names the logins (normalised) and their lifetimes outside production', () => {
    expect(testSessionsFrom(env, () => undefined)).toEqual({ testSessions: { logins: ['sessoes@demo.com.br', 'outra@demo.com.br'], accessSeconds: 20, idleSeconds: 75 } });
    expect(testSessionsFrom({}, () => undefined)).toEqual({});
  });

  it('is ignored in production, with a warning', () => {
    const warnings: string[] = [];
    expect(testSessionsFrom({ ...env, NODE_ENV: 'production' }, (line) => warnings.push(line))).toEqual({});
    expect(warnings).toEqual(['TEST_SESSION_LOGINS ignorada em produção / TEST_SESSION_LOGINS ignored in production']);
  });
});

describe('TokenService.sign limits', () => {
  it('caps the expiry at `notAfter` and takes `ttlSeconds` instead of the type’s lifetime', async () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const tokens = new TokenService(new TextEncoder().encode('k'.repeat(32)), () => new Date(now));
    const capped = await tokens.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' }, { notAfter: new Date(now + 5 * 60_000) });
    expect(capped.expiresAt.getTime()).toBe(now + 5 * 60_000);
    const short = await tokens.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' }, { ttlSeconds: 20 });
    expect(short.expiresAt.getTime()).toBe(now + 20_000);
    const plain = await tokens.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' }, { notAfter: new Date(now + 3600_000) });
    expect(plain.expiresAt.getTime()).toBe(now + 15 * 60_000);
  });
});
