/**
 * What a lançamento a pagar and a lançamento a receber share (DOMAIN "Lançamento"): the document,
 * its category (which carries the DRE line), the total, the cost-centre split (rateio, by percent
 * or by amount, centavo-exact, always adding up to the total) and the parcelas (generated from a
 * payment condition or typed one by one; their sum always equals the total; each with its due date
 * on a business day and its payment data). Rules across fields live in `entryIssues.ts` — the form
 * shows them under the field, the server answers them as a 400 naming the field.
 */
import type * as z from 'zod/mini';
import { type Rule } from '../../validation/rules';
import { date, enumOf, file, integer, list, money, percent, reference, references, text } from '../../fields';
import { notes } from './common';
import { paymentDataCheck, paymentDataFields } from './paymentDataFields';
import { receiptDataCheck, receiptDataFields } from './receiptDataFields';

export const DOCUMENT_TYPES = ['nfe', 'nfse', 'invoice', 'boleto', 'receipt', 'contract', 'tax', 'other'] as const;
export const DOCUMENT_TYPE_LABELS = {
  nfe: 'NF-e',
  nfse: 'NFS-e',
  invoice: 'Fatura',
  boleto: 'Boleto',
  receipt: 'Recibo',
  contract: 'Contrato',
  tax: 'Guia de imposto',
  other: 'Outro',
} as const;

export const ENTRY_MESSAGES = {
  competence: 'Informe o mês de competência como mês/ano, por exemplo 11/2026.',
  total: 'Informe um valor maior que zero.',
  noInstallments: 'Inclua ao menos uma parcela.',
  noAllocations: 'Rateie o valor em ao menos um centro de custos.',
  duplicateCostCenter: 'Este centro de custos já está no rateio.',
} as const;

/** Competência "11/2026". */
export const COMPETENCE = /^(0[1-9]|1[0-2])\/\d{4}$/;
export const competenceRule = (): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.trim(), z.regex(COMPETENCE, ENTRY_MESSAGES.competence));

/** One line of the rateio: a cost centre with its percent (informative, basis points) and its amount. */
export const ALLOCATION = {
  costCenterId: reference('Centro de custos', 'costCenters', { required: 'Escolha o centro de custos.' }),
  percent: percent('Percentual', { optional: true }),
  amount: money('Valor', { min: 0, minMessage: 'O valor não pode ser negativo.' }),
};

/** One parcela as the lançamento's form edits it: number, due date and amount… */
const INSTALLMENT_BASE = {
  number: integer('Parcela', { min: 1, max: 120 }),
  dueDate: date('Vencimento'),
  amount: money('Valor', { min: 1, minMessage: 'Cada parcela deve ter valor maior que zero.' }),
};
/** …a pagar: how we pay the supplier (their boleto, their PIX key, their bank account). */
export const INSTALLMENT = { ...INSTALLMENT_BASE, ...paymentDataFields };
/** …a receber: how the customer pays us (our receiving account, our PIX key, our boleto). */
export const RECEIVABLE_INSTALLMENT = { ...INSTALLMENT_BASE, ...receiptDataFields };

const installmentList = <I extends typeof INSTALLMENT | typeof RECEIVABLE_INSTALLMENT>(item: I, check: typeof paymentDataCheck) =>
  list('Parcelas', item, { keyed: true, addLabel: 'Adicionar parcela', min: 1, minMessage: ENTRY_MESSAGES.noInstallments, max: 120, maxMessage: 'No máximo 120 parcelas.', itemChecks: (kit) => [check(kit)] });
/** The parcelas of a lançamento a pagar (payment data) and of a lançamento a receber (receipt data). */
export const payableInstallmentList = () => installmentList(INSTALLMENT, paymentDataCheck);
export const receivableInstallmentList = () => installmentList(RECEIVABLE_INSTALLMENT, receiptDataCheck);

/** A lançamento's parcelas as records of their own, on its page: each with what was paid and its state (`bornRecords`). */
export const installmentRecords = (resource: 'payableInstallments' | 'receivableInstallments') =>
  [{ resource, field: 'entryId', title: 'Situação das parcelas', columns: ['number', 'dueDate', 'amount', 'paidAmount', 'openBalance', 'status'], sort: 'number' }] as const;

/** The fields both kinds of lançamento have (the counterparty, category and the parcelas' payment data differ). */
export function entryFields<L>(installments: L) {
  return {
    number: integer('Número', { rule: ({ z }) => z.int(), readOnly: true }),
    documentType: enumOf('Tipo de documento', DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, { initial: 'nfe' }),
    documentNumber: text('Número do documento', { max: 60, optional: true }),
    issueDate: date('Data de emissão', { warnAfterToday: 'A data de emissão é posterior a hoje. Confira se foi digitada corretamente.' }),
    competence: text('Competência (mês/ano)', { rule: competenceRule(), pattern: '##/####', placeholder: 'mm/aaaa', help: 'Mês/ano a que a despesa ou receita se refere, por exemplo 11/2026.' }),
    description: text('Descrição', { max: 240, required: 'Descreva o lançamento.' }),
    total: money('Valor total', { min: 1, minMessage: ENTRY_MESSAGES.total }),
    bankAccountId: reference('Conta financeira', 'bankAccounts', { optional: true }),
    companyId: reference('Empresa', 'companies', { optional: true }),
    paymentCondition: text('Condição de pagamento', { max: 40, optional: true, help: 'Por exemplo 30/60/90, 10x, entrada + 5x ou à vista: gera as parcelas.' }),
    allocations: list('Rateio por centro de custos', ALLOCATION, { keyed: true, addLabel: 'Adicionar centro de custos', min: 1, minMessage: ENTRY_MESSAGES.noAllocations, max: 50 }),
    installments,
    documentFileId: file('Documento (boleto, NF)', { optional: true, help: 'Em PDF ou imagem (JPG, PNG, WebP, GIF).' }),
    notes: notes('Observações'),
    openBalance: money('Saldo em aberto', { readOnly: true }),
    costCenterIds: COST_CENTERS_OF_ENTRY,
  };
}

/** The cost centres of the rateio (read-only, for the lists' "centro de custos" filter). */
export const COST_CENTERS_OF_ENTRY = references('Centros de custos', 'costCenters', { readOnly: true });

/**
 * The lists of the requester's and the payment queue (parcelas and lançamentos a pagar): mounted
 * with fixed filters (src/modules/finance/routes.data.ts), each keeps its own columns and saved filters.
 */
export const FINANCE_QUEUE_LISTS = ['requesterQueue', 'paymentQueue', 'paymentAuthorized'] as const;
