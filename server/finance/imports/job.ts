/**
 * The import job: a kind of the job queue (jobs/queue.ts, pg-boss), one STEP per chunk.
 *
 * - `POST …/run` marks the batch `running` and enqueues the step `{ batchId, orgId, offset }`
 *   in the same transaction (routes.ts).
 * - A step prepares the plan (engine.ts; kept in memory per batch while this process runs it,
 *   rebuilt after a restart) and processes CHUNK_ROWS rows in ONE tenant transaction that
 *   first moves the resume point (`processed = offset` → `offset + n`: the row lock and the
 *   check make a second run of the same step wait, find the point moved and roll back), then
 *   writes the records, their audit entries, the error rows and the counts, and enqueues the
 *   next step — or marks the batch `done`. A chunk happens completely, with its progress and
 *   its successor, or not at all: no row is ever written twice.
 * - A process killed in a step: pg-boss retries the step once it expired (another instance,
 *   or this one after a restart); on PGlite the directory belongs to one process, so at start
 *   a running batch without a waiting step is re-enqueued at once (`recover`).
 * - An unexpected failure marks the batch `failed` with a generic pt-BR message (details only
 *   in the log) and its progress; running it again resumes where it stopped.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ImportResourceType } from '../../../src/contracts/imports.js';
import { importBatches } from '../../../src/contracts/resources/index.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import type { JobKind, JobQueue } from '../../jobs/queue.js';
import { moveResumePoint, resumeLost, StepDone } from '../../jobs/steps.js';
import type { Call, Trx } from '../../registry/storage.js';
import { evaluate, importTarget, preparePlan, writeChunk, type Evaluated, type Plan } from './engine.js';
import { storedColumns, storedMapping, storedRows } from './stored.js';

export { storedColumns, storedMapping, storedRows } from './stored.js';

export const CHUNK_ROWS = 1000;
/** Plans kept in memory per process (one per batch being run). */
const PLANS_KEPT = 4;

export const JOB_MESSAGES = {
  failed: 'A importação foi interrompida por um erro inesperado. Execute-a novamente para continuar de onde parou.',
} as const;

/** A `Call` for work done outside a request (the job): the user who started the run. */
export function jobCall(ctx: AppContext, orgId: string, userId: string, type: ImportResourceType): Call {
  return {
    ctx,
    request: undefined as unknown as FastifyRequest,
    resource: importTarget(type).resource,
    userId,
    orgId,
    accessLevel: 'User',
    tenant: orgId,
    afterCommit: [],
  };
}

export const IMPORT_JOB = 'import-step';

export interface ImportStep {
  batchId: string;
  orgId: string;
  /** The resume point this step starts at (`processed` when it was enqueued). */
  offset: number;
}

interface StepBatch {
  org_id: string;
  resource_type: ImportResourceType;
  run_by: string | null;
  created_by: string | null;
  columns: unknown;
  mapping: unknown;
  rows: unknown;
}

interface CachedPlan {
  plan: Plan;
  call: Call;
}

