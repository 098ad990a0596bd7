/**
 * Importing a retorno (POST /api/finance/remittances/returns) — the request (the job that applies
 * it: returnJob.ts; docs/decisions.md "Retornos applied by a job"), in one transaction:
 * - the file is recognised by its SHA-256: the same content imported again answers the first
 *   import's record (200) and changes nothing (the row is taken first, so two imports at once wait
 *   for each other; the second finds it taken). A failed import of it may be sent again: it
 *   starts over, payments already answered left as they are;
 * - it must be a CNAB 240 retorno (code 2 at position 143) of a bank and account that has a
 *   convênio here, read with that convênio's layout (cnab/returnFile.ts: every line 240, trailers
 *   exact — otherwise a message naming the line and field), and every payment's "seu número" must
 *   be one of this convênio's remessas — a file of another convênio or a remessa never generated
 *   here is refused whole, nothing written;
 * - the remessas it answers are locked first (id order), their state read under the lock: each
 *   one still gerada or enviada becomes processada (the bank answered it: no cancel, no "enviada"
 *   any more); a later retorno of a processada remessa (an agendado's confirmation) is accepted;
 * - accepted: the file and its payments as read are stored with the import record in
 *   `processing` (202), and the job's first step enqueued in the same commit.
 * The job moves each payment's parcela through its own service (paga → `settleRemitted`,
 * rejeitada → `unremit`, agendada → nothing yet, unknown codes → shown); see returnJob.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { remittances } from '../../../src/contracts/resources/index.js';
import { HttpError } from '../../errors.js';
import type { Call, Trx } from '../../registry/storage.js';
import type { JobQueue } from '../../jobs/queue.js';
import { RETURN_JOB, type ReturnStep } from './returnJob.js';
import { layoutFor, type CnabLayout } from '../cnab/overlays.js';
import { CnabReadError, readReturnFile, type ReturnFile } from '../cnab/returnFile.js';
import { judge } from '../cnab/occurrences.js';
import { saoPauloToday } from '../../../src/contracts/today.js';

export const RETURN_MAX_BYTES = 8 * 1024 * 1024;

export const RETURN_IMPORT_MESSAGES = {
  content: 'Envie o conteúdo do arquivo de retorno.',
  tooLarge: 'Arquivo muito grande: um retorno tem no máximo 8 MB.',
  notCnab: 'Este arquivo não é um retorno CNAB 240.',
  remessa: 'Este arquivo é uma remessa, não um retorno do banco (posição 143 = 1).',
  noAgreement: (bank: string) => `Não há convênio ativo de uma conta do banco ${bank}: este retorno é de outro banco.`,
  otherAgreement: 'Este retorno é de outro convênio ou de outra conta: o header do arquivo não confere com nenhum convênio cadastrado.',
  unknownPayment: (line: number, reference: string) => `Linha ${line}: o pagamento "${reference}" (campo "Seu número") não é de nenhuma remessa gerada para este convênio.`,
  cancelled: (line: number, number: number) => `Linha ${line}: o pagamento é da remessa nº ${number}, que foi cancelada.`,
  failed: (line: number, number: number) => `Linha ${line}: o pagamento é da remessa nº ${number}, cuja geração falhou (o arquivo nunca foi oferecido).`,
  generating: (line: number, number: number) => `Linha ${line}: o pagamento é da remessa nº ${number}, que ainda está sendo gerada.`,
  futurePayment: (line: number, paidOn: string) =>
    `Linha ${line}: o banco confirma um pagamento em ${paidOn.split('-').reverse().join('/')}, depois de hoje. Confira o arquivo com o banco antes de importá-lo.`,
} as const;

export const returnInput = z.strictObject({
  fileName: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do arquivo.'), z.maxLength(200, 'Use no máximo 200 caracteres.')),
  content: z.string().check(z.minLength(1, RETURN_IMPORT_MESSAGES.content), z.maxLength(Math.ceil((RETURN_MAX_BYTES * 4) / 3) + 4, RETURN_IMPORT_MESSAGES.tooLarge)),
});
export type ReturnInput = z.infer<typeof returnInput>;

const returnLine = z.object({
  line: z.number(),
  reference: z.string(),
  installmentId: z.nullable(z.string()),
  remittanceNumber: z.nullable(z.number()),
  // `conflict`: the bank says otherwise than the person who answered the payment by hand (answers.ts).
  outcome: z.enum(['paid', 'rejected', 'scheduled', 'unknown', 'unchanged', 'conflict']),
  codes: z.array(z.string()),
  reason: z.string(),
});
export const returnResult = z.object({
  duplicate: z.boolean(),
  fileName: z.string(),
  sha256: z.string(),
  payments: z.number(),
  paid: z.number(),
  rejected: z.number(),
  scheduled: z.number(),
  unknown: z.number(),
  unchanged: z.number(),
  // Absent from the results of imports made before it existed.
  conflict: z.optional(z.number()),
  lines: z.array(returnLine),
});
export type ReturnResult = z.infer<typeof returnResult>;

/** The import record as the screen polls it: the result so far, `processedCount` of `payments` applied. */
export const returnImport = z.object({
  ...returnResult.shape,
  id: z.string(),
  status: z.enum(['processing', 'processed', 'failed']),
  processedCount: z.number(),
  failureReason: z.nullable(z.string()),
});
export type ReturnImport = z.infer<typeof returnImport>;

