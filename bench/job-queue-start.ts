/**
 * Two instances starting the job queue at once on a fresh PostgreSQL database (pg-boss's schema,
 * queues and grants created by whichever comes first): ROUNDS fresh databases, two queues
 * started side by side on each; prints the failures (0 expected: the set-up runs under
 * JOBS_LOCK_KEY) and the time of each start. `UNLOCKED=1` leaves the lock out (before: 4
 * rounds in 6 failed with "deadlock detected"). Needs DATABASE_URL.
 */
import pg from 'pg';
import { postgresDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { JOBS_LOCK_KEY, withAdvisoryLock } from '../server/db/startup';
import { JobQueue } from '../server/jobs/queue';

const ROUNDS = 6;
const url = process.env.DATABASE_URL;
if (!url) {
  console.log('job-queue-start: skipped (needs DATABASE_URL: PGlite has one process per data directory)');
  process.exit(0);
}
const errors: string[] = [];
const log = { info() {}, warn() {}, debug() {}, trace() {}, fatal() {}, error: (o: { err?: unknown }) => errors.push(String(o?.err)), child: () => log, level: 'info', silent() {} } as never;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
let failures = 0;
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const name = `rt_jobs_start_${round}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const setup = postgresDatabase(dbUrl.toString(), 2);
  await migrateToLatest(setup.db);
  await setup.close();
  const handles = [postgresDatabase(dbUrl.toString(), 3), postgresDatabase(dbUrl.toString(), 3)];
  const queues = handles.map((handle) => {
    const queue = new JobQueue(handle.executeSql, log, { maintenanceSeconds: 30, pollingSeconds: 2 }, 'postgres', process.env.UNLOCKED ? undefined : (work) => withAdvisoryLock(handle, JOBS_LOCK_KEY, work));
    queue.register({ name: 'import-step', expireInSeconds: 120, retryLimit: 20, retryDelaySeconds: 5, run: async () => undefined });
    return queue;
  });
  const results = await Promise.allSettled(
    queues.map(async (queue) => {
      const t = performance.now();
      await queue.start();
      times.push(performance.now() - t);
    }),
  );
  for (const result of results) if (result.status === 'rejected') (failures++, console.log(`round ${round}: ${String(result.reason)}`));
  await Promise.all(queues.map((queue) => queue.stop()));
  await Promise.all(handles.map((handle) => handle.close()));
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
}
await admin.end();
times.sort((a, b) => a - b);
console.log(`job queue start, two instances at once on a fresh database: ${failures} failed of ${ROUNDS * 2}; start ${times.length ? `${times[0].toFixed(0)}–${times[times.length - 1].toFixed(0)} ms` : 'n/a'}; queue errors logged: ${errors.length}`);
