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

  it('serves a page of a plentiful search in sort order, whether its matches open the order or come after', async () => {
    // Expected pages straight from the database, in the list's default order (code, then id).
    const expected = async (pattern: string, desc: boolean, limit: number, offset: number) =>
      (await sql<{ code: string }>`SELECT code FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} AND rt_sort_key(name) ILIKE ${pattern}
        ORDER BY rt_sort_key(code) ${sql.raw(desc ? 'DESC' : 'ASC')} NULLS LAST, id ASC LIMIT ${limit} OFFSET ${offset}`.execute(env.db)).rows.map((r) => r.code);
    const codes = async (url: string) => (await call(env, 'GET', url, { session: admin })).body.map((r: { code: string }) => r.code);
    // Matches open the order: the page comes from its head.
    expect(await codes(`${CENTRES}?q=massa&perPage=25&page=3`)).toEqual(await expected('%massa%', false, 25, 50));
    expect(await codes(`${CENTRES}?q=massa&perPage=25&sort=-code`)).toEqual(await expected('%massa%', true, 25, 0));
    // Matches come after 3,000 others in the order ("0…" codes sort first): found all the same.
    await sql`INSERT INTO cost_centers (id, org_id, code, name, is_active)
      SELECT 'antes-' || i, ${DEMO_ORG_ID}, '0' || lpad(i::text, 6, '0'), 'Outro centro ' || i, true FROM generate_series(1, 3000) AS i`.execute(env.db);
    expect(await codes(`${CENTRES}?q=massa&perPage=25`)).toEqual(await expected('%massa%', false, 25, 0));
    expect(await codes(`${CENTRES}?q=massa&perPage=25`)).toHaveLength(25);
    await sql`DELETE FROM cost_centers WHERE id LIKE 'antes-%'`.execute(env.db);
  });

  it('counts exactly under the cap', async () => {
    const rare = await call(env, 'GET', `${CENTRES}?q=raro&perPage=4`, { session: admin });
    expect(rare.headers['x-total-count']).toBe('10');
    expect(rare.headers['x-total-count-over']).toBeUndefined();
    expect(rels(rare.headers.link)).toEqual(['first=1', 'next=2', 'last=3']);
  });
});
