import appConfigJson from '../../../app.config.json';
import type { AppConfig } from '../../../src/core/config';
import { parseAppConfig } from '../../../src/core/configSchema';
import type { Session } from '../../../src/core/session';
import { SESSION_DEFAULTS } from '../../../src/core/session';
import type { LoggedUser } from '../../../src/contracts/identity';
import { FILE_CHUNK_BYTES, type StoredFile } from '../../../src/contracts/files';

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

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG-looking file of `size` bytes: the signature, then byte `i % 251` at offset i. */
export function pngFile(size: number, name = 'foto.png', type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i < PNG_SIGNATURE.length ? PNG_SIGNATURE[i] : i % 251;
  return new File([bytes], name, { type });
}

/** A stored file of 150,000 bytes (3 parts), still uploading unless `overrides` say otherwise. */
export function storedFile(overrides: Partial<StoredFile> = {}): StoredFile {
  return {
    id: 'f1',
    name: 'foto.png',
    contentType: 'image/png',
    size: 150_000,
    chunkSize: FILE_CHUNK_BYTES,
    chunks: 3,
    missing: [0, 1, 2],
    status: 'uploading',
    sha256: null,
    createdAt: '2025-06-26T12:00:00.000Z',
    ...overrides,
  };
}
