import appConfigJson from '../../../app.config.json';
import { parseAppConfig, type AppConfig } from '../../../src/core/config';
import type { Session } from '../../../src/core/session';
import { SESSION_DEFAULTS } from '../../../src/core/session';
import type { LoggedUser } from '../../../src/contracts/identity';

const b64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT whose `exp` is `expSeconds` (epoch seconds). */
export function makeJwt(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

export const NOW = Date.UTC(2025, 5, 26, 12, 0, 0);
export const FUTURE_JWT = makeJwt({ sub: 'u1', exp: Math.floor(NOW / 1000) + 3600 });
export const PAST_JWT = makeJwt({ sub: 'u1', exp: Math.floor(NOW / 1000) - 60 });

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...parseAppConfig(structuredClone(appConfigJson)), ...overrides };
}

export function makeUser(overrides: Partial<LoggedUser> = {}, twoFactor: Partial<LoggedUser['twoFactorsSettings']> = {}): LoggedUser {
  return {
    id: 'u1',
    email: 'ana@example.com',
    name: 'Ana',
    accessLevel: 'User',
    organization: { id: 'o1', name: 'Org' },
    twoFactorsSettings: { isMandatory: false, isEnabledByUser: false, allowedMethods: ['Email', 'TOTP'], boundMethods: [], ...twoFactor },
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return { ...SESSION_DEFAULTS, ...overrides };
}

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}
