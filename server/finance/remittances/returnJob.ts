/**
 * The retorno's job (a kind of the job queue, jobs/queue.ts; the steps' design, jobs/steps.ts):
 * the request validated the whole file and stored it with its payments as read (returns.ts);
 * each STEP applies the next RETURN_STEP payments in ONE tenant transaction that first moves the
 * resume point (`processed_count`), then, under the payments' row locks (id order), moves each
 * parcela through its own service — paga → `settleRemitted` (the baixa with the bank's date and
 * amount; more than the balance: the difference as juros/multa; less: a partial baixa), rejeitada
 * → `unremit` with the codes' meaning, agendada → nothing yet, unknown codes → shown, the parcela
 * stays em remessa; a payment already answered (paga or rejeitada, by this file's earlier step or
 * another file) is left as it is (`unchanged`) — and adds its lines to the stored result, and
 * enqueues the next step. The last one ends the import `processed` and writes its audit entry
 * (the remessas answered became processadas when the request accepted the file, returns.ts). A step retried after its
 * process died finds the point moved and does nothing.
 *
 * Refused for good (a parcela's service refuses its baixa, a remessa cancelled meanwhile, an
 * unexpected error): the step rolls back, the import becomes `failed` with the pt-BR reason
 * naming the line; the steps before it stay (each was a whole, valid answer of the bank). The
 * same file may then be sent again: it starts over, what was applied shown as unchanged.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ItemRow as ReturnItemRow } from './returns.js';
import { sql } from 'kysely';
import { payableInstallments, remittances } from '../../../src/contracts/resources/index.js';
import { isAnswered } from '../../../src/contracts/resources/remittances.js';
import { formatMoney } from '../../../src/contracts/money.js';
import { audit } from '../../audit.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import { HttpError } from '../../errors.js';
import type { JobKind, JobQueue } from '../../jobs/queue.js';
import { moveResumePoint, resumeLost, StepDone } from '../../jobs/steps.js';
import type { Call, Trx } from '../../registry/storage.js';
import { judge } from '../cnab/occurrences.js';
import type { PlannedPayment, ReturnResult } from './returns.js';

export const RETURN_JOB = 'remittance-return-step';
/** Payments applied per step (each a baixa or a transition: locks, history, audit); `RETURN_STEP_PAYMENTS` overrides (tests). */
export const RETURN_STEP = 200;

export const RETURN_JOB_MESSAGES = {
  unexpected: (line: number) => `A importação parou na linha ${line} por um erro inesperado. As linhas anteriores foram aplicadas; envie o arquivo novamente para continuar.`,
  refused: (line: number, message: string) => `Linha ${line}: ${message} A importação parou aqui; as linhas anteriores foram aplicadas.`,
  cancelled: (line: number, number: number) => `Linha ${line}: o pagamento é da remessa nº ${number}, que foi cancelada durante a importação. A importação parou aqui; as linhas anteriores foram aplicadas.`,
  conflict: (reason: string, paidByHand: boolean, on: string) =>
    paidByHand
      ? `${reason}. Mas o pagamento foi dado como pago à mão em ${on}: confira a baixa com o banco; nada foi alterado.`
      : `${reason}. Mas o pagamento foi dado como não pago à mão em ${on}: confira com o banco se ele foi pago duas vezes; nada foi alterado.`,
} as const;

export interface ReturnStep {
  returnId: string;
  orgId: string;
  /** The resume point this step starts at (`processed_count` when it was enqueued). */
  offset: number;
}

class Refused extends Error {}

interface ImportRow {
  status: string;
  processed_count: number;
  payments: number;
  file_name: string;
  bank_account_id: string;
  agreement_id: string;
  created_by: string | null;
}

type ItemRow = Omit<ReturnItemRow, 'live'>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function jobCall(ctx: AppContext, orgId: string, userId: string): Call {
  return { ctx, request: undefined as unknown as FastifyRequest, resource: remittances, userId, orgId, accessLevel: 'User', tenant: orgId, afterCommit: [] };
}

