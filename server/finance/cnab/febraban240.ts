/**
 * FEBRABAN CNAB 240 "Pagamento a Fornecedores" (Pagamentos, layout v10.x as the banks publish
 * it) as data: the file header and trailer, the batch header and trailer, and the detail segments
 * A and B (crédito em conta, TED, PIX — B in its PIX form carries the key), J and J-52 (boletos),
 * O (contas e tributos com código de barras). Each record is a list of fields (fields.ts); the
 * banks' deviations are overlays on these (overlays.ts), never code.
 *
 * Value names are the builder's vocabulary (remittanceFile.ts): `bankCode`, `batch`, `seq`,
 * `company*` (the paying account), `payee*`, `amount`, `paymentDate`, … Dates are DDMMAAAA,
 * amounts integer centavos (2 implied decimals).
 */
import { blank, caseField, constant, field, zeros, type RecordLayout } from './fields.js';

export const RECORD_KINDS = ['fileHeader', 'batchHeader', 'segmentA', 'segmentB', 'segmentBPix', 'segmentJ', 'segmentJ52', 'segmentO', 'batchTrailer', 'fileTrailer'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Positions 1–8 of a detail record (banco, lote, tipo 3), 9–14 (nº do registro, segmento). */
const detail = (segment: string): RecordLayout => [
  field('bankCode', 1, 3, 'num', 'Código do banco'),
  field('batch', 4, 4, 'num', 'Lote de serviço'),
  constant(8, 1, 'num', '3'),
  field('seq', 9, 5, 'num', 'Nº sequencial do registro no lote'),
  constant(14, 1, 'alpha', segment),
];

/** The paying company's account, as the headers carry it (positions 18–102). */
const companyAccount: RecordLayout = [
  field('companyDocumentType', 18, 1, 'num', 'Tipo de inscrição da empresa'),
  field('companyDocument', 19, 14, 'doc', 'Nº de inscrição da empresa'),
  field('agreementCode', 33, 20, 'alpha', 'Código do convênio no banco'),
  field('companyAgency', 53, 5, 'num', 'Agência mantenedora da conta'),
  field('companyAgencyDigit', 58, 1, 'alpha', 'Dígito verificador da agência'),
  field('companyAccount', 59, 12, 'num', 'Número da conta corrente'),
  field('companyAccountDigit', 71, 1, 'alpha', 'Dígito verificador da conta'),
  blank(72, 1),
  field('companyName', 73, 30, 'alpha', 'Nome da empresa'),
];

const fileHeader: RecordLayout = [
  field('bankCode', 1, 3, 'num', 'Código do banco'),
  constant(4, 4, 'num', '0000'),
  constant(8, 1, 'num', '0'),
  blank(9, 9),
  ...companyAccount,
  field('bankName', 103, 30, 'alpha', 'Nome do banco'),
  blank(133, 10),
  constant(143, 1, 'num', '1'),
  field('fileDate', 144, 8, 'num', 'Data de geração do arquivo'),
  field('fileTime', 152, 6, 'num', 'Hora de geração do arquivo'),
  field('fileSequence', 158, 6, 'num', 'Nº sequencial do arquivo (NSA)'),
  field('fileLayoutVersion', 164, 3, 'num', 'Nº da versão do layout do arquivo'),
  field('density', 167, 5, 'num', 'Densidade de gravação'),
  blank(172, 20),
  blank(192, 20),
  blank(212, 29),
];

const batchHeader: RecordLayout = [
  field('bankCode', 1, 3, 'num', 'Código do banco'),
  field('batch', 4, 4, 'num', 'Lote de serviço'),
  constant(8, 1, 'num', '1'),
  constant(9, 1, 'alpha', 'C'),
  field('serviceType', 10, 2, 'num', 'Tipo de serviço'),
  field('paymentForm', 12, 2, 'num', 'Forma de lançamento'),
  field('batchLayoutVersion', 14, 3, 'num', 'Nº da versão do layout do lote'),
  blank(17, 1),
  ...companyAccount,
  blank(103, 40),
  field('companyStreet', 143, 30, 'alpha', 'Logradouro da empresa'),
  zeros(173, 5),
  blank(178, 15),
  field('companyCity', 193, 20, 'alpha', 'Cidade da empresa'),
  field('companyZip', 213, 8, 'num', 'CEP da empresa'),
  field('companyState', 221, 2, 'alpha', 'Estado da empresa'),
  field('debitIndicator', 223, 2, 'num', 'Indicativo da forma de pagamento do serviço'),
  blank(225, 6),
  blank(231, 10),
];

const segmentA: RecordLayout = [
  ...detail('A'),
  constant(15, 1, 'num', '0'),
  constant(16, 2, 'num', '00'),
  field('chamber', 18, 3, 'num', 'Código da câmara centralizadora'),
  field('payeeBankCode', 21, 3, 'num', 'Banco do favorecido'),
  field('payeeAgency', 24, 5, 'num', 'Agência do favorecido'),
  field('payeeAgencyDigit', 29, 1, 'alpha', 'Dígito da agência do favorecido'),
  field('payeeAccount', 30, 12, 'num', 'Conta do favorecido'),
  field('payeeAccountDigit', 42, 1, 'alpha', 'Dígito da conta do favorecido'),
  blank(43, 1),
  field('payeeName', 44, 30, 'alpha', 'Nome do favorecido'),
  field('reference', 74, 20, 'alpha', 'Seu número'),
  field('paymentDate', 94, 8, 'num', 'Data do pagamento'),
  constant(102, 3, 'alpha', 'BRL'),
  zeros(105, 15),
  field('amount', 120, 15, 'num', 'Valor do pagamento'),
  blank(135, 20),
  field('effectiveDate', 155, 8, 'num', 'Data real da efetivação'),
  field('effectiveAmount', 163, 15, 'num', 'Valor real da efetivação'),
  blank(178, 40),
  blank(218, 2),
  field('tedPurpose', 220, 5, 'alpha', 'Código finalidade da TED'),
  blank(225, 2),
  blank(227, 3),
  constant(230, 1, 'num', '0'),
  field('occurrences', 231, 10, 'alpha', 'Códigos das ocorrências'),
];

const segmentB: RecordLayout = [
  ...detail('B'),
  blank(15, 3),
  field('payeeDocumentType', 18, 1, 'num', 'Tipo de inscrição do favorecido'),
  field('payeeDocument', 19, 14, 'doc', 'Nº de inscrição do favorecido'),
  blank(33, 30),
  zeros(63, 5),
  blank(68, 15),
  blank(83, 15),
  blank(98, 20),
  zeros(118, 5),
  blank(123, 3),
  blank(126, 2),
  field('dueDate', 128, 8, 'num', 'Data do vencimento'),
  field('amount', 136, 15, 'num', 'Valor do documento'),
  zeros(151, 15),
  zeros(166, 15),
  zeros(181, 15),
  zeros(196, 15),
  blank(211, 15),
  constant(226, 1, 'num', '0'),
  zeros(227, 6),
  zeros(233, 8),
];

/** Segment B of a PIX payment (v10.x): how it is initiated, the txid and the key (or the QR code's URL). */
const segmentBPix: RecordLayout = [
  ...detail('B'),
  field('pixInitiation', 15, 3, 'alpha', 'Forma de iniciação do PIX'),
  field('payeeDocumentType', 18, 1, 'num', 'Tipo de inscrição do favorecido'),
  field('payeeDocument', 19, 14, 'doc', 'Nº de inscrição do favorecido'),
  caseField('pixTxid', 33, 35, 'Identificador da transação (txid)'),
  blank(68, 60),
  caseField('pixKey', 128, 99, 'Chave PIX'),
  blank(227, 6),
  zeros(233, 8),
];

const segmentJ: RecordLayout = [
  ...detail('J'),
  constant(15, 1, 'num', '0'),
  constant(16, 2, 'num', '00'),
  field('barcode', 18, 44, 'num', 'Código de barras'),
  field('payeeName', 62, 30, 'alpha', 'Nome do beneficiário'),
  field('dueDate', 92, 8, 'num', 'Data do vencimento'),
  field('documentAmount', 100, 15, 'num', 'Valor do título'),
  zeros(115, 15),
  zeros(130, 15),
  field('paymentDate', 145, 8, 'num', 'Data do pagamento'),
  field('amount', 153, 15, 'num', 'Valor do pagamento'),
  zeros(168, 15),
  field('reference', 183, 20, 'alpha', 'Seu número'),
  blank(203, 20),
  constant(223, 2, 'num', '09'),
  blank(225, 6),
  field('occurrences', 231, 10, 'alpha', 'Códigos das ocorrências'),
];

/** J-52: payer and beneficiary of the boleto (mandatory since the Nova Plataforma de Cobrança). */
const segmentJ52: RecordLayout = [
  ...detail('J'),
  blank(15, 1),
  constant(16, 2, 'num', '00'),
  constant(18, 2, 'num', '52'),
  field('companyDocumentType', 20, 1, 'num', 'Tipo de inscrição do pagador'),
  field('companyDocument', 21, 15, 'doc', 'Nº de inscrição do pagador'),
  field('companyName', 36, 40, 'alpha', 'Nome do pagador'),
  field('payeeDocumentType', 76, 1, 'num', 'Tipo de inscrição do beneficiário'),
  field('payeeDocument', 77, 15, 'doc', 'Nº de inscrição do beneficiário'),
  field('payeeName', 92, 40, 'alpha', 'Nome do beneficiário'),
  zeros(132, 1),
  zeros(133, 15),
  blank(148, 40),
  blank(188, 53),
];

const segmentO: RecordLayout = [
  ...detail('O'),
  constant(15, 1, 'num', '0'),
  constant(16, 2, 'num', '00'),
  field('barcode', 18, 44, 'num', 'Código de barras'),
  field('payeeName', 62, 30, 'alpha', 'Nome da concessionária / órgão'),
  field('dueDate', 92, 8, 'num', 'Data do vencimento'),
  field('paymentDate', 100, 8, 'num', 'Data do pagamento'),
  field('amount', 108, 15, 'num', 'Valor do pagamento'),
  field('reference', 123, 20, 'alpha', 'Seu número'),
  blank(143, 20),
  blank(163, 68),
  field('occurrences', 231, 10, 'alpha', 'Códigos das ocorrências'),
];

const batchTrailer: RecordLayout = [
  field('bankCode', 1, 3, 'num', 'Código do banco'),
  field('batch', 4, 4, 'num', 'Lote de serviço'),
  constant(8, 1, 'num', '5'),
  blank(9, 9),
  field('batchRecords', 18, 6, 'num', 'Quantidade de registros do lote'),
  field('batchTotal', 24, 18, 'num', 'Somatória dos valores'),
  zeros(42, 18),
  zeros(60, 6),
  blank(66, 165),
  field('occurrences', 231, 10, 'alpha', 'Códigos das ocorrências'),
];

const fileTrailer: RecordLayout = [
  field('bankCode', 1, 3, 'num', 'Código do banco'),
  constant(4, 4, 'num', '9999'),
  constant(8, 1, 'num', '9'),
  blank(9, 9),
  field('fileBatches', 18, 6, 'num', 'Quantidade de lotes do arquivo'),
  field('fileRecords', 24, 6, 'num', 'Quantidade de registros do arquivo'),
  zeros(30, 6),
  blank(36, 205),
];

export const FEBRABAN_240: Readonly<Record<RecordKind, RecordLayout>> = {
  fileHeader,
  batchHeader,
  segmentA,
  segmentB,
  segmentBPix,
  segmentJ,
  segmentJ52,
  segmentO,
  batchTrailer,
  fileTrailer,
};

/** The record kinds a retorno's detail line is read as, by its segment letter (J-52 told apart by positions 18–19). */
export const DETAIL_KINDS: Readonly<Record<string, RecordKind>> = { A: 'segmentA', B: 'segmentB', J: 'segmentJ', O: 'segmentO' };

/** Record names for messages ("Linha 3 (segmento A), campo …"). */
export const RECORD_LABELS: Readonly<Record<RecordKind, string>> = {
  fileHeader: 'header do arquivo',
  batchHeader: 'header do lote',
  segmentA: 'segmento A',
  segmentB: 'segmento B',
  segmentBPix: 'segmento B (PIX)',
  segmentJ: 'segmento J',
  segmentJ52: 'segmento J-52',
  segmentO: 'segmento O',
  batchTrailer: 'trailer do lote',
  fileTrailer: 'trailer do arquivo',
};
