/**
 * GET /v1/identity/style-guide, the style guide's gate (contracts/styleGuide.ts): served only when
 * the developer pages are on (main.ts: outside NODE_ENV=production) — otherwise no route, 404 for
 * everyone — and then only to `settings: read`.
 */
import { describe, expect, it } from 'vitest';
import { developerPagesOn } from '../../server/setup/deployment.js';
import { call, databaseKinds, loginSession, useTestEnv } from './fixture.js';

const GATE = '/v1/identity/style-guide';

describe('the developer pages follow NODE_ENV', () => {
  it('on outside production, off in production', () => {
    expect(developerPagesOn({})).toBe(true);
    expect(developerPagesOn({ NODE_ENV: 'development' })).toBe(true);
    expect(developerPagesOn({ NODE_ENV: 'production' })).toBe(false);
  });
});

describe.each(databaseKinds())('the style guide gate [%s]', (kind) => {
  const on = useTestEnv(kind, { settings: { developerPages: true } });
  const off = useTestEnv(kind);

  it('on: anonymous 401, without settings: read 403, an administrator 200', async () => {
    expect((await call(on, 'GET', GATE)).status).toBe(401);
    expect((await call(on, 'GET', GATE, { session: await loginSession(on, 'solicitante@demo.com.br') })).status).toBe(403);
    const admin = await call(on, 'GET', GATE, { session: await loginSession(on, 'admin@outra.com.br') });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ enabled: true });
  }, 60_000);

  it('off (production): no such route, for an administrator too', async () => {
    const answer = await call(off, 'GET', GATE, { session: await loginSession(off, 'admin@demo.com.br') });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toHaveProperty('enabled');
  }, 60_000);
});