/** Applies `payments` (their items locked in id order), adding to `result`. */
async function apply(trx: Trx, call: Call, row: ImportRow, payments: PlannedPayment[], result: ReturnResult): Promise<void> {
  const references = [...new Set(payments.map((p) => p.reference))];
  const items = (
    await sql<ItemRow>`SELECT i.id, i.remittance_id, r.number::text AS remittance_number, r.status AS remittance_status, i.installment_id, i.reference, i.payment_date::text, i.outcome,
        i.answered_by, to_char(i.answered_at AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS answered_at
      FROM remittance_items i JOIN remittances r ON r.id = i.remittance_id
      WHERE i.org_id = ${call.orgId} AND r.agreement_id = ${row.agreement_id} AND i.reference IN (${sql.join(references)}) ORDER BY i.id FOR UPDATE OF i`.execute(trx)
  ).rows;
  const byReference = new Map(items.map((item) => [item.reference, item]));
  const parcelas = call.ctx.records(payableInstallments.name);
  const asParcelas = parcelas.callFrom(call);
  for (const payment of payments) {
    const item = byReference.get(payment.reference);
    if (!item) throw new Refused(RETURN_JOB_MESSAGES.unexpected(payment.line)); // validated by the request; items are never deleted
    const judgement = judge(payment.occurrences);
    const line = { line: payment.line, reference: payment.reference, installmentId: item.installment_id, remittanceNumber: Number(item.remittance_number), codes: payment.occurrences, reason: judgement.reason };
    if (isAnswered(item.outcome)) {
      // Answered by hand, and the bank now says the opposite: shown to be checked (a payment the bank
      // did make after all may have been paid again), never applied over the person's answer.
      const disagrees = Boolean(item.answered_by) && isAnswered(judgement.outcome) && judgement.outcome !== item.outcome;
      if (disagrees) {
        result.conflict = (result.conflict ?? 0) + 1;
        result.lines.push({ ...line, outcome: 'conflict', reason: RETURN_JOB_MESSAGES.conflict(judgement.reason, item.outcome === 'paid', item.answered_at ?? '') });
      } else {
        result.unchanged++;
        result.lines.push({ ...line, outcome: 'unchanged' });
      }
      continue;
    }
    if (item.remittance_status === 'cancelled') throw new Refused(RETURN_JOB_MESSAGES.cancelled(payment.line, Number(item.remittance_number)));
    try {
      if (judgement.outcome === 'paid') {
        const parcela = await parcelas.get(trx, asParcelas, item.installment_id);
        const balance = Number(parcela.amount) - Number(parcela.paidAmount);
        const principal = Math.min(balance, payment.paidAmount);
        const extra = Math.max(0, payment.paidAmount - balance);
        await parcelas.runAction(trx, asParcelas, item.installment_id, 'settleRemitted', {
          paidOn: payment.paidOn ?? item.payment_date,
          amount: principal,
          ...(extra ? { interest: extra } : {}),
          bankAccountId: row.bank_account_id,
          note: `Retorno do banco (${row.file_name}, linha ${payment.line}): ${judgement.reason}. Pago ${formatMoney(payment.paidAmount)}.`,
        }, undefined, { system: true });
      } else if (judgement.outcome === 'rejected') {
        await parcelas.runAction(trx, asParcelas, item.installment_id, 'unremit', { reason: `Rejeitada pelo banco: ${judgement.reason}` }, undefined, { system: true });
      }
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) throw new Refused(RETURN_JOB_MESSAGES.refused(payment.line, error.message));
      throw Object.assign(error as Error, { returnLine: payment.line });
    }
    const answered = isAnswered(judgement.outcome);
    await sql`UPDATE remittance_items SET outcome = ${judgement.outcome}, occurrences = ${judgement.reason}${answered ? sql`, live = false` : sql``} WHERE id = ${item.id}`.execute(trx);
    item.outcome = judgement.outcome; // the same "seu número" twice in a file: answered once
    result[judgement.outcome]++;
    result.lines.push({ ...line, outcome: judgement.outcome });
  }
}

