/**
 * The banks' deviations from FEBRABAN 240, as data overlays chosen by the convênio's `layout`
 * (bankAccountAgreements.CNAB_LAYOUTS): per record, the fields that replace the FEBRABAN ones at
 * the same positions (fields.ts `overlay`), and the constants (layout versions, density) the
 * headers carry. Nothing here is code: `layoutFor(name)` merges, the writer writes.
 *
 * Written from the banks' public CNAB 240 manuals for payments as we know them (Itaú SISPAG,
 * Bradesco Multipag, BB "Pagamentos — CNAB 240", Santander, Caixa SIACC, Sicoob); every overlay
 * must be confirmed in the bank's homologation before a company sends real files (docs/decisions.md).
 */
import type { CNAB_LAYOUTS } from '../../../src/contracts/resources/bankAccountAgreements.js';
import { blank, checkCoverage, constant, field, overlay, zeros, type RecordLayout } from './fields.js';
import { FEBRABAN_240, RECORD_KINDS, type RecordKind } from './febraban240.js';

export interface LayoutConstants {
  fileLayoutVersion: string;
  density: string;
  batchVersions: { transfer: string; boleto: string; collection: string };
  /** The batch header's "indicativo da forma de pagamento do serviço": 01 = débito em conta. */
  debitIndicator: string;
}

export interface Overlay {
  /** The bank the layout is for (COMPE); null: any bank (FEBRABAN). A file for another bank's account is refused. */
  bankCode: string | null;
  constants: Partial<LayoutConstants>;
  records: Partial<Record<RecordKind, RecordLayout>>;
}

export interface Layout {
  name: CnabLayout;
  bankCode: string | null;
  constants: LayoutConstants;
  records: Readonly<Record<RecordKind, RecordLayout>>;
}

export type CnabLayout = (typeof CNAB_LAYOUTS)[number];

const FEBRABAN_CONSTANTS: LayoutConstants = {
  fileLayoutVersion: '103',
  density: '01600',
  batchVersions: { transfer: '046', boleto: '040', collection: '012' },
  debitIndicator: '01',
};

/** Itaú SISPAG: no convênio in the headers, agência/conta as "AAAAA CCCCCCCCCCCC D", REA as currency, the favorecido's inscription in segment A. */
const itauAccount: RecordLayout = [
  blank(33, 20),
  field('companyAgency', 53, 5, 'num', 'Agência'),
  blank(58, 1),
  field('companyAccount', 59, 12, 'num', 'Conta'),
  blank(71, 1),
  field('companyAccountDigit', 72, 1, 'num', 'DAC da conta'),
];

const OVERLAYS: Readonly<Record<CnabLayout, Overlay>> = {
  febraban240: { bankCode: null, constants: {}, records: {} },
  itau240: {
    bankCode: '341',
    constants: { fileLayoutVersion: '081', density: '00000', batchVersions: { transfer: '045', boleto: '030', collection: '030' } },
    records: {
      fileHeader: [blank(9, 6), field('fileLayoutVersion', 15, 3, 'num', 'Layout do arquivo'), ...itauAccount, zeros(158, 9), field('density', 167, 5, 'num', 'Densidade'), blank(172, 69)],
      batchHeader: [...itauAccount, blank(103, 30), blank(133, 10), blank(223, 8)],
      segmentA: [
        blank(29, 1),
        blank(42, 1),
        field('payeeAccountDigit', 43, 1, 'alpha', 'DAC do favorecido'),
        constant(102, 3, 'alpha', 'REA'),
        zeros(105, 15),
        blank(135, 15),
        blank(150, 5),
        blank(178, 20),
        zeros(198, 6),
        field('payeeDocument', 204, 14, 'doc', 'Nº de inscrição do favorecido'),
      ],
    },
  },
  bradesco240: {
    bankCode: '237',
    constants: { fileLayoutVersion: '089', batchVersions: { transfer: '045', boleto: '040', collection: '012' } },
    records: {},
  },
  bb240: {
    bankCode: '001',
    constants: { fileLayoutVersion: '000', density: '00000', batchVersions: { transfer: '031', boleto: '030', collection: '012' } },
    // Convênio de pagamento: 9 digits, then the product code 0126 and reserved positions.
    records: {
      fileHeader: [field('agreementCode', 33, 9, 'num', 'Número do convênio de pagamento'), constant(42, 4, 'num', '0126'), blank(46, 5), blank(51, 2)],
      batchHeader: [field('agreementCode', 33, 9, 'num', 'Número do convênio de pagamento'), constant(42, 4, 'num', '0126'), blank(46, 5), blank(51, 2)],
    },
  },
  santander240: {
    bankCode: '033',
    constants: { fileLayoutVersion: '060', density: '00000', batchVersions: { transfer: '031', boleto: '030', collection: '030' } },
    records: {},
  },
  caixa240: {
    bankCode: '104',
    constants: { fileLayoutVersion: '080', batchVersions: { transfer: '041', boleto: '041', collection: '041' } },
    // Convênio: 6 digits, tipo de compromisso 01 (fornecedores), compromisso 0001, parâmetro de transmissão.
    records: {
      fileHeader: [field('agreementCode', 33, 6, 'num', 'Código do convênio'), constant(39, 2, 'num', '01'), constant(41, 4, 'num', '0001'), constant(45, 2, 'alpha', '  '), blank(47, 6)],
      batchHeader: [field('agreementCode', 33, 6, 'num', 'Código do convênio'), constant(39, 2, 'num', '01'), constant(41, 4, 'num', '0001'), blank(45, 8)],
    },
  },
  sicoob240: {
    bankCode: '756',
    constants: { fileLayoutVersion: '081', density: '00000', batchVersions: { transfer: '040', boleto: '030', collection: '012' } },
    records: {},
  },
};

const merged = new Map<CnabLayout, Layout>();

/** The layout of a convênio: FEBRABAN 240 with its bank's overlay laid over it (checked to cover 1–240 once). */
export function layoutFor(name: CnabLayout): Layout {
  const cached = merged.get(name);
  if (cached) return cached;
  const chosen = OVERLAYS[name];
  const records = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, overlay(FEBRABAN_240[kind], chosen.records[kind])])) as Record<RecordKind, RecordLayout>;
  for (const kind of RECORD_KINDS) {
    const problems = checkCoverage(records[kind]);
    if (problems.length) throw new Error(`CNAB layout ${name}, ${kind}: ${problems.join('; ')}`);
  }
  const constants = { ...FEBRABAN_CONSTANTS, ...chosen.constants, batchVersions: { ...FEBRABAN_CONSTANTS.batchVersions, ...chosen.constants.batchVersions } };
  const layout: Layout = { name, bankCode: chosen.bankCode, constants, records };
  merged.set(name, layout);
  return layout;
}
