/**
 * Lists stop counting past COUNT_CAP matches: no X-Total-Count and no `last` link, but
 * `X-Total-Count-Over` and `next` while pages are full; under the cap the count stays exact.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/contracts/resource.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';

const CENTRES = '/api/finance/cost-centers';

const rels = (link: unknown) => [...String(link ?? '').matchAll(/page=(\d+)[^>]*>; rel="(\w+)"/g)].map(([, page, rel]) => `${rel}=${page}`);

describe.each(databaseKinds())('list counts [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    await sql`INSERT INTO cost_centers (id, org_id, code, name, is_active)
      SELECT 'massa-' || i, ${DEMO_ORG_ID}, 'M' || lpad(i::text, 6, '0'), 'Centro em massa ' || i || CASE WHEN i % 1000 = 0 THEN ' raro' ELSE '' END, true
      FROM generate_series(1, ${COUNT_CAP + 50}::int) AS i`.execute(env.db);
  });

  it('stops counting past the cap: no total and no last page, "over" and next pages instead', async () => {
    const first = await call(env, 'GET', `${CENTRES}?q=massa&perPage=25`, { session: admin });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(25);
    expect(first.headers['x-total-count']).toBeUndefined();
    expect(first.headers['x-total-count-over']).toBe(String(COUNT_CAP));
    expect(rels(first.headers.link)).toEqual(['first=1', 'next=2']);
    const deep = await call(env, 'GET', `${CENTRES}?q=massa&perPage=100&page=101`, { session: admin });
    expect(deep.body).toHaveLength(50);
    expect(rels(deep.headers.link)).toEqual(['first=1', 'prev=100']);
  });

  it('counts exactly under the cap', async () => {
    const rare = await call(env, 'GET', `${CENTRES}?q=raro&perPage=4`, { session: admin });
    expect(rare.headers['x-total-count']).toBe('10');
    expect(rare.headers['x-total-count-over']).toBeUndefined();
    expect(rels(rare.headers.link)).toEqual(['first=1', 'next=2', 'last=3']);
  });
});