/** The last step: the import processed, with its audit entry (its remessas became processadas when it was accepted, returns.ts). */
async function finish(trx: Trx, call: Call, returnId: string, result: ReturnResult): Promise<void> {
  await sql`UPDATE remittance_returns SET status = 'processed', updated_at = ${call.ctx.clock()} WHERE id = ${returnId} AND org_id = ${call.orgId}`.execute(trx);
  const { lines: _lines, ...summary } = result;
  await audit(trx, call.ctx.clock(), { orgId: call.orgId, actorUserId: call.userId, entityType: 'remittanceReturns', action: 'remittanceReturns.import', entityId: returnId, after: summary });
}

export function returnJob(ctx: AppContext, log: FastifyBaseLogger, queue: () => JobQueue): JobKind<ReturnStep> {
  const stepSize = Math.max(1, Number(process.env.RETURN_STEP_PAYMENTS) || RETURN_STEP);

  async function fail(returnId: string, orgId: string, userId: string, reason: string): Promise<void> {
    await withTenant(ctx.tenantDb, orgId, async (trx) => {
      const failed = await sql`UPDATE remittance_returns SET status = 'failed', failure_reason = ${reason}, updated_at = ${ctx.clock()} WHERE id = ${returnId} AND org_id = ${orgId} AND status = 'processing'`.execute(trx);
      if (Number(failed.numAffectedRows ?? 0n) === 1) {
        await audit(trx, ctx.clock(), { orgId, actorUserId: userId, entityType: 'remittanceReturns', action: 'remittanceReturns.fail', entityId: returnId, after: { status: 'failed', failureReason: reason } });
      }
    });
  }

  async function step({ returnId, orgId, offset }: ReturnStep): Promise<void> {
    const found = await sql<ImportRow>`SELECT status, processed_count, payments, file_name, bank_account_id, agreement_id, created_by FROM remittance_returns WHERE id = ${returnId} AND org_id = ${orgId}`.execute(ctx.db);
    const row = found.rows[0];
    if (!row || row.status !== 'processing' || Number(row.processed_count) !== offset) return; // done already, or no longer processing
    const total = Number(row.payments);
    const next = Math.min(offset + stepSize, total);
    const last = next >= total;
    const userId = row.created_by ?? '';
    let at = offset;
    try {
      await withTenant(ctx.tenantDb, orgId, async (trx) => {
        await moveResumePoint(trx, { table: 'remittance_returns', column: 'processed_count', id: returnId, orgId, state: 'processing', from: offset, to: next, at: ctx.clock() });
        const stored = await sql<{ plan: unknown; result: unknown }>`SELECT plan, result FROM remittance_returns WHERE id = ${returnId} AND org_id = ${orgId}`.execute(trx);
        const plan = json<PlannedPayment[]>(stored.rows[0].plan);
        const result = json<ReturnResult>(stored.rows[0].result);
        const call = jobCall(ctx, orgId, userId);
        const payments = plan.slice(offset, next);
        at = payments[0]?.line ?? 0;
        if (payments.length) await apply(trx, call, row, payments, result);
        await sql`UPDATE remittance_returns SET result = ${JSON.stringify(result)}::jsonb WHERE id = ${returnId} AND org_id = ${orgId}`.execute(trx);
        if (last) await finish(trx, call, returnId, result);
        else await queue().send(trx, RETURN_JOB, { returnId, orgId, offset: next } satisfies ReturnStep);
      });
    } catch (error) {
      if (error instanceof StepDone) return;
      if (!(error instanceof Refused)) log.error({ err: error, returnId }, 'return job failed');
      const line = (error as { returnLine?: number }).returnLine ?? at;
      await fail(returnId, orgId, userId, error instanceof Refused ? error.message : RETURN_JOB_MESSAGES.unexpected(line));
      return;
    }
    log.info({ returnId, processed: next, total }, 'return step done');
    if (!last) queue().wake(RETURN_JOB);
  }

  return {
    name: RETURN_JOB,
    expireInSeconds: 120,
    retryLimit: 20,
    retryDelaySeconds: 5,
    run: step,
    recover: (jobs, { startup }) =>
      resumeLost(jobs, ctx.db, {
        job: RETURN_JOB, key: 'returnId', table: 'remittance_returns', column: 'processed_count', state: 'processing', now: ctx.clock(), startup, log,
        step: (r) => ({ returnId: r.id, orgId: r.org_id, offset: r.at }) satisfies ReturnStep,
      }),
  };
}
