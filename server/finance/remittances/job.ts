/**
 * The remessa's job (a kind of the job queue, jobs/queue.ts; the import's design, jobs/steps.ts):
 * the request took the parcelas and wrote the file (generate.ts); each STEP moves the next
 * REMITTANCE_STEP parcelas `authorized → in_remittance` through their own service (`remit`: row
 * locks in id order, the state re-checked under the lock, history, audit) in ONE tenant
 * transaction that first moves the resume point (`processed_count`), and enqueues the next step —
 * or, the last one, offers the file: state `generated` with its SHA-256 (history and audit). A
 * step retried after its process died finds the point moved and does nothing.
 *
 * Refused for good (a parcela no longer authorised when its step comes — paid by hand meanwhile,
 * sent back to the queue — or an unexpected error): the step's writes roll back, and in a
 * transaction of its own the remessa becomes `failed` with the pt-BR reason, its payments stop
 * being live and the parcelas already moved go back to autorizada (`unremit`, with the reason).
 *
 * The job's changes of state (`generated`, `failed`) are the remessa's own system transitions
 * (`finish`, `fail`), run through its service in the catalogue: the state re-checked under the
 * row lock, history, audit (before → after of the whole record). They and the progress are not
 * edits of the record: they leave its version alone (`versionKept`; a form holding version 1 of the
 * remessa stays valid).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { payableInstallments, remittances } from '../../../src/contracts/resources/index.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import type { JobKind, JobQueue } from '../../jobs/queue.js';
import { moveResumePoint, resumeLost, StepDone } from '../../jobs/steps.js';
import { selectRecords } from '../../registry/records.js';
import type { Call, Trx } from '../../registry/storage.js';
import { releaseItems } from './storage.js';

export const REMITTANCE_JOB = 'remittance-step';
/** Parcelas moved per step (each a locked read, a history row and an audit entry); `REMITTANCE_STEP_PARCELAS` overrides (tests). */
export const REMITTANCE_STEP = 500;

export const REMITTANCE_JOB_MESSAGES = {
  unexpected: 'A geração do arquivo foi interrompida por um erro inesperado. As parcelas voltaram para autorizadas: gere a remessa novamente.',
  notAuthorised: (description: string, state: string) =>
    `A parcela "${description}" deixou de estar autorizada (${state}) enquanto o arquivo era gerado. Nenhum arquivo foi oferecido e as parcelas voltaram para autorizadas: gere a remessa novamente.`,
} as const;

export interface RemittanceStep {
  remittanceId: string;
  orgId: string;
  /** The resume point this step starts at (`processed_count` when it was enqueued). */
  offset: number;
}

/** A step refused for good: the remessa fails with this message. */
class Refused extends Error {}

interface Row {
  status: string;
  processed_count: number;
  payment_count: number;
  file_sequence: number;
  agreement_name: string;
  created_by: string | null;
}

/** A `Call` for the job's work: the remessa's author, as the system. */
function jobCall(ctx: AppContext, orgId: string, userId: string): Call {
  return { ctx, request: undefined as unknown as FastifyRequest, resource: remittances, userId, orgId, accessLevel: 'User', tenant: orgId, afterCommit: [] };
}

/**
 * The job's change of state: the remessa's system transition `finish` (→ gerada, its SHA-256) or
 * `fail` (→ falhou, the reason), through its service — only while it is still generating.
 */
async function setState(trx: Trx, call: Call, id: string, to: 'generated' | 'failed', reason: string | null): Promise<boolean> {
  const changed = await call.ctx.records(remittances.name).transitionWhere(trx, call, [sql`t.id = ${id}`], to === 'generated' ? 'finish' : 'fail', reason ? { reason } : {}, { system: true });
  return changed.length > 0;
}

