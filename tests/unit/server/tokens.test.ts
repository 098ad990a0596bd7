/** Access tokens: a token verified once is answered from memory, and still expires and keeps its type. */
import { describe, expect, it } from 'vitest';
import { TOKEN_TTL_SECONDS, TokenService } from '../../../server/auth/tokens';

function service(start = Date.UTC(2026, 10, 24, 12)) {
  let now = start;
  const tokens = new TokenService(new TextEncoder().encode('k'.repeat(32)), () => new Date(now));
  return { tokens, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('TokenService.verify', () => {
  it('accepts the same token again, and refuses it once expired', async () => {
    const { tokens, advance } = service();
    const { token } = await tokens.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' });
    expect(await tokens.verify(token, ['access'])).toMatchObject({ sub: 'u1', org: 'o1', sid: 's1', typ: 'access' });
    advance(TOKEN_TTL_SECONDS.access - 1);
    expect(await tokens.verify(token, ['access'])).toMatchObject({ sub: 'u1' });
    advance(1);
    expect(await tokens.verify(token, ['access'])).toBeNull();
  });

  it('keeps refusing a type the call does not allow after the token was verified', async () => {
    const { tokens } = service();
    const { token } = await tokens.sign({ typ: 'PreAuthorization', sub: 'u1', org: 'o1', sid: 'p1' });
    expect(await tokens.verify(token, ['PreAuthorization'])).not.toBeNull();
    expect(await tokens.verify(token, ['access'])).toBeNull();
  });

  it('refuses a token whose signature or payload was changed, even after the original was verified', async () => {
    const { tokens } = service();
    const { token } = await tokens.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' });
    await tokens.verify(token, ['access']);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged.sub = 'u2';
    expect(await tokens.verify(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`, ['access'])).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await tokens.verify(`${header}.${payload}.${flipped}`, ['access'])).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    const { tokens } = service();
    const other = new TokenService(new TextEncoder().encode('x'.repeat(32)), () => new Date(Date.UTC(2026, 10, 24, 12)));
    const { token } = await other.sign({ typ: 'access', sub: 'u1', org: 'o1', sid: 's1' });
    expect(await other.verify(token, ['access'])).not.toBeNull();
    expect(await tokens.verify(token, ['access'])).toBeNull();
  });
});
