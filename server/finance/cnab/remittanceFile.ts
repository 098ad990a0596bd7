/**
 * A CNAB 240 payment file (remessa) from payment orders: one batch per forma de lançamento (in
 * PAYMENT_FORM_ORDER), each with its header, its payments' segments and its trailer (records
 * counted with header and trailer, amounts summed to the centavo), then the file trailer (batches,
 * every record). Deterministic: the same input gives the same bytes. Lines end with CRLF, the
 * last one too (FEBRABAN; banks refuse a file without it).
 */
import type { Layout } from './overlays.js';
import { PAYMENT_FORM_ORDER, PAYMENT_FORMS, type PaymentFormName } from './forms.js';
import { cnabDate } from './text.js';
import { writeRecord, type CnabValues } from './writer.js';

export const CRLF = '\r\n';

export interface CompanyAccount {
  bankCode: string;
  bankName: string;
  /** CPF (11) or CNPJ (14, alphanumeric allowed). */
  document: string;
  name: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
}

export interface Payee {
  name: string;
  document?: string | null;
  bankCode?: string | null;
  agency?: string | null;
  agencyDigit?: string | null;
  account?: string | null;
  accountDigit?: string | null;
}

export interface PaymentOrder {
  /** "Seu número": how the retorno names this payment (≤ 20 characters). */
  reference: string;
  form: PaymentFormName;
  /** Centavos. */
  amount: number;
  paymentDate: string;
  dueDate?: string | null;
  payee: Payee;
  /** 44 digits (boletos and arrecadação). */
  barcode?: string;
  /** What the boleto says it is worth (centavos), when it says. */
  documentAmount?: number | null;
  pix?: { initiation: string; key: string; txid?: string | null };
}

export interface RemittanceFileInput {
  layout: Layout;
  company: CompanyAccount;
  agreementCode: string;
  fileSequence: number;
  /** 'YYYY-MM-DD' and 'HHMMSS' (São Paulo). */
  generatedOn: string;
  generatedAt: string;
  orders: readonly PaymentOrder[];
}

export interface BatchSummary {
  batch: number;
  form: PaymentFormName;
  code: string;
  payments: number;
  records: number;
  total: number;
}

export interface RemittanceFile {
  text: string;
  batches: BatchSummary[];
  records: number;
  total: number;
}

const documentType = (document: string | null | undefined) => (!document ? '0' : document.length === 11 ? '1' : '2');

export function buildRemittanceFile(input: RemittanceFileInput): RemittanceFile {
  const { layout, company } = input;
  const records = layout.records;
  const common: CnabValues = {
    bankCode: company.bankCode,
    bankName: company.bankName,
    companyDocumentType: documentType(company.document),
    companyDocument: company.document,
    companyName: company.name,
    companyAgency: company.agency,
    companyAgencyDigit: company.agencyDigit,
    companyAccount: company.account,
    companyAccountDigit: company.accountDigit,
    agreementCode: input.agreementCode,
    fileLayoutVersion: layout.constants.fileLayoutVersion,
    density: layout.constants.density,
    debitIndicator: layout.constants.debitIndicator,
  };
  const lines = [writeRecord('fileHeader', records.fileHeader, { ...common, fileDate: cnabDate(input.generatedOn), fileTime: input.generatedAt, fileSequence: input.fileSequence })];
  const batches: BatchSummary[] = [];
  for (const form of PAYMENT_FORM_ORDER) {
    const orders = input.orders.filter((order) => order.form === form);
    if (!orders.length) continue;
    const spec = PAYMENT_FORMS[form];
    const batch = batches.length + 1;
    const head: CnabValues = { ...common, batch, serviceType: spec.serviceType, paymentForm: spec.code, batchLayoutVersion: layout.constants.batchVersions[spec.batchVersion] };
    lines.push(writeRecord('batchHeader', records.batchHeader, head));
    let seq = 0;
    let total = 0;
    for (const order of orders) {
      const values = orderValues(common, batch, order, 'chamber' in spec ? spec.chamber : undefined);
      for (const kind of spec.segments) lines.push(writeRecord(kind, records[kind], { ...values, seq: ++seq }));
      total += order.amount;
    }
    lines.push(writeRecord('batchTrailer', records.batchTrailer, { bankCode: company.bankCode, batch, batchRecords: seq + 2, batchTotal: total }));
    batches.push({ batch, form, code: spec.code, payments: orders.length, records: seq + 2, total });
  }
  lines.push(writeRecord('fileTrailer', records.fileTrailer, { bankCode: company.bankCode, fileBatches: batches.length, fileRecords: lines.length + 1 }));
  return { text: lines.join(CRLF) + CRLF, batches, records: lines.length, total: batches.reduce((sum, b) => sum + b.total, 0) };
}

function orderValues(common: CnabValues, batch: number, order: PaymentOrder, chamber: string | undefined): CnabValues {
  const { payee } = order;
  return {
    ...common,
    batch,
    chamber,
    reference: order.reference,
    amount: order.amount,
    paymentDate: cnabDate(order.paymentDate),
    dueDate: order.dueDate ? cnabDate(order.dueDate) : '',
    documentAmount: order.documentAmount ?? order.amount,
    effectiveDate: '',
    effectiveAmount: '',
    occurrences: '',
    tedPurpose: order.form === 'ted' ? '00005' : '',
    payeeName: payee.name,
    payeeDocumentType: documentType(payee.document),
    payeeDocument: payee.document ?? '',
    payeeBankCode: payee.bankCode ?? '',
    payeeAgency: payee.agency ?? '',
    payeeAgencyDigit: payee.agencyDigit ?? '',
    payeeAccount: payee.account ?? '',
    payeeAccountDigit: payee.accountDigit ?? '',
    barcode: order.barcode ?? '',
    pixInitiation: order.pix?.initiation ?? '',
    pixKey: order.pix?.key ?? '',
    pixTxid: order.pix?.txid ?? '',
  };
}