export function remittanceJob(ctx: AppContext, log: FastifyBaseLogger, queue: () => JobQueue): JobKind<RemittanceStep> {
  const stepSize = Math.max(1, Number(process.env.REMITTANCE_STEP_PARCELAS) || REMITTANCE_STEP);
  /** Ends the remessa as failed, in its own transaction: payments no longer live, parcelas moved so far back to autorizada. */
  async function fail(remittanceId: string, orgId: string, userId: string, reason: string): Promise<void> {
    await withTenant(ctx.tenantDb, orgId, async (trx) => {
      const call = jobCall(ctx, orgId, userId);
      if (await setState(trx, call, remittanceId, 'failed', reason)) await releaseItems(trx, call, remittanceId, reason);
    });
  }

  async function step({ remittanceId, orgId, offset }: RemittanceStep): Promise<void> {
    const found = await sql<Row>`SELECT status, processed_count, payment_count, file_sequence, agreement_name, created_by FROM remittances WHERE id = ${remittanceId} AND org_id = ${orgId}`.execute(ctx.db);
    const row = found.rows[0];
    if (!row || row.status !== 'generating' || Number(row.processed_count) !== offset) return; // done already, or no longer generating
    const total = Number(row.payment_count);
    const next = Math.min(offset + stepSize, total);
    const last = next >= total;
    const userId = row.created_by ?? '';
    try {
      await withTenant(ctx.tenantDb, orgId, async (trx) => {
        await moveResumePoint(trx, { table: 'remittances', column: 'processed_count', id: remittanceId, orgId, state: 'generating', from: offset, to: next, at: ctx.clock() });
        const call = jobCall(ctx, orgId, userId);
        const ids = (
          await sql<{ installment_id: string }>`SELECT installment_id FROM remittance_items WHERE remittance_id = ${remittanceId} AND org_id = ${orgId}
            ORDER BY position OFFSET ${offset} LIMIT ${next - offset}`.execute(trx)
        ).rows.map((r) => r.installment_id);
        const parcelas = ctx.records(payableInstallments.name);
        const asParcelas = parcelas.callFrom(call);
        const note = `Arquivo de remessa NSA ${row.file_sequence} — ${row.agreement_name}.`;
        const moved = ids.length ? await parcelas.transitionWhere(trx, asParcelas, [sql`t.id IN (${sql.join(ids)})`], 'remit', { note }, { system: true }) : [];
        if (moved.length !== ids.length) {
          const done = new Set(moved.map((p) => p.id));
          const missing = ids.filter((id) => !done.has(id));
          const [first] = await selectRecords(trx, asParcelas, parcelas.storage, [sql`t.id = ${missing[0]}`]);
          const state = String(first?.status ?? '');
          const label = payableInstallments.workflow!.states[state]?.label ?? state;
          throw new Refused(REMITTANCE_JOB_MESSAGES.notAuthorised(String(first?.description ?? missing[0]), label.toLowerCase()));
        }
        if (last) await setState(trx, call, remittanceId, 'generated', null);
        else await queue().send(trx, REMITTANCE_JOB, { remittanceId, orgId, offset: next } satisfies RemittanceStep);
      });
    } catch (error) {
      if (error instanceof StepDone) return;
      if (!(error instanceof Refused)) log.error({ err: error, remittanceId }, 'remittance job failed');
      await fail(remittanceId, orgId, userId, error instanceof Refused ? error.message : REMITTANCE_JOB_MESSAGES.unexpected);
      return;
    }
    log.info({ remittanceId, processed: next, total }, 'remittance step done');
    if (!last) queue().wake(REMITTANCE_JOB);
  }

  return {
    name: REMITTANCE_JOB,
    // 500 parcelas take a few seconds; a step still active after this long belonged to a dead process.
    expireInSeconds: 120,
    retryLimit: 20,
    retryDelaySeconds: 5,
    run: step,
    recover: (jobs, { startup }) =>
      resumeLost(jobs, ctx.db, {
        job: REMITTANCE_JOB, key: 'remittanceId', table: 'remittances', column: 'processed_count', state: 'generating', now: ctx.clock(), startup, log,
        step: (r) => ({ remittanceId: r.id, orgId: r.org_id, offset: r.at }) satisfies RemittanceStep,
      }),
  };
}
