/**
 * Generating a remessa (POST /api/finance/remittances) — the request's part, in the caller's one
 * transaction; the job (job.ts) does the rest in steps:
 * 1. the convênio's NSA is taken and incremented in one UPDATE (its row stays locked until the
 *    commit: two generations on one convênio take turns, and an agreement form open elsewhere
 *    gets a 412 instead of writing an old NSA back);
 * 2. the authorised parcelas of the account (all, or the ones chosen) are row-locked in id order,
 *    and then — in a statement of its own, so it sees what a generation that held the locks
 *    before us committed — the ones already in a live remessa (one still being generated: its
 *    parcelas stay autorizadas until its job moves them) are left out; the chosen list is refused
 *    with 409 if any is missing. The remessa's payments (`remittance_items`, live) are the
 *    reservation: the partial unique index on live items is the last wall;
 * 3. each parcela becomes a payment order (orders.ts) and the file is written (cnab/) — every
 *    refusal (a parcela without payment data, a value that does not fit the layout) comes here,
 *    before anything is written; the record is created through the remessas' own service
 *    (numbered, audited) in state `generating`, and the job's first step is enqueued with it.
 * The job then moves the parcelas `authorized → in_remittance` through their own service (`remit`:
 * lock, state re-checked, history, audit), 500 per step, and offers the file with its SHA-256.
 * Anything refused here rolls everything back: no NSA spent, no parcela taken.
 */
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { CNAB_LAYOUT_LABELS } from '../../../src/contracts/resources/bankAccountAgreements.js';
import { payableInstallments, remittances } from '../../../src/contracts/resources/index.js';
import { todayIn } from '../../approvals/engine.js';
import { fieldError, HttpError, MESSAGES } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { lockRecords, selectRecords } from '../../registry/records.js';
import type { Call, Trx, WireRecord } from '../../registry/storage.js';
import { layoutFor, type CnabLayout } from '../cnab/overlays.js';
import { buildRemittanceFile, type PaymentOrder } from '../cnab/remittanceFile.js';
import { CnabFieldError } from '../cnab/writer.js';
import { paymentOrder, type ParcelaForFile } from './orders.js';
import { REMITTANCE_JOB, type RemittanceStep } from './job.js';
import { pendingFile, type PendingItem } from './storage.js';

export const REMITTANCE_MAX_PAYMENTS = 10_000;
/** The states `remit` takes a parcela from (its workflow's declaration). */
const REMITTABLE = payableInstallments.workflow!.transitions.find((t) => t.name === 'remit')!.from;

export const GENERATE_MESSAGES = {
  account: 'Conta financeira não encontrada.',
  agreement: 'Convênio não encontrado nesta conta financeira.',
  inactive: 'Este convênio está inativo.',
  bank: (layout: string) => `O layout "${layout}" é de outro banco: escolha um convênio do banco desta conta.`,
  accountData: 'A conta financeira não tem banco, agência e conta completos: complete os dados bancários.',
  none: 'Não há parcelas autorizadas desta conta para incluir na remessa.',
  unavailable: (count: number) =>
    `${count === 1 ? '1 parcela escolhida não está mais autorizada' : `${count} parcelas escolhidas não estão mais autorizadas`} nesta conta (já em outra remessa, paga ou devolvida à fila). Atualize a fila e gere de novo.`,
  tooMany: `Uma remessa leva no máximo ${REMITTANCE_MAX_PAYMENTS.toLocaleString('pt-BR')} pagamentos.`,
  parcela: (description: string, problem: string) => `Parcela "${description}": ${problem}`,
  layout: (problem: string) => `O arquivo não pôde ser gerado neste layout — ${problem}`,
} as const;

export const generateInput = z.strictObject({
  bankAccountId: z.string().check(z.minLength(1, 'Escolha a conta financeira.'), z.maxLength(64)),
  agreementId: z.string().check(z.minLength(1, 'Escolha o convênio.'), z.maxLength(64)),
  installmentIds: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.minLength(1, 'Escolha ao menos uma parcela.'), z.maxLength(REMITTANCE_MAX_PAYMENTS, GENERATE_MESSAGES.tooMany))),
  notes: z.optional(z.nullable(z.string().check(z.maxLength(2000, 'Use no máximo 2000 caracteres.')))),
});
export type GenerateInput = z.infer<typeof generateInput>;

interface AccountRow {
  id: string;
  agency: string | null;
  agency_digit: string | null;
  account: string | null;
  account_digit: string | null;
  holder_name: string;
  holder_document: string;
  bank_code: string | null;
  bank_name: string | null;
}

