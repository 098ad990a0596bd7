/**
 * Two instances starting at once on a new PostgreSQL database (issue 9): one migrates and seeds
 * under the advisory lock, the other waits and then finds nothing to do (db/startup.ts).
 * PostgreSQL only (a PGlite directory belongs to one process).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../server/auth/passwords.js';
import { postgresDatabase } from '../../server/db/connect.js';
import { migrations } from '../../server/db/migrations/index.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { grantJobsAtStart, JOBS_LOCK_KEY, prepareDatabase } from '../../server/db/startup.js';
import { emptyPostgresDatabase } from './fixture.js';

describe.skipIf(!process.env.DATABASE_URL)('start-up of two instances at once [postgres]', () => {
  it('migrates and seeds once: the second instance waits, then has nothing left to do', async () => {
    const database = await emptyPostgresDatabase();
    const first = postgresDatabase(database.url, 2);
    const second = postgresDatabase(database.url, 2);
    try {
      const hasher = createPasswordHasher();
      const results = await Promise.all([prepareDatabase(first, { seed: true, hasher }), prepareDatabase(second, { seed: true, hasher })]);
      const all = Object.keys(migrations).sort();
      const migrated = results.filter((r) => r.migrations.length > 0);
      expect(migrated).toHaveLength(1);
      expect(migrated[0].migrations).toEqual(all);
      expect(results.filter((r) => r.migrations.length === 0)).toHaveLength(1);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);

      const applied = await first.db.selectFrom('kysely_migration' as any).select('name').execute();
      expect(applied.map((r) => r.name).sort()).toEqual(all);
      const orgs = await first.db.selectFrom('organizations').select('id').where('id', '=', DEMO_ORG_ID).execute();
      expect(orgs).toHaveLength(1);
      // A third start later: nothing to do either.
      expect(await prepareDatabase(second, { seed: true, hasher })).toEqual({ migrations: [], seeded: false });
    } finally {
      await first.close();
      await second.close();
      await database.dispose();
    }
  }, 180_000);

  it("a start's job-queue grants wait while another instance sets the queue up (a GRANT racing its partitions failed that start)", async () => {
    const database = await emptyPostgresDatabase();
    const handle = postgresDatabase(database.url, 2);
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1::bigint)', [JOBS_LOCK_KEY.toString()]);
      let done = false;
      const granting = grantJobsAtStart(handle).then((granted) => {
        done = true;
        return granted;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(done).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1::bigint)', [JOBS_LOCK_KEY.toString()]);
      // No queue tables on a new database: nothing to grant yet.
      expect(await granting).toBe(false);
    } finally {
      await other.end();
      await handle.close();
      await database.dispose();
    }
  }, 60_000);
});
