/**
 * The shape every stepped job of the queue shares (docs/decisions.md "Job queue"): a record
 * (an import batch, a remessa, a retorno) keeps a resume point; a step's transaction first moves
 * it (`from` → `to`, only if it still stands at `from`: the row lock makes a second run of the
 * same step wait, find the point moved and roll back), then does its writes and enqueues the
 * next step — all one commit. pg-boss is at-least-once; the resume point makes it exactly-once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { JobQueue } from './queue.js';
import type { Trx } from '../registry/storage.js';

/** The step was done already (a retried step whose first run committed): nothing to do. */
export class StepDone extends Error {}

/** Moves `table.column` from `from` to `to` for the record in `state`, or throws StepDone. */
export async function moveResumePoint(trx: Trx, target: { table: string; column: string; id: string; orgId: string; state: string; from: number; to: number; at: Date }): Promise<void> {
  const moved = await sql`UPDATE ${sql.table(target.table)} SET ${sql.ref(target.column)} = ${target.to}, updated_at = ${target.at}
    WHERE id = ${target.id} AND org_id = ${target.orgId} AND status = ${target.state} AND ${sql.ref(target.column)} = ${target.from}`.execute(trx);
  if (Number(moved.numAffectedRows ?? 0n) !== 1) throw new StepDone();
}

/**
 * The recovery scan of a stepped kind: records still in `state` whose step was lost (idle for a
 * minute; on PGlite at start, every one — the directory's previous process is gone) and that have
 * no step waiting get their step again, at their resume point. Duplicates are harmless.
 */
export async function resumeLost(
  jobs: JobQueue,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  options: { job: string; key: string; table: string; column: string; state: string; now: Date; startup: boolean; log: FastifyBaseLogger; step: (row: { id: string; org_id: string; at: number }) => object },
): Promise<void> {
  const atStart = options.startup && jobs.databaseKind === 'pglite';
  const stale = new Date(options.now.getTime() - 60_000);
  const rows = await sql<{ id: string; org_id: string; at: number }>`SELECT id, org_id, ${sql.ref(options.column)} AS at FROM ${sql.table(options.table)}
    WHERE status = ${options.state} AND (updated_at < ${stale} OR ${atStart}) ORDER BY updated_at LIMIT 100`.execute(db);
  const states = atStart ? ['created', 'retry'] : undefined;
  for (const row of rows.rows) {
    if ((await jobs.pending(options.job, options.key, row.id, states)) > 0) continue;
    options.log.warn({ job: options.job, id: row.id, at: row.at }, 'job resumed: its step was lost');
    await jobs.send(undefined, options.job, options.step({ ...row, at: Number(row.at) }));
  }
}
