/**
 * CNAB 240 as data (server/finance/cnab): every record of every overlay covers positions 1–240
 * once; every line written is 240 characters and CRLF-terminated; the trailers count and sum
 * exactly; values land at their positions; the retorno reader reads back what the writer wrote
 * and names the line and field of a broken file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CNAB_LAYOUTS } from '../../../src/contracts/resources/bankAccountAgreements.js';
import { checkCoverage, LINE_LENGTH } from '../../../server/finance/cnab/fields.js';
import { RECORD_KINDS } from '../../../server/finance/cnab/febraban240.js';
import { PAYMENT_FORM_ORDER, PAYMENT_FORMS } from '../../../server/finance/cnab/forms.js';
import { layoutFor } from '../../../server/finance/cnab/overlays.js';
import { buildRemittanceFile, type PaymentOrder } from '../../../server/finance/cnab/remittanceFile.js';
import { readReturnFile, splitLines } from '../../../server/finance/cnab/returnFile.js';
import { cnabText } from '../../../server/finance/cnab/text.js';
import { CnabFieldError } from '../../../server/finance/cnab/writer.js';
import { boletoBarcode, collectionBarcode, company, cnpj, cpf, sampleOrders } from './fixtures.js';

const BANKS: Record<string, [string, string]> = {
  febraban240: ['341', 'BANCO EXEMPLO'],
  itau240: ['341', 'BANCO ITAU SA'],
  bradesco240: ['237', 'BANCO BRADESCO SA'],
  bb240: ['001', 'BANCO DO BRASIL SA'],
  santander240: ['033', 'BANCO SANTANDER SA'],
  caixa240: ['104', 'CAIXA ECONOMICA FEDERAL'],
  sicoob240: ['756', 'SICOOB'],
};
const AGREEMENTS: Record<string, string> = { bb240: '123456789', caixa240: '654321' };

const slice = (line: string, at: number, len: number) => line.slice(at - 1, at - 1 + len);

function file(layoutName: (typeof CNAB_LAYOUTS)[number], orders: PaymentOrder[], fileSequence = 7) {
  const [code, name] = BANKS[layoutName];
  return buildRemittanceFile({ layout: layoutFor(layoutName), company: company(code, name), agreementCode: AGREEMENTS[layoutName] ?? 'SISPAG0001', fileSequence, generatedOn: '2026-11-27', generatedAt: '083000', orders });
}

const orderArb = (bankCode: string): fc.Arbitrary<PaymentOrder> =>
  fc.record({
    form: fc.constantFrom(...PAYMENT_FORM_ORDER),
    amount: fc.integer({ min: 1, max: 99_999_999_999 }),
    n: fc.nat(999_999),
    name: fc.string({ maxLength: 60 }),
  }).map(({ form, amount, n, name }) => ({
    reference: `R${String(n).padStart(8, '0')}`,
    form,
    amount,
    paymentDate: '2026-12-01',
    dueDate: '2026-12-01',
    payee: { name, document: cnpj('445556660001'), bankCode, agency: '1', agencyDigit: '0', account: '2', accountDigit: '3' },
    barcode: form === 'collection' ? collectionBarcode(Math.min(amount, 99_999_999_999)) : boletoBarcode('104', Math.min(amount, 9_999_999_999)),
    pix: { initiation: '04', key: '3d94a38b-f344-460e-b6c9-489469b2fb03' },
  }));

describe('CNAB 240 layouts as data', () => {
  it.each(CNAB_LAYOUTS)('%s: every record covers positions 1–240 exactly once', (name) => {
    const layout = layoutFor(name);
    for (const kind of RECORD_KINDS) expect(checkCoverage(layout.records[kind]), `${name} ${kind}`).toEqual([]);
  });

  it('alpha fields are upper-case ASCII with accents folded; PIX keys keep their case', () => {
    expect(cnabText('Açaí & Cia. — São Paulo')).toBe('ACAI & CIA. - SAO PAULO');
    const text = file('febraban240', sampleOrders('341')).text;
    expect(/^[\x20-\x7e\r\n]*$/.test(text)).toBe(true);
    expect(text).toContain('ACOUGUE SAO JOAO LTDA');
    expect(text).toContain('financeiro@exemplo.com.br');
  });
});

describe('every line 240, every sum exact (property)', () => {
  it.each(CNAB_LAYOUTS)('%s', (name) => {
    const [bankCode] = BANKS[name];
    fc.assert(
      fc.property(fc.array(orderArb(bankCode), { minLength: 1, maxLength: 40 }), (orders) => {
        const built = file(name, orders);
        expect(built.text.endsWith('\r\n')).toBe(true);
        const lines = splitLines(built.text);
        expect(built.text.split('\r\n').length - 1).toBe(lines.length);
        for (const line of lines) expect(line.length).toBe(LINE_LENGTH);
        // file trailer: batches and every record
        const trailer = lines[lines.length - 1];
        expect(Number(slice(trailer, 18, 6))).toBe(built.batches.length);
        expect(Number(slice(trailer, 24, 6))).toBe(lines.length);
        // each batch trailer: its records and its sum
        const total = orders.reduce((sum, o) => sum + o.amount, 0);
        expect(built.total).toBe(total);
        const batchTrailers = lines.filter((line) => line[7] === '5');
        expect(batchTrailers.map((line) => Number(slice(line, 24, 18))).reduce((a, b) => a + b, 0)).toBe(total);
        for (const summary of built.batches) {
          const expected = orders.filter((o) => o.form === summary.form);
          expect(summary.payments).toBe(expected.length);
          expect(summary.records).toBe(2 + expected.length * PAYMENT_FORMS[summary.form].segments.length);
          expect(Number(slice(batchTrailers[summary.batch - 1], 18, 6))).toBe(summary.records);
        }
        // the reader (the retorno's) accepts what the writer wrote and finds every payment
        const read = readReturnFile(layoutFor(name), built.text);
        expect(read.payments.map((p) => p.reference).sort()).toEqual(orders.map((o) => o.reference).sort());
      }),
      { numRuns: 40 },
    );
  });
});

describe('fields land at their positions (FEBRABAN)', () => {
  const built = file('febraban240', sampleOrders('341'));
  const lines = splitLines(built.text);

  it('file header', () => {
    const h = lines[0];
    expect(slice(h, 1, 3)).toBe('341');
    expect(slice(h, 4, 5)).toBe('00000');
    expect(slice(h, 18, 1)).toBe('2');
    expect(slice(h, 19, 14)).toBe(cnpj('112223330001'));
    expect(slice(h, 33, 20)).toBe('SISPAG0001'.padEnd(20));
    expect(slice(h, 53, 5)).toBe('01234');
    expect(slice(h, 59, 12)).toBe('000000067890');
    expect(slice(h, 143, 1)).toBe('1');
    expect(slice(h, 144, 8)).toBe('27112026');
    expect(slice(h, 152, 6)).toBe('083000');
    expect(slice(h, 158, 6)).toBe('000007');
    expect(slice(h, 164, 3)).toBe('103');
  });

  it('one batch per forma, in order, with its forma and service', () => {
    const headers = lines.filter((l) => l[7] === '1');
    expect(headers.map((l) => `${slice(l, 10, 2)}/${slice(l, 12, 2)}`)).toEqual(['20/01', '20/41', '20/45', '20/47', '20/31', '22/11']);
    expect(headers.map((l) => slice(l, 4, 4))).toEqual(['0001', '0002', '0003', '0004', '0005', '0006']);
  });

  it('segments A, B, B-PIX, J, J-52 and O', () => {
    const a = lines.find((l) => l[13] === 'A' && slice(l, 74, 20).trim() === '00000001000002')!;
    expect(slice(a, 18, 3)).toBe('018');
    expect(slice(a, 21, 3)).toBe('237');
    expect(slice(a, 24, 5)).toBe('00555');
    expect(slice(a, 30, 12)).toBe('000000998877');
    expect(slice(a, 42, 1)).toBe('X');
    expect(slice(a, 44, 30).trim()).toBe('GRAFICA PAO DE ACUCAR');
    expect(slice(a, 94, 8)).toBe('10122026');
    expect(slice(a, 102, 3)).toBe('BRL');
    expect(slice(a, 120, 15)).toBe('000000000098765');
    const b = lines[lines.indexOf(a) + 1];
    expect(b[13]).toBe('B');
    expect(slice(b, 18, 15)).toBe(`1000${cpf('123456789')}`);
    const pix = lines.find((l) => l[13] === 'B' && slice(l, 15, 3) === '02 ')!;
    expect(slice(pix, 128, 99).trim()).toBe('financeiro@exemplo.com.br');
    const j = lines.find((l) => l[13] === 'J' && slice(l, 18, 2) !== '52')!;
    expect(slice(j, 18, 44)).toBe(boletoBarcode('104', 250000));
    expect(slice(j, 153, 15)).toBe('000000000250000');
    expect(slice(j, 183, 20).trim()).toBe('00000001000005');
    const j52 = lines[lines.indexOf(j) + 1];
    expect(slice(j52, 18, 2)).toBe('52');
    expect(slice(j52, 21, 15)).toBe(`0${cnpj('112223330001')}`);
    expect(slice(j52, 77, 15)).toBe(`0${cnpj('121212120001')}`);
    const o = lines.find((l) => l[13] === 'O')!;
    expect(slice(o, 18, 44)).toBe(collectionBarcode(8990));
    expect(slice(o, 108, 15)).toBe('000000000008990');
  });

  it('records are numbered within their batch', () => {
    const batch1 = lines.filter((l) => l[7] === '3' && slice(l, 4, 4) === '0001');
    expect(batch1.map((l) => slice(l, 9, 5))).toEqual(['00001', '00002']);
  });
});

describe('what the layout cannot carry is an error naming the field', () => {
  it('a convênio of letters for Banco do Brasil (9 digits)', () => {
    expect(() => buildRemittanceFile({ layout: layoutFor('bb240'), company: company('001', 'BB'), agreementCode: 'ABC', fileSequence: 1, generatedOn: '2026-11-27', generatedAt: '083000', orders: sampleOrders('001') })).toThrow(CnabFieldError);
    expect(() => buildRemittanceFile({ layout: layoutFor('bb240'), company: company('001', 'BB'), agreementCode: '1234567890', fileSequence: 1, generatedOn: '2026-11-27', generatedAt: '083000', orders: [] })).toThrow(/Número do convênio de pagamento/);
  });

  it('an amount over 15 digits', () => {
    const [order] = sampleOrders('341');
    expect(() => file('febraban240', [{ ...order, amount: 10 ** 16 }])).toThrow(/Valor do pagamento/);
  });
});

describe('a broken file is refused with the line and the field', () => {
  const text = file('febraban240', sampleOrders('341')).text;
  const lines = splitLines(text);
  it('a line of 239 characters', () => {
    const broken = [...lines];
    broken[2] = broken[2].slice(0, 239);
    expect(() => readReturnFile(layoutFor('febraban240'), broken.join('\r\n'))).toThrow('Linha 3: tem 239 caracteres; o layout CNAB 240 exige 240 em cada linha.');
  });
  it('a batch trailer with a wrong sum', () => {
    const broken = [...lines];
    const at = broken.findIndex((l) => l[7] === '5');
    broken[at] = broken[at].slice(0, 23) + '000000000000000001' + broken[at].slice(41);
    expect(() => readReturnFile(layoutFor('febraban240'), broken.join('\r\n'))).toThrow(`Linha ${at + 1}: trailer do lote, campo "Somatória dos valores": informa 1, a soma dos pagamentos é 150000 (centavos).`);
  });
  it('a file trailer with a wrong count', () => {
    const broken = [...lines];
    const last = broken.length - 1;
    broken[last] = broken[last].slice(0, 23) + '000099' + broken[last].slice(29);
    expect(() => readReturnFile(layoutFor('febraban240'), broken.join('\r\n'))).toThrow(`Linha ${last + 1}: trailer do arquivo, campo "Quantidade de registros do arquivo": informa 99, o arquivo tem ${lines.length}.`);
  });
  it('a file without its trailer', () => {
    expect(() => readReturnFile(layoutFor('febraban240'), lines.slice(0, -1).join('\r\n'))).toThrow(/termina sem o trailer do arquivo/);
  });
});
