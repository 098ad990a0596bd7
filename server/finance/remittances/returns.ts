/**
 * Importing a retorno (POST /api/finance/remittances/returns), in one transaction:
 * - the file is recognised by its SHA-256: the same content imported again answers the first
 *   import's result and changes nothing (the row is taken first, so two imports at once wait for
 *   each other);
 * - it must be a CNAB 240 retorno (code 2 at position 143) of a bank and account that has a
 *   convênio here, read with that convênio's layout (cnab/returnFile.ts: every line 240, trailers
 *   exact — otherwise a message naming the line and field), and every payment's "seu número" must
 *   be one of this convênio's remessas — a file of another convênio or a remessa never generated
 *   here is refused whole;
 * - each payment's ocorrências (cnab/occurrences.ts) move its parcela through its own service:
 *   paga → `settleRemitted`, the baixa with the bank's date and amount (more than the balance:
 *   the difference as juros/multa; less: a partial baixa, the rest stays open and the parcela
 *   autorizada); rejeitada → `unremit` back to autorizada with the codes' meaning as the reason;
 *   agendada → nothing yet; unknown codes → shown, the parcela stays em remessa. A payment already
 *   answered (paga or rejeitada) is left as it is. A remessa whose payments are all answered
 *   becomes processada (its own `process`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { payableInstallments, remittances } from '../../../src/contracts/resources/index.js';
import { formatMoney } from '../../../src/contracts/money.js';
import { audit } from '../../audit.js';
import { HttpError } from '../../errors.js';
import type { Call, Trx } from '../../registry/storage.js';
import { judge } from '../cnab/occurrences.js';
import { layoutFor, type CnabLayout } from '../cnab/overlays.js';
import { CnabReadError, readReturnFile, type ReturnFile } from '../cnab/returnFile.js';

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
  outcome: z.enum(['paid', 'rejected', 'scheduled', 'unknown', 'unchanged']),
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
  lines: z.array(returnLine),
});
export type ReturnResult = z.infer<typeof returnResult>;

interface AgreementRow {
  id: string;
  bank_account_id: string;
  agreement_code: string;
  layout: CnabLayout;
  account: string | null;
}

interface ItemRow {
  id: string;
  remittance_id: string;
  remittance_number: string;
  remittance_status: string;
  installment_id: string;
  reference: string;
  payment_date: string;
  outcome: string;
  live: boolean;
}

const bad = (message: string) => new HttpError(400, message, { content: [message] });
const digits = (value: string | null) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');

export async function importReturn(trx: Trx, call: Call, input: ReturnInput): Promise<ReturnResult> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input.content)) throw bad(RETURN_IMPORT_MESSAGES.notCnab);
  const bytes = Buffer.from(input.content, 'base64');
  if (!bytes.length) throw bad(RETURN_IMPORT_MESSAGES.content);
  if (bytes.length > RETURN_MAX_BYTES) throw new HttpError(413, RETURN_IMPORT_MESSAGES.tooLarge, { content: [RETURN_IMPORT_MESSAGES.tooLarge] });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = input.fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);

  // The same content again: the first answer, nothing changed. Taken first: a parallel import of it waits here.
  const taken = await sql<{ id: string }>`INSERT INTO remittance_returns (id, org_id, sha256, file_name, payments, result, created_at, created_by)
    VALUES (${randomUUID()}, ${call.orgId}, ${sha256}, ${fileName}, 0, '{}'::jsonb, ${call.ctx.clock()}, ${call.userId}) ON CONFLICT (org_id, sha256) DO NOTHING RETURNING id`.execute(trx);
  if (!taken.rows.length) {
    const stored = await sql<{ result: unknown }>`SELECT result FROM remittance_returns WHERE org_id = ${call.orgId} AND sha256 = ${sha256}`.execute(trx);
    const result = (typeof stored.rows[0].result === 'string' ? JSON.parse(stored.rows[0].result) : stored.rows[0].result) as ReturnResult;
    return { ...result, duplicate: true };
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
          WHERE i.org_id = ${call.orgId} AND r.agreement_id = ${agreement.id} AND i.reference IN (${sql.join(references)}) ORDER BY i.id FOR UPDATE OF i`.execute(trx)
      ).rows
    : [];
  const byReference = new Map(items.map((item) => [item.reference, item]));
  for (const payment of file.payments) {
    const item = byReference.get(payment.reference);
    if (!item) throw bad(RETURN_IMPORT_MESSAGES.unknownPayment(payment.line, payment.reference));
    if (item.remittance_status === 'cancelled' && item.outcome !== 'paid') throw bad(RETURN_IMPORT_MESSAGES.cancelled(payment.line, Number(item.remittance_number)));
    // A file never offered (still being generated, or failed) cannot have reached the bank.
    if (item.remittance_status === 'failed' || item.remittance_status === 'generating') throw bad(RETURN_IMPORT_MESSAGES[item.remittance_status](payment.line, Number(item.remittance_number)));
  }

  const parcelas = call.ctx.records(payableInstallments.name);
  const asParcelas = parcelas.callFrom(call);
  const result: ReturnResult = { duplicate: false, fileName, sha256, payments: file.payments.length, paid: 0, rejected: 0, scheduled: 0, unknown: 0, unchanged: 0, lines: [] };
  const touched = new Set<string>();
  for (const payment of file.payments) {
    const item = byReference.get(payment.reference)!;
    const judgement = judge(payment.occurrences);
    const line = { line: payment.line, reference: payment.reference, installmentId: item.installment_id, remittanceNumber: Number(item.remittance_number), codes: payment.occurrences, reason: judgement.reason };
    if (item.outcome === 'paid' || item.outcome === 'rejected') {
      result.unchanged++;
      result.lines.push({ ...line, outcome: 'unchanged' });
      continue;
    }
    touched.add(item.remittance_id);
    if (judgement.outcome === 'paid') {
      const parcela = await parcelas.get(trx, asParcelas, item.installment_id);
      const balance = Number(parcela.amount) - Number(parcela.paidAmount);
      const principal = Math.min(balance, payment.paidAmount);
      const extra = Math.max(0, payment.paidAmount - balance);
      await parcelas.runAction(trx, asParcelas, item.installment_id, 'settleRemitted', {
        paidOn: payment.paidOn ?? item.payment_date,
        amount: principal,
        ...(extra ? { interest: extra } : {}),
        bankAccountId: agreement.bank_account_id,
        note: `Retorno do banco (${fileName}, linha ${payment.line}): ${judgement.reason}. Pago ${formatMoney(payment.paidAmount)}.`,
      }, undefined, { system: true });
      await sql`UPDATE remittance_items SET outcome = 'paid', occurrences = ${judgement.reason}, live = false WHERE id = ${item.id}`.execute(trx);
      result.paid++;
    } else if (judgement.outcome === 'rejected') {
      await parcelas.runAction(trx, asParcelas, item.installment_id, 'unremit', { reason: `Rejeitada pelo banco: ${judgement.reason}` }, undefined, { system: true });
      await sql`UPDATE remittance_items SET outcome = 'rejected', occurrences = ${judgement.reason}, live = false WHERE id = ${item.id}`.execute(trx);
      result.rejected++;
    } else {
      await sql`UPDATE remittance_items SET outcome = ${judgement.outcome}, occurrences = ${judgement.reason} WHERE id = ${item.id}`.execute(trx);
      result[judgement.outcome]++;
    }
    result.lines.push({ ...line, outcome: judgement.outcome });
  }

  // A remessa whose every payment is answered is processada.
  const remittances$ = call.ctx.records(remittances.name);
  for (const remittanceId of [...touched].sort()) {
    const open = await sql<{ n: string; status: string }>`SELECT (SELECT count(*) FROM remittance_items WHERE remittance_id = r.id AND outcome NOT IN ('paid', 'rejected'))::text AS n, r.status
      FROM remittances r WHERE r.id = ${remittanceId}`.execute(trx);
    const row = open.rows[0];
    if (row && Number(row.n) === 0 && (row.status === 'generated' || row.status === 'sent')) {
      await remittances$.runAction(trx, remittances$.callFrom(call), remittanceId, 'process', {}, undefined, { system: true });
    }
  }
  await sql`UPDATE remittance_returns SET bank_account_id = ${agreement.bank_account_id}, payments = ${result.payments}, result = ${JSON.stringify(result)}::jsonb WHERE id = ${returnId}`.execute(trx);
  const { lines: _lines, ...summary } = result;
  await audit(trx, call.ctx.clock(), { orgId: call.orgId, actorUserId: call.userId, entityType: 'remittanceReturns', action: 'remittanceReturns.import', entityId: returnId, after: summary }, call.request);
  return result;
}
