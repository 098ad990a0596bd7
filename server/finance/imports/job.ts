/**
 * The import job: a PostgreSQL-backed job row (the batch itself) run by an in-process worker.
 *
 * - `run` marks the batch `running`; the worker takes a LEASE on it (`locked_by`,
 *   `locked_until`), prepares the plan (engine.ts) and processes the rows in order, CHUNK_ROWS
 *   at a time, each chunk in its own tenant transaction that writes the records, the audit
 *   entries, the error rows and the progress (`processed`, `created`, `updated`, `failed`)
 *   together — and renews the lease. A chunk either happens completely or not at all.
 * - Resumable: `processed` is the resume point. A batch left `running` by a process that died
 *   is picked up once its lease expired (`resumeStale`, at start and every SCAN_MS), from the
 *   first unprocessed row; several API instances never run one batch twice (the lease is
 *   taken with one conditional UPDATE and checked by every chunk).
 * - Stops between chunks when the app closes; the lease then expires and the batch resumes.
 * - An unexpected failure marks the batch `failed` with a generic pt-BR message (details only in
 *   the log); running it again resumes where it stopped.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ImportResourceType } from '../../../src/contracts/imports.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import type { Call, Trx } from '../../registry/storage.js';
import { evaluate, importTarget, preparePlan, writeChunk, type Evaluated } from './engine.js';
import type { ReadRow } from './read.js';

export const CHUNK_ROWS = 1000;
export const LEASE_MS = 60_000;
const SCAN_MS = 15_000;

export const JOB_MESSAGES = {
  failed: 'A importação foi interrompida por um erro inesperado. Execute-a novamente para continuar de onde parou.',
} as const;

class LeaseLost extends Error {}

/** Stored rows (`[line, cells]`) → rows. */
export function storedRows(value: unknown): ReadRow[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value as unknown[]) ?? []);
  return list.map((item) => {
    const [line, cells] = item as [number, string[]];
    return { line, cells };
  });
}

/** Mapping as stored (`[{column, field}]`) → column → field. */
export function storedMapping(value: unknown): Record<string, string> {
  const list = typeof value === 'string' ? (JSON.parse(value) as { column: string; field: string }[]) : ((value as { column: string; field: string }[]) ?? []);
  return Object.fromEntries(list.map((m) => [m.column, m.field]));
}

export const storedColumns = (value: unknown): string[] =>
  (typeof value === 'string' ? (JSON.parse(value) as { name: string }[]) : ((value as { name: string }[]) ?? [])).map((c) => c.name);

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

interface ClaimedBatch {
  id: string;
  org_id: string;
  resource_type: ImportResourceType;
  run_by: string | null;
  created_by: string | null;
  processed: number;
  columns: unknown;
  mapping: unknown;
  rows: unknown;
}

