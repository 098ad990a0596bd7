/**
 * A payment the bank left without a clear answer — its remessa is processada (a retorno came), but
 * this payment was not in it, or came back only agendado or with a code we do not know — is
 * resolved by a person who confirmed it with the bank (the parcela's `confirmPaid` and
 * `confirmUnpaid`, server/finance/entries.ts): paid, with a baixa; or not paid, back to autorizada
 * and free for another remessa. The payment keeps who answered it and when (`answered_by`,
 * `answered_at`); a later retorno that says otherwise is shown on its line as a conflict, never
 * applied over it (returnJob.ts), so a payment the bank did make after all is seen, not paid twice
 * unseen.
 */
import { sql } from 'kysely';
import { SETTLEMENT_MESSAGES } from '../../../src/contracts/resources/installments.js';
import { remittances, WAITING_OUTCOMES } from '../../../src/contracts/resources/remittances.js';
import { inPhases } from '../../registry/phases.js';
import { HttpError } from '../../errors.js';
import type { Call, PageComputed, Trx } from '../../registry/storage.js';

/** A payment without a clear answer: live, in a processada remessa (its `done` phase), still pending, agendado or unknown. */
const UNANSWERED = sql`i.live AND i.outcome IN (${sql.join(WAITING_OUTCOMES)}) AND ${inPhases(sql.ref('r.status'), remittances.workflow!, ['done'])}`;

interface LatestPayment {
  remittance_id: string;
  outcome: string;
  occurrences: string | null;
  live: boolean;
  processed: boolean;
}

/**
 * Each parcela's latest payment in a remessa — the live one, else the newest of a remessa neither
 * cancelled nor failed — for a page of parcelas at once (one query, not one per row and field).
 * The fields of one read get the same `ids` array (records.ts), so they share the query.
 */
const pageReads = new WeakMap<readonly string[], Promise<Map<string, LatestPayment>>>();
function latestPayments(trx: Trx, call: Call, ids: readonly string[]): Promise<Map<string, LatestPayment>> {
  let read = pageReads.get(ids);
  if (!read) {
    read = sql<LatestPayment & { installment_id: string }>`SELECT DISTINCT ON (i.installment_id) i.installment_id, i.remittance_id, i.outcome, i.occurrences, i.live,
        ${inPhases(sql.ref('r.status'), remittances.workflow!, ['done'])} AS processed
      FROM remittance_items i JOIN remittances r ON r.id = i.remittance_id
      WHERE i.org_id = ${call.orgId} AND i.installment_id IN (${sql.join(ids)}) AND NOT ${inPhases(sql.ref('r.status'), remittances.workflow!, ['void'])}
      ORDER BY i.installment_id, i.live DESC, r.created_at DESC, r.id DESC`
      .execute(trx)
      .then(({ rows }) => new Map(rows.map((row) => [row.installment_id, row])));
    pageReads.set(ids, read);
  }
  return read;
}

const latestPayment =
  (column: 'remittance_id' | 'outcome' | 'occurrences'): PageComputed =>
  async (trx, call, ids) =>
    new Map([...(await latestPayments(trx, call, ids))].map(([id, row]) => [id, row[column]]));

/**
 * The parcela's `remittanceId`, `bankOutcome` and `bankOccurrences`, and `bankAnswerMissing`: its
 * latest payment is the unanswered one when there is one (a live payment comes first), so whether
 * it waits for a hand answer is read off the same row (page-computed, one query a page).
 */
export const latestPaymentFields: Readonly<Record<string, PageComputed>> = {
  remittanceId: latestPayment('remittance_id'),
  bankOutcome: latestPayment('outcome'),
  bankOccurrences: latestPayment('occurrences'),
  async bankAnswerMissing(trx, call, ids) {
    const latest = await latestPayments(trx, call, ids);
    return new Map(ids.map((id) => {
      const row = latest.get(id);
      return [id, Boolean(row?.live && row.processed && (WAITING_OUTCOMES as readonly string[]).includes(row.outcome))];
    }));
  },
};

const LOCK_NOT_AVAILABLE = '55P03';

/** What the baixa's note and the payment's occurrences say of an answer given by hand. */
export const ANSWERED_BY_HAND = {
  paid: 'Pago, confirmado com o banco (o retorno não trouxe a confirmação).',
  unpaid: 'Não pago, confirmado com o banco:',
} as const;

/**
 * The parcela's unanswered payment, locked. Called under the parcela's row lock; the retorno's job
 * locks payments first and parcelas after, so this one does not wait for a payment the job holds
 * (NOWAIT: a 409 to try again) — the two never wait on each other. Once taken, a retorno applied
 * after finds it answered.
 */
export async function takeUnanswered(trx: Trx, call: Call, installmentId: string): Promise<{ id: string }> {
  let rows: { id: string }[];
  try {
    rows = (await sql<{ id: string }>`SELECT i.id FROM remittance_items i JOIN remittances r ON r.id = i.remittance_id
      WHERE i.installment_id = ${installmentId} AND i.org_id = ${call.orgId} AND ${UNANSWERED} FOR UPDATE OF i NOWAIT`.execute(trx)).rows;
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new HttpError(409, SETTLEMENT_MESSAGES.bankAnswerBusy);
    throw error;
  }
  if (!rows.length) throw new HttpError(409, SETTLEMENT_MESSAGES.noBankAnswer);
  return rows[0];
}

/** Records the person's answer on the payment: answered (no longer live), by whom and when. */
export async function answerByHand(trx: Trx, call: Call, itemId: string, outcome: 'paid' | 'rejected', text: string): Promise<void> {
  await sql`UPDATE remittance_items SET outcome = ${outcome}, occurrences = ${text}, live = false, answered_by = ${call.userId}, answered_at = ${call.ctx.clock()}
    WHERE id = ${itemId} AND org_id = ${call.orgId}`.execute(trx);
}