/** The import as a job kind; `queue` enqueues the next steps. */
/** An upload nobody imported within this time was abandoned: the recovery scan removes it. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;

export function importJob(ctx: AppContext, log: FastifyBaseLogger, queue: () => JobQueue): JobKind<ImportStep> {
  const plans = new Map<string, CachedPlan>();
  const batches = () => ctx.records(importBatches.name);
  /** The job acts on the batch as the system, in the name of who ran it. */
  const batchCall = (orgId: string, userId: string) => batches().makeCall({ userId, orgId, accessLevel: 'User' });

  /** Ends the run as failed (its own transaction), unless another step moved it on meanwhile. */
  async function fail(batchId: string, orgId: string, offset: number): Promise<void> {
    await withTenant(ctx.tenantDb, orgId, async (trx) => {
      const found = await sql<{ run_by: string | null; created_by: string | null }>`SELECT run_by, created_by FROM import_batches WHERE id = ${batchId} AND org_id = ${orgId}`.execute(trx);
      const batch = found.rows[0];
      if (!batch) return;
      await batches().transitionWhere(trx, batchCall(orgId, batch.run_by ?? batch.created_by ?? ''), [sql`t.id = ${batchId}`, sql`t.processed = ${offset}`], 'fail', { reason: JOB_MESSAGES.failed }, { system: true });
    });
  }

  /** The plan of the batch's current run (`version` changes with every run; done/failed bump it). */
  async function planOf(batchId: string, orgId: string, version: number): Promise<CachedPlan | undefined> {
    const key = `${batchId}:${version}`;
    const cached = plans.get(key);
    if (cached) {
      plans.delete(key);
      plans.set(key, cached); // most recently used last
      return cached;
    }
    const prepared = await withTenant(ctx.tenantDb, orgId, async (trx) => {
      const found = await sql<StepBatch>`SELECT org_id, resource_type, run_by, created_by, columns, mapping, rows FROM import_batches
        WHERE id = ${batchId} AND org_id = ${orgId} AND status = 'running'`.execute(trx);
      const batch = found.rows[0];
      if (!batch) return undefined;
      const call = jobCall(ctx, orgId, batch.run_by ?? batch.created_by ?? '', batch.resource_type);
      const target = importTarget(batch.resource_type);
      const plan = await preparePlan(trx, call, target, storedColumns(batch.columns), storedRows(batch.rows), storedMapping(batch.mapping));
      return { plan, call };
    });
    // A few batches' plans (imports running side by side take turns step by step).
    if (prepared) plans.set(key, prepared);
    while (plans.size > PLANS_KEPT) plans.delete(plans.keys().next().value!);
    return prepared;
  }

  async function step({ batchId, orgId, offset }: ImportStep): Promise<void> {
    const current = await sql<{ processed: number; version: number }>`SELECT processed, version FROM import_batches WHERE id = ${batchId} AND status = 'running'`.execute(ctx.db);
    const batch = current.rows[0];
    if (!batch || Number(batch.processed) !== offset) return; // done already, or no longer running
    let next = offset;
    let last = false;
    let total = 0;
    try {
      const prepared = await planOf(batchId, orgId, Number(batch.version));
      if (!prepared) return;
      const { plan, call } = prepared;
      const indexes = plan.order.slice(offset, offset + CHUNK_ROWS);
      total = plan.order.length;
      next = offset + indexes.length;
      last = next >= total;
      await withTenant(ctx.tenantDb, orgId, async (trx) => {
        await moveResumePoint(trx, { table: 'import_batches', column: 'processed', id: batchId, orgId, state: 'running', from: offset, to: next, at: ctx.clock() });
        const evaluated = await evaluate(trx, call, plan, indexes);
        const result = await writeChunk(trx, call, plan, batchId, evaluated, (error) => log.error({ err: error, batchId }, 'import row failed'));
        await insertErrors(trx, orgId, batchId, result.failed);
        await sql`UPDATE import_batches SET created = created + ${result.created}, updated = updated + ${result.updated}, failed = failed + ${result.failed.length}
          WHERE id = ${batchId} AND org_id = ${orgId}`.execute(trx);
        if (last) {
          await batches().runAction(trx, batchCall(orgId, call.userId), batchId, 'finish', {}, undefined, { system: true });
        } else {
          await queue().send(trx, IMPORT_JOB, { batchId, orgId, offset: next } satisfies ImportStep);
        }
      });
    } catch (error) {
      if (error instanceof StepDone) return;
      plans.delete(`${batchId}:${batch.version}`);
      log.error({ err: error, batchId }, 'import job failed');
      await fail(batchId, orgId, offset);
      return;
    }
    log.info({ batchId, processed: next, total }, 'import step done');
    if (last) plans.delete(`${batchId}:${batch.version}`);
    else queue().wake(IMPORT_JOB);
  }

  return {
    name: IMPORT_JOB,
    // One chunk takes seconds; a step still active after this long belonged to a dead process.
    expireInSeconds: 120,
    retryLimit: 20,
    retryDelaySeconds: 5,
    run: step,
    async recover(jobs, { startup }) {
      // Running batches with no step waiting. Rare, since every step enqueues the next in its
      // own commit: batches left running by the previous version (lease-based), steps whose
      // retries ran out, and (PGlite, at start) the step that was active in this directory's
      // previous process — re-enqueued now instead of after its expiry. Duplicates are harmless.
      // A wizard left before "Importar" (a file sent, maybe mapped, never run) leaves no batch behind.
      const abandoned = new Date(ctx.clock().getTime() - ABANDONED_AFTER_MS);
      await sql`DELETE FROM import_batches WHERE id IN (SELECT id FROM import_batches WHERE status IN ('uploaded', 'mapped') AND updated_at < ${abandoned} LIMIT 500)`.execute(ctx.db);
      await resumeLost(jobs, ctx.db, {
        job: IMPORT_JOB, key: 'batchId', table: 'import_batches', column: 'processed', state: 'running', now: ctx.clock(), startup, log,
        step: (batch) => ({ batchId: batch.id, orgId: batch.org_id, offset: batch.at }) satisfies ImportStep,
      });
    },
  };
}

/** One error row per (row, field, message). */
async function insertErrors(trx: Trx, orgId: string, batchId: string, failed: Evaluated[]): Promise<void> {
  const entries = failed.flatMap((row) => Object.entries(row.errors).flatMap(([field, messages]) => messages.map((message) => ({ line: row.line, field, message }))));
  if (!entries.length) return;
  await sql`INSERT INTO import_batch_errors (org_id, batch_id, line, field, message)
    SELECT ${orgId}, ${batchId}, r.line, r.field, r.message FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS r(line integer, field text, message text)`.execute(trx);
}