export class ImportWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly active = new Map<string, Promise<void>>();
  private stopping = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts (or resumes) a running batch in the background, unless this process already runs it. */
  start(batchId: string): void {
    if (this.stopping || this.active.has(batchId)) return;
    const job = this.process(batchId)
      .catch((error) => this.log.error({ err: error, batchId }, 'import job failed'))
      .finally(() => this.active.delete(batchId));
    this.active.set(batchId, job);
    this.ctx.background(() => job);
  }

  /** Running batches whose lease expired (their process died): resumed here. */
  async resumeStale(): Promise<void> {
    if (this.stopping) return;
    const rows = await sql<{ id: string }>`SELECT id FROM import_batches WHERE status = 'running' AND (locked_until IS NULL OR locked_until < ${this.ctx.clock()}) ORDER BY updated_at LIMIT 20`.execute(this.ctx.db);
    for (const row of rows.rows) this.start(row.id);
  }

  /** Periodic scan for stale batches (unref'd: never keeps the process alive). */
  startScanning(): void {
    void this.resumeStale().catch((error) => this.log.error({ err: error }, 'import scan failed'));
    this.timer = setInterval(() => void this.resumeStale().catch((error) => this.log.error({ err: error }, 'import scan failed')), SCAN_MS);
    this.timer.unref();
  }

  /** Stops taking work; running jobs stop after their current chunk. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.active.values()]);
  }

  private lease = () => new Date(this.ctx.clock().getTime() + LEASE_MS);

  private async claim(batchId: string): Promise<ClaimedBatch | undefined> {
    const now = this.ctx.clock();
    const result = await sql<ClaimedBatch>`UPDATE import_batches SET locked_by = ${this.id}, locked_until = ${this.lease()}
      WHERE id = ${batchId} AND status = 'running' AND (locked_by IS NULL OR locked_by = ${this.id} OR locked_until IS NULL OR locked_until < ${now})
      RETURNING id, org_id, resource_type, run_by, created_by, processed, columns, mapping, rows`.execute(this.ctx.db);
    return result.rows[0];
  }

  private async process(batchId: string): Promise<void> {
    const batch = await this.claim(batchId);
    if (!batch) return;
    const { ctx } = this;
    const orgId = batch.org_id;
    const call = jobCall(ctx, orgId, batch.run_by ?? batch.created_by ?? '', batch.resource_type);
    const target = importTarget(batch.resource_type);
    try {
      const rows = storedRows(batch.rows);
      const plan = await withTenant(ctx.tenantDb, orgId, (trx) => preparePlan(trx, call, target, storedColumns(batch.columns), rows, storedMapping(batch.mapping)));
      for (let offset = Number(batch.processed); offset < plan.order.length; offset += CHUNK_ROWS) {
        if (this.stopping) {
          await sql`UPDATE import_batches SET locked_by = NULL, locked_until = NULL WHERE id = ${batchId} AND locked_by = ${this.id}`.execute(ctx.db);
          return;
        }
        const indexes = plan.order.slice(offset, offset + CHUNK_ROWS);
        await withTenant(ctx.tenantDb, orgId, async (trx) => {
          const evaluated = await evaluate(trx, call, plan, indexes);
          const result = await writeChunk(trx, call, plan, batchId, evaluated, (error) => this.log.error({ err: error, batchId }, 'import row failed'));
          await insertErrors(trx, orgId, batchId, result.failed);
          const progress = await sql`UPDATE import_batches SET processed = processed + ${indexes.length}, created = created + ${result.created}, updated = updated + ${result.updated},
              failed = failed + ${result.failed.length}, locked_until = ${this.lease()}, updated_at = ${ctx.clock()}
            WHERE id = ${batchId} AND org_id = ${orgId} AND locked_by = ${this.id} AND status = 'running'`.execute(trx);
          if (Number(progress.numAffectedRows ?? 0n) !== 1) throw new LeaseLost();
        });
      }
      await sql`UPDATE import_batches SET status = 'done', finished_at = ${ctx.clock()}, locked_by = NULL, locked_until = NULL, error_message = NULL,
          version = version + 1, updated_at = ${ctx.clock()}
        WHERE id = ${batchId} AND locked_by = ${this.id}`.execute(ctx.db);
    } catch (error) {
      if (error instanceof LeaseLost) return;
      this.log.error({ err: error, batchId }, 'import job failed');
      await sql`UPDATE import_batches SET status = 'failed', finished_at = ${ctx.clock()}, error_message = ${JOB_MESSAGES.failed}, locked_by = NULL, locked_until = NULL,
          version = version + 1, updated_at = ${ctx.clock()}
        WHERE id = ${batchId} AND locked_by = ${this.id}`.execute(ctx.db);
    }
  }
}

/** One error row per (row, field, message). */
async function insertErrors(trx: Trx, orgId: string, batchId: string, failed: Evaluated[]): Promise<void> {
  const entries = failed.flatMap((row) => Object.entries(row.errors).flatMap(([field, messages]) => messages.map((message) => ({ line: row.line, field, message }))));
  if (!entries.length) return;
  await sql`INSERT INTO import_batch_errors (org_id, batch_id, line, field, message)
    SELECT ${orgId}, ${batchId}, r.line, r.field, r.message FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS r(line integer, field text, message text)`.execute(trx);
}
