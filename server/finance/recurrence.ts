/**
 * Recurring lançamentos a pagar (src/contracts/recurrence.ts): the approval of one creates the
 * next period's, "aberto", through the lançamento's own service (numbered, validated, parcelas
 * synced, history and audit), owned by whoever entered the first. The lançamento row is locked by
 * the approve transition and `recurrence_of` is UNIQUE: a lançamento gets at most one successor,
 * also when it is rejected, sent and approved again.
 *
 * A copy leaves the period's payment data empty (the new boleto has not arrived): sending a
 * lançamento for approval checks every parcela's payment data first (`requirePaymentData`).
 */
import { sql } from 'kysely';
import { todayIn } from '../approvals/engine.js';
import { nextRecurrence, RECURRENCE_MESSAGES } from '../../src/contracts/recurrence.js';
import { writableFields } from '../../src/contracts/resource.js';
import { paymentDataIssues } from '../../src/contracts/resources/parts/paymentData.js';
import { HttpError, type FieldErrors } from '../errors.js';
import { writeHistory } from '../registry/history.js';
import type { ResourceService } from '../registry/service.js';
import type { Call, Trx, WireRecord } from '../registry/storage.js';

export const PAYMENT_DATA_MISSING = 'Complete os dados de pagamento das parcelas antes de enviar o lançamento.';

/** Creates the next period's lançamento of an approved recurring one (once). */
export async function createSuccessor(trx: Trx, call: Call, service: ResourceService, entry: WireRecord): Promise<void> {
  const values = nextRecurrence(entry, writableFields(service.resource));
  if (!values) return;
  const existing = await sql`SELECT 1 FROM finance_entries WHERE org_id = ${call.orgId} AND recurrence_of = ${entry.id}`.execute(trx);
  if (existing.rows.length) return;
  const owner = service.makeCall({ userId: String(entry.createdBy ?? call.userId), orgId: call.orgId, accessLevel: call.accessLevel }, { request: call.request }, call.afterCommit);
  // Its link to this one is a server-managed value of the create itself (in the INSERT and its audit entry).
  const created = await service.create(trx, owner, values, { recurrenceOf: entry.id });
  await writeHistory(trx, owner, { entityType: service.resource.name, entityId: created.id, action: 'recurrence', from: 'open', to: 'open', input: { note: RECURRENCE_MESSAGES.generated(entry.number) }, version: created.version });
}

/** 400 naming each parcela's missing or wrong payment data (a recurring copy awaiting its boleto). */
export function requirePaymentData(call: Call, entry: WireRecord): void {
  const errors: FieldErrors = {};
  const today = todayIn(call.ctx.clock());
  ((entry.installments as Record<string, unknown>[] | undefined) ?? []).forEach((line, index) => {
    for (const issue of paymentDataIssues(line, today)) (errors[`installments.${index}.${issue.path}`] ??= []).push(issue.message);
  });
  if (Object.keys(errors).length) throw new HttpError(400, PAYMENT_DATA_MISSING, errors);
}
