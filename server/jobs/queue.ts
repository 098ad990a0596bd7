/**
 * The background-job queue: pg-boss (docs/decisions.md "Job queue") in this process, on the
 * same database as everything else — PGlite or PostgreSQL — through `executeSql` (the owner's
 * handle; pg-boss keeps its tables in the schema `pgboss` and migrates them itself at start,
 * under its own advisory lock).
 *
 * - Job kinds are declared as data (`JobKind`): a name, pg-boss's expiry and retries, and
 *   `run(data)`: ONE STEP of the work. A kind that has more to do enqueues its next step in the
 *   same transaction as the step's writes (`send(trx, …)`), so a step either happened together
 *   with its successor being queued, or not at all.
 * - Once: pg-boss hands a job to one worker (`FOR UPDATE SKIP LOCKED`). A job whose process died
 *   expires after `expireInSeconds` and is retried elsewhere, so steps must be safe to run
 *   twice (the import checks its resume point in the step's transaction).
 * - `stop()` takes no new jobs and waits for the steps in progress (graceful shutdown).
 * - pg-boss (~9 MB of modules) is loaded when the queue is first used, not with the server's
 *   modules. On a database whose queues exist (a start with nothing to migrate), the server
 *   starts the queue right after it listens (main.ts, issue 23: ready sooner); `send` needs no
 *   started queue, only its tables (and must not wait for the start: on PGlite the caller's
 *   transaction holds the one connection the start needs).
 */
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { APP_ROLE, kyselyExecutor, type SqlExecutor } from '../db/connect.js';
import type { Trx } from '../registry/storage.js';

export const JOB_SCHEMA = 'pgboss';

export interface JobKind<Data extends object = object> {
  name: string;
  /** A step not finished after this long is taken as lost (its process died) and retried. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  run(data: Data): Promise<void>;
  /**
   * Called at start and every `RECOVER_MS`: re-enqueues work whose step was lost outside
   * pg-boss (e.g. a batch left running by an older version). Duplicates must be harmless.
   */
  recover?(queue: JobQueue, options: { startup: boolean }): Promise<void>;
}

export interface JobQueueSettings {
  /** Seconds between pg-boss maintenance runs (expired jobs are retried there). */
  maintenanceSeconds: number;
  /** Seconds between polls of an idle worker (a local `send` wakes it at once). */
  pollingSeconds: number;
  /** Overrides every kind's `expireInSeconds` (tests of a killed process). */
  expireInSeconds?: number;
}

export const DEFAULT_JOB_SETTINGS: JobQueueSettings = { maintenanceSeconds: 30, pollingSeconds: 2 };
const RECOVER_MS = 60_000;

/** States of a job still to run or running. */
export const PENDING_STATES = ['created', 'retry', 'active'] as const;

export class JobQueue {
  private boss: PgBoss | undefined;
  private bossLoading: Promise<PgBoss> | undefined;
  /** The start under way or done (`stop` waits for it). */
  private starting: Promise<void> | undefined;
  private readonly kinds = new Map<string, JobKind>();
  private readonly workers = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private bossStarted = false;
  private stopping = false;
  /** pg-boss statements under way, and steps running. */
  private inFlight = 0;
  private running = 0;

  constructor(
    private readonly executeSql: SqlExecutor,
    private readonly log: FastifyBaseLogger,
    private readonly settings: JobQueueSettings = DEFAULT_JOB_SETTINGS,
    /** 'pglite': the directory belongs to this process, so a job active at start was lost. */
    readonly databaseKind: 'pglite' | 'postgres' = 'postgres',
    /** Runs the set-up with no other instance setting up at once (db/startup.ts `withAdvisoryLock`). */
    private readonly exclusively: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {}

  /** pg-boss, loaded and made on first use (once). */
  private loadBoss(): Promise<PgBoss> {
    this.bossLoading ??= import('pg-boss').then(({ default: PgBossClass }) => {
      const boss = new PgBossClass({
        db: {
          // Counted: pg-boss completes a job without awaiting it, so `stop()` waits for these.
          executeSql: async (text, values) => {
            this.inFlight++;
            try {
              return await this.executeSql(text, values);
            } finally {
              this.inFlight--;
            }
          },
        },
        schema: JOB_SCHEMA,
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: this.settings.maintenanceSeconds,
      });
      boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
      this.boss = boss;
      return boss;
    });
    return this.bossLoading;
  }

  register<Data extends object>(kind: JobKind<Data>): void {
    this.kinds.set(kind.name, kind as unknown as JobKind);
  }

  /** Migrates pg-boss's schema, creates the queues, lets the app's role enqueue, starts the workers. */
  start(): Promise<void> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    const boss = await this.loadBoss();
    // Two instances creating pg-boss's schema and queues at once deadlock: one at a time.
    this.bossStarted = true;
    await this.exclusively(() => this.setUp(boss));
    this.started = true;
    await this.recover(true);
    for (const kind of this.kinds.values()) {
      const id = await boss.work(kind.name, { pollingIntervalSeconds: this.settings.pollingSeconds, batchSize: 1 }, async ([job]) => {
        this.running++;
        try {
          // PGlite answers synchronously under its promises: steps following each other would
          // keep the event loop in microtasks, with no HTTP request nor signal handled until the
          // whole job ends. One macrotask turn per step lets them in.
          await yieldToEventLoop();
          // Fetched while stopping: back to the queue (retried after its delay, by any instance).
          if (this.stopping) throw new Error('job queue stopping');
          await kind.run(job.data as object);
        } finally {
          this.running--;
        }
      });
      this.workers.set(kind.name, id);
    }
    this.timer = setInterval(() => void this.recover(false), RECOVER_MS);
    this.timer.unref();
  }

