/**
 * The formas de lançamento a remessa uses, as data (FEBRABAN "G029 Forma de Lançamento", "G025
 * Tipo de Serviço", "P001 Câmara Centralizadora"): one batch per forma, in this order; which
 * segments each payment writes; which service of the convênio (bankAccountAgreements.services)
 * it needs; which layout version its batch header declares (overlays may change it).
 */
import type { RecordKind } from './febraban240.js';

export type AgreementService = 'supplierPayments' | 'boletoPayments' | 'taxPayments' | 'pix';

export interface PaymentForm {
  /** G029, positions 12–13 of the batch header. */
  code: string;
  /** G025, positions 10–11. */
  serviceType: string;
  /** P001 câmara (segment A, 18–20); absent for boletos and tributos. */
  chamber?: string;
  segments: readonly RecordKind[];
  needs: AgreementService;
  /** Which of the layout's batch versions its header carries. */
  batchVersion: 'transfer' | 'boleto' | 'collection';
}

export const PAYMENT_FORMS = {
  creditSameBank: { code: '01', serviceType: '20', chamber: '000', segments: ['segmentA', 'segmentB'], needs: 'supplierPayments', batchVersion: 'transfer' },
  ted: { code: '41', serviceType: '20', chamber: '018', segments: ['segmentA', 'segmentB'], needs: 'supplierPayments', batchVersion: 'transfer' },
  pixKey: { code: '45', serviceType: '20', chamber: '009', segments: ['segmentA', 'segmentBPix'], needs: 'pix', batchVersion: 'transfer' },
  pixQrCode: { code: '47', serviceType: '20', chamber: '009', segments: ['segmentA', 'segmentBPix'], needs: 'pix', batchVersion: 'transfer' },
  boletoSameBank: { code: '30', serviceType: '20', segments: ['segmentJ', 'segmentJ52'], needs: 'boletoPayments', batchVersion: 'boleto' },
  boletoOtherBank: { code: '31', serviceType: '20', segments: ['segmentJ', 'segmentJ52'], needs: 'boletoPayments', batchVersion: 'boleto' },
  collection: { code: '11', serviceType: '22', segments: ['segmentO'], needs: 'taxPayments', batchVersion: 'collection' },
} as const satisfies Record<string, PaymentForm>;

export type PaymentFormName = keyof typeof PAYMENT_FORMS;
export const PAYMENT_FORM_ORDER = Object.keys(PAYMENT_FORMS) as PaymentFormName[];

/** PIX "forma de iniciação" (segment B PIX, 15–17) by key type; '05' would be bank data. */
export const PIX_INITIATION: Readonly<Record<string, string>> = { phone: '01', email: '02', cpf: '03', cnpj: '03', evp: '04', qrCode: '03' };