/** A payment as the request read and validated it: what a step applies. */
export interface PlannedPayment {
  line: number;
  reference: string;
  occurrences: string[];
  paidOn: string | null;
  paidAmount: number;
}

export const emptyResult = (fileName: string, sha256: string, payments: number): ReturnResult => ({
  duplicate: false, fileName, sha256, payments, paid: 0, rejected: 0, scheduled: 0, unknown: 0, unchanged: 0, conflict: 0, lines: [],
});

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The import record `id` (or the one of `sha256`), or undefined. */
export async function readReturnImport(trx: Trx, orgId: string, by: { id: string } | { sha256: string }): Promise<ReturnImport | undefined> {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`sha256 = ${by.sha256}`;
  const found = await sql<{ id: string; status: ReturnImport['status']; processed_count: number; failure_reason: string | null; result: unknown }>`SELECT id, status, processed_count, failure_reason, result
    FROM remittance_returns WHERE org_id = ${orgId} AND ${where}`.execute(trx);
  const row = found.rows[0];
  if (!row) return undefined;
  return { ...json<ReturnResult>(row.result), id: row.id, status: row.status, processedCount: Number(row.processed_count), failureReason: row.failure_reason };
}

interface AgreementRow {
  id: string;
  bank_account_id: string;
  agreement_code: string;
  layout: CnabLayout;
  account: string | null;
}

/** A remessa's payment as a retorno reads it (returnJob.ts too). */
export interface ItemRow {
  id: string;
  remittance_id: string;
  remittance_number: string;
  remittance_status: string;
  installment_id: string;
  reference: string;
  payment_date: string;
  outcome: string;
  live: boolean;
  /** Who answered the payment by hand (answers.ts) and when (dd/mm/aaaa): read by the retorno's job only. */
  answered_by?: string | null;
  answered_at?: string | null;
}

const bad = (message: string) => new HttpError(400, message, { content: [message] });
const digits = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');


/**
 * Validates the whole file and accepts it: `accepted` false — the same content was imported
 * before (its record, nothing changed); true — stored in `processing`, its first step enqueued.
 */