interface AgreementRow {
  id: string;
  name: string;
  agreement_code: string;
  layout: CnabLayout;
  services: string[] | string;
  is_active: boolean;
  nsa: number;
}

const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');
/** Postgres text[] from either driver. */
const textArray = (value: string[] | string): string[] => (Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

/** "HHMMSS" in São Paulo. */
const timeIn = (now: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(now).replace(/:/g, '');

export async function generateRemittance(trx: Trx, call: Call, input: GenerateInput, jobs: JobQueue): Promise<WireRecord> {
  const account = (
    await sql<AccountRow>`SELECT a.id, a.agency, a.agency_digit, a.account, a.account_digit, a.holder_name, a.holder_document, b.code AS bank_code, b.name AS bank_name
      FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id WHERE a.org_id = ${call.orgId} AND a.id = ${input.bankAccountId}`.execute(trx)
  ).rows[0];
  if (!account) throw fieldError('bankAccountId', GENERATE_MESSAGES.account);
  if (!account.bank_code || !account.agency || !account.account) throw fieldError('bankAccountId', GENERATE_MESSAGES.accountData);
  const agreement = (
    await sql<AgreementRow>`UPDATE bank_account_agreements SET next_file_sequence = next_file_sequence + 1, version = version + 1, updated_at = ${call.ctx.clock()}
      WHERE org_id = ${call.orgId} AND id = ${input.agreementId} AND bank_account_id = ${account.id}
      RETURNING id, name, agreement_code, layout, services, is_active, next_file_sequence - 1 AS nsa`.execute(trx)
  ).rows[0];
  if (!agreement) throw fieldError('agreementId', GENERATE_MESSAGES.agreement);
  if (!agreement.is_active) throw fieldError('agreementId', GENERATE_MESSAGES.inactive);
  const layout = layoutFor(agreement.layout);
  if (layout.bankCode && layout.bankCode !== account.bank_code) throw fieldError('agreementId', GENERATE_MESSAGES.bank(CNAB_LAYOUT_LABELS[agreement.layout]));
  const nsa = Number(agreement.nsa);

  // The parcelas: locked in id order while authorised, then the ones no live remessa holds.
  const parcelas$ = call.ctx.records(payableInstallments.name);
  const asParcelas = parcelas$.callFrom(call);
  const chosen = input.installmentIds ? [...new Set(input.installmentIds)] : null;
  const conditions = [sql`t.bank_account_id = ${account.id}`, sql`t.amount > t.paid_amount`, sql`t.status IN (${sql.join(REMITTABLE)})`];
  if (chosen) conditions.push(sql`t.id IN (${sql.join(chosen)})`);
  const locked = await lockRecords(trx, asParcelas, parcelas$.storage, conditions);
  const held = locked.length
    ? new Set((await sql<{ installment_id: string }>`SELECT installment_id FROM remittance_items WHERE org_id = ${call.orgId} AND live AND installment_id IN (${sql.join(locked)})`.execute(trx)).rows.map((r) => r.installment_id))
    : new Set<string>();
  const free = locked.filter((id) => !held.has(id));
  if (chosen && free.length !== chosen.length) throw new HttpError(409, GENERATE_MESSAGES.unavailable(chosen.length - free.length));
  if (!free.length) throw new HttpError(409, GENERATE_MESSAGES.none);
  if (free.length > REMITTANCE_MAX_PAYMENTS) throw new HttpError(409, GENERATE_MESSAGES.tooMany);
  const moved = await selectRecords(trx, asParcelas, parcelas$.storage, [sql`t.id IN (${sql.join(free)})`]);

  const today = todayIn(call.ctx.clock());
  const parties = await lookups(trx, call, moved);
  const tag = agreement.id.replace(/[^0-9a-z]/gi, '').slice(0, 8).toUpperCase();
  const orders: PaymentOrder[] = [];
  const items: PendingItem[] = [];
  const problems: string[] = [];
  // A stable order: by due date, then id (the same parcelas always give the same file).
  const sorted = [...moved].sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)) || a.id.localeCompare(b.id));
  sorted.forEach((parcela, i) => {
    const reference = `${tag}${String(nsa).padStart(6, '0')}${String(i + 1).padStart(6, '0')}`;
    const dueDate = String(parcela.dueDate);
    const paymentDate = dueDate < today ? today : dueDate;
    const result = paymentOrder(parcelaForFile(parcela, parties), { bankCode: account.bank_code!, services: textArray(agreement.services), reference, paymentDate, today });
    if (!result.ok) {
      problems.push(GENERATE_MESSAGES.parcela(String(parcela.description), result.message));
      return;
    }
    orders.push(result.order);
    items.push({ installmentId: parcela.id, supplierId: (parcela.supplierId as string) ?? null, paymentForm: result.order.form, reference, paymentDate, amount: result.order.amount });
  });
  if (problems.length) throw new HttpError(400, MESSAGES.validation, { installmentIds: problems.slice(0, 50) });

  let file;
  try {
    file = buildRemittanceFile({
      layout,
      company: { bankCode: account.bank_code, bankName: account.bank_name ?? '', document: account.holder_document, name: account.holder_name, agency: digits(account.agency), agencyDigit: account.agency_digit ?? '', account: digits(account.account), accountDigit: account.account_digit ?? '' },
      agreementCode: agreement.agreement_code,
      fileSequence: nsa,
      generatedOn: today,
      generatedAt: timeIn(call.ctx.clock()),
      orders,
    });
  } catch (error) {
    if (error instanceof CnabFieldError) throw fieldError('agreementId', GENERATE_MESSAGES.layout(error.message));
    throw error;
  }
  const content = Buffer.from(file.text, 'latin1');
  const service = call.ctx.records(remittances.name);
  const own = service.callFrom(call);
  pendingFile.set(own, {
    columns: {
      file_name: `REMESSA-${agreement.agreement_code}-${String(nsa).padStart(6, '0')}.REM`,
      bank_account_id: account.id,
      agreement_id: agreement.id,
      agreement_name: agreement.name,
      layout: agreement.layout,
      file_sequence: nsa,
      payment_count: orders.length,
      total: file.total,
      // Offered (with its SHA-256) once the job has moved every parcela into it.
      sha256: null,
      processed_count: 0,
      content,
    },
    items,
  });
  const created = await service.create(trx, own, { notes: input.notes ?? null });
  await jobs.send(trx, REMITTANCE_JOB, { remittanceId: created.id, orgId: call.orgId, offset: 0 } satisfies RemittanceStep);
  // Read again (its payments were written after the insert); a create answers without `_refs`, like every POST.
  const { _refs, ...record } = await service.get(trx, own, created.id);
  await service.addActions(trx, own, [record]);
  return record;
}