  private async setUp(boss: PgBoss): Promise<void> {
    await boss.start();
    for (const kind of this.kinds.values()) {
      const options = {
        expireInSeconds: this.settings.expireInSeconds ?? kind.expireInSeconds,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
      };
      if (!(await boss.getQueue(kind.name))) {
        // Two instances starting at once both find no queue: the second one's insert fails.
        await boss.createQueue(kind.name, { name: kind.name, ...options }).catch(async (error) => {
          if (!(await boss.getQueue(kind.name))) throw error;
        });
      }
      await boss.updateQueue(kind.name, { name: kind.name, ...options });
    }
    await grantQueueToApp(this.executeSql);
  }

  /** Runs the kinds' `recover` (at start, every RECOVER_MS; tests call it). */
  async recover(startup: boolean): Promise<void> {
    for (const kind of this.kinds.values()) {
      if (this.stopping || !kind.recover) continue;
      try {
        await kind.recover(this, { startup });
      } catch (error) {
        this.log.error({ err: error, job: kind.name }, 'job recovery failed');
      }
    }
  }

  /** Enqueues a step in the caller's transaction (or on the owner's handle without one). */
  async send(trx: Trx | undefined, name: string, data: object): Promise<void> {
    const db = trx ? { executeSql: kyselyExecutor(trx) } : undefined;
    // null: not queued (e.g. an unknown queue) — fail, so that the caller's transaction rolls back.
    const boss = await this.loadBoss();
    if (!(await boss.send(name, data, db ? { db } : {}))) throw new Error(`job not queued: ${name}`);
  }

  /** After the transaction that enqueued a step commits: this process's worker looks at once. */
  wake(name: string): void {
    const id = this.workers.get(name);
    if (id && !this.stopping) this.boss?.notifyWorker(id);
  }

  /** Pending (or running) jobs of a kind whose data has `key` = `value`. */
  async pending(name: string, key: string, value: string, states: readonly string[] = PENDING_STATES): Promise<number> {
    const result = await this.executeSql(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>$2 = $3 AND state::text = ANY($4::text[])`, [name, key, value, [...states]]);
    return Number((result.rows[0] as { n: number }).n);
  }

  /** Resolves once no job of the registered kinds is waiting or running (tests, tools). */
  async idle(): Promise<void> {
    for (;;) {
      if (!this.started || this.stopping) return;
      const result = await this.executeSql(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND state::text = ANY($2::text[])`, [
        [...this.kinds.keys()],
        [...PENDING_STATES],
      ]);
      if (Number((result.rows[0] as { n: number }).n) === 0) return;
      for (const name of this.kinds.keys()) this.wake(name);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** No new jobs; waits for the steps in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    // A start under way ends first (its workers are then stopped with the rest).
    await this.starting?.catch(() => undefined);
    if (!this.bossStarted || !this.boss) return;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 60_000 });
    // pg-boss's stop returns once no fetched job is in a handler, but a fetch under way and
    // the completion of the last job (not awaited by pg-boss) may still use the database.
    for (let quiet = 0; quiet < 3; ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      quiet = this.inFlight || this.running ? 0 : quiet + 1;
    }
  }
}

/**
 * Steps are enqueued inside tenant transactions (role retaguarda_app), which needs these grants:
 * given by the queue's start, and at every server start before it listens when the queue's
 * tables are there (run.ts: the queue itself starts later, and a request may enqueue first).
 * False: no queue tables yet (the queue's start creates them).
 * Under a lock of its own (set-ups not serialised by `exclusively`): two GRANTs at once fail
 * with "tuple concurrently updated". One simple-protocol message = one transaction, holding the lock.
 * A GRANT also fails so against another instance's `createQueue` (it attaches a partition to
 * pgboss.job): at start it runs under the set-up's own lock (db/startup.ts `grantJobsAtStart`).
 */
export async function grantQueueToApp(executeSql: SqlExecutor): Promise<boolean> {
  const { rows } = await executeSql(`SELECT to_regclass('${JOB_SCHEMA}.job') IS NOT NULL AND to_regclass('${JOB_SCHEMA}.queue') IS NOT NULL AS there`);
  if (!(rows[0] as { there: boolean } | undefined)?.there) return false;
  await executeSql(
    `SELECT pg_advisory_xact_lock(hashtext('retaguarda.jobs.grants'));
     GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}; GRANT SELECT ON ${JOB_SCHEMA}.queue TO ${APP_ROLE}; GRANT SELECT, INSERT ON ${JOB_SCHEMA}.job TO ${APP_ROLE};`,
  );
  return true;
}