export async function acceptReturn(trx: Trx, call: Call, input: ReturnInput, jobs: JobQueue): Promise<{ accepted: boolean; record: ReturnImport }> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input.content)) throw bad(RETURN_IMPORT_MESSAGES.notCnab);
  const bytes = Buffer.from(input.content, 'base64');
  if (!bytes.length) throw bad(RETURN_IMPORT_MESSAGES.content);
  if (bytes.length > RETURN_MAX_BYTES) throw new HttpError(413, RETURN_IMPORT_MESSAGES.tooLarge, { content: [RETURN_IMPORT_MESSAGES.tooLarge] });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = input.fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

  // Taken first: a parallel import of the same content waits here, then finds it taken. A failed
  // import of it is taken again (it starts over); anything else answers the first import.
  const now = call.ctx.clock();
  const taken = await sql<{ id: string }>`INSERT INTO remittance_returns (id, org_id, sha256, file_name, payments, result, status, processed_count, created_at, updated_at, created_by)
    VALUES (${randomUUID()}, ${call.orgId}, ${sha256}, ${fileName}, 0, '{}'::jsonb, 'processing', 0, ${now}, ${now}, ${call.userId})
    ON CONFLICT (org_id, sha256) DO UPDATE SET status = 'processing', processed_count = 0, failure_reason = NULL, file_name = EXCLUDED.file_name, updated_at = EXCLUDED.updated_at, created_by = EXCLUDED.created_by
      WHERE remittance_returns.status = 'failed'
    RETURNING id`.execute(trx);
  if (!taken.rows.length) {
    const record = (await readReturnImport(trx, call.orgId, { sha256 }))!;
    return { accepted: false, record: { ...record, duplicate: true } };
  }
  const returnId = taken.rows[0].id;

  const text = bytes.toString('latin1');
  if (text.length < 240 || /[\u0000-\u0008\u000e-\u001f]/.test(text.replace(/\x1a$/, ''))) throw bad(RETURN_IMPORT_MESSAGES.notCnab);
  const bankCode = text.slice(0, 3);
  if (!/^\d{3}$/.test(bankCode) || text[7] !== '0') throw bad(RETURN_IMPORT_MESSAGES.notCnab);
  const agreements = (
    await sql<AgreementRow>`SELECT g.id, g.bank_account_id, g.agreement_code, g.layout, a.account FROM bank_account_agreements g
      JOIN bank_accounts a ON a.id = g.bank_account_id JOIN banks b ON b.id = a.bank_id
      WHERE g.org_id = ${call.orgId} AND g.is_active AND b.code = ${bankCode} ORDER BY g.created_at, g.id`.execute(trx)
  ).rows;
  if (!agreements.length) throw bad(RETURN_IMPORT_MESSAGES.noAgreement(bankCode));

  let file: ReturnFile;
  try {
    file = readReturnFile(layoutFor(agreements[0].layout), text);
  } catch (error) {
    if (error instanceof CnabReadError) throw new HttpError(400, error.message, { content: [error.message] });
    throw error;
  }
  if (file.direction === '1') throw bad(RETURN_IMPORT_MESSAGES.remessa);
  const agreement = agreements.find((g) => digits(g.account) === digits(file.companyAccount) && (!file.agreementCode || digits(file.agreementCode) === digits(g.agreement_code) || file.agreementCode === g.agreement_code));
  if (!agreement) throw bad(RETURN_IMPORT_MESSAGES.otherAgreement);

  const references = [...new Set(file.payments.map((p) => p.reference))];
  const items = references.length
    ? (
        await sql<ItemRow>`SELECT i.id, i.remittance_id, r.number::text AS remittance_number, r.status AS remittance_status, i.installment_id, i.reference, i.payment_date::text, i.outcome, i.live
          FROM remittance_items i JOIN remittances r ON r.id = i.remittance_id
          WHERE i.org_id = ${call.orgId} AND r.agreement_id = ${agreement.id} AND i.reference IN (${sql.join(references)}) ORDER BY i.id`.execute(trx)
      ).rows
    : [];
  // The remessas answered, locked (id order) before their state is read: a "Cancelar remessa" or
  // "Marcar como enviada" at the same time waits, then finds the remessa processada (and a cancel
  // that came first makes this import find it cancelada). No check-then-act.
  const remittanceIds = [...new Set(items.map((item) => item.remittance_id))].sort();
  const locked = remittanceIds.length
    ? (await sql<{ id: string; status: string }>`SELECT id, status FROM remittances WHERE org_id = ${call.orgId} AND id IN (${sql.join(remittanceIds)}) ORDER BY id FOR UPDATE`.execute(trx)).rows
    : [];
  const statusOf = new Map(locked.map((row) => [row.id, row.status]));
  for (const item of items) item.remittance_status = statusOf.get(item.remittance_id) ?? item.remittance_status;
  const byReference = new Map(items.map((item) => [item.reference, item]));
  for (const payment of file.payments) {
    const item = byReference.get(payment.reference);
    if (!item) throw bad(RETURN_IMPORT_MESSAGES.unknownPayment(payment.line, payment.reference));
    if (item.remittance_status === 'cancelled' && item.outcome !== 'paid') throw bad(RETURN_IMPORT_MESSAGES.cancelled(payment.line, Number(item.remittance_number)));
    // A file never offered (still being generated, or failed) cannot have reached the bank.
    if (item.remittance_status === 'failed' || item.remittance_status === 'generating') throw bad(RETURN_IMPORT_MESSAGES[item.remittance_status](payment.line, Number(item.remittance_number)));
    // A baixa dated after today would count in the account's balance and the realised cash flow
    // before the money left (a person's baixa is refused so too). An agendamento's date may be later.
    if (payment.paidOn && payment.paidOn > saoPauloToday(now) && judge(payment.occurrences).outcome === 'paid') throw bad(RETURN_IMPORT_MESSAGES.futurePayment(payment.line, payment.paidOn));
  }

  // The bank has answered these remessas: processadas now (DOMAIN "Arquivo de remessa"), so they
  // can no longer be cancelled or marked sent — even when every payment was rejected (those
  // parcelas go back to the fila through the job) or one is only agendado (its confirmation comes
  // in a later retorno, still accepted: a processada remessa takes more answers).
  const remittances$ = call.ctx.records(remittances.name);
  for (const row of locked) {
    if (row.status === 'generated' || row.status === 'sent') await remittances$.runAction(trx, remittances$.callFrom(call), row.id, 'process', {}, undefined, { system: true });
  }

  const plan: PlannedPayment[] = file.payments.map((p) => ({ line: p.line, reference: p.reference, occurrences: p.occurrences, paidOn: p.paidOn, paidAmount: p.paidAmount }));
  const result = emptyResult(fileName, sha256, plan.length);
  await sql`UPDATE remittance_returns SET bank_account_id = ${agreement.bank_account_id}, agreement_id = ${agreement.id}, payments = ${plan.length}, content = ${bytes},
    plan = ${JSON.stringify(plan)}::jsonb, result = ${JSON.stringify(result)}::jsonb WHERE id = ${returnId}`.execute(trx);
  await jobs.send(trx, RETURN_JOB, { returnId, orgId: call.orgId, offset: 0 } satisfies ReturnStep);
  return { accepted: true, record: { ...result, id: returnId, status: 'processing', processedCount: 0, failureReason: null } };
}