interface Parties {
  suppliers: Map<string, { name: string; document: string }>;
  banks: Map<string, string>;
}

async function lookups(trx: Trx, call: Call, parcelas: WireRecord[]): Promise<Parties> {
  const supplierIds = [...new Set(parcelas.map((p) => p.supplierId as string).filter(Boolean))];
  const bankIds = [...new Set(parcelas.map((p) => p.bankId as string).filter(Boolean))];
  const suppliers = supplierIds.length
    ? (await sql<{ id: string; name: string; document: string }>`SELECT id, name, document FROM persons WHERE org_id = ${call.orgId} AND id IN (${sql.join(supplierIds)})`.execute(trx)).rows
    : [];
  const banks = bankIds.length ? (await sql<{ id: string; code: string }>`SELECT id, code FROM banks WHERE org_id = ${call.orgId} AND id IN (${sql.join(bankIds)})`.execute(trx)).rows : [];
  return { suppliers: new Map(suppliers.map((s) => [s.id, { name: s.name, document: s.document }])), banks: new Map(banks.map((b) => [b.id, b.code])) };
}

function parcelaForFile(parcela: WireRecord, parties: Parties): ParcelaForFile {
  const supplier = parties.suppliers.get(String(parcela.supplierId)) ?? { name: '', document: '' };
  const text = (field: string) => (parcela[field] === null || parcela[field] === undefined ? null : String(parcela[field]));
  return {
    id: parcela.id,
    description: String(parcela.description ?? ''),
    dueDate: String(parcela.dueDate),
    openBalance: Number(parcela.amount) - Number(parcela.paidAmount),
    paymentMethod: String(parcela.paymentMethod),
    boletoLine: text('boletoLine'),
    pixKeyType: text('pixKeyType'),
    pixKey: text('pixKey'),
    pixPayload: text('pixPayload'),
    payeeBankCode: parcela.bankId ? (parties.banks.get(String(parcela.bankId)) ?? null) : null,
    agency: text('agency'),
    account: text('account'),
    accountDigit: text('accountDigit'),
    holderName: text('holderName'),
    holderDocument: text('holderDocument'),
    supplierName: supplier.name,
    supplierDocument: supplier.document,
  };
}
