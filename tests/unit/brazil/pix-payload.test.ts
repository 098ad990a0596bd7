import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { crc16, makePixPayload, pixAmountToCentavos, readPixPayload } from '../../../src/contracts/brazil/pixPayload';

// The example of the Banco Central "Manual de Padrões para Iniciação do Pix" (valid CRC 1D3D).
const BACEN = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('readPixPayload', () => {
  it('reads the Banco Central manual example', () => {
    expect(crc16('123456789')).toBe('29B1'); // CRC-16/CCITT-FALSE check value
    expect(readPixPayload(BACEN)).toEqual({
      ok: true,
      info: { key: '123e4567-e12b-12d1-a456-426655440000', url: null, amount: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: null },
    });
    expect(readPixPayload(`  ${BACEN}\n`).ok).toBe(true);
  });

  it('reads the amount as centavos without floating point', () => {
    const payload = generatePixPayload({ key: '12345678909', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', amount: 10.1, txid: 'ABC123' });
    expect(payload).toContain('540510.10');
    expect(readPixPayload(payload as string)).toEqual({
      ok: true,
      info: { key: '12345678909', url: null, amount: 1010, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: 'ABC123' },
    });
    expect(pixAmountToCentavos('0.07')).toBe(7);
    expect(pixAmountToCentavos('1234567.8')).toBe(123456780);
    expect(pixAmountToCentavos('12')).toBe(1200);
    expect(pixAmountToCentavos('1,00')).toBeNull();
    expect(pixAmountToCentavos('1.234')).toBeNull();
  });

  it('reads a dynamic payload (URL instead of key)', () => {
    const payload = generatePixPayload({ url: 'pix.example.com/qr/v2/1234', merchantName: 'Loja', merchantCity: 'SAO PAULO' });
    expect(readPixPayload(payload as string)).toMatchObject({ ok: true, info: { key: null, url: 'pix.example.com/qr/v2/1234', amount: null } });
  });

  it('refuses a tampered payload by its CRC', () => {
    const tampered = BACEN.replace('Fulano', 'Fulana');
    expect(readPixPayload(tampered)).toEqual({ ok: false, message: 'Código PIX copia e cola inválido: o CRC não confere.' });
    expect(readPixPayload(`${BACEN.slice(0, -4)}1D3E`)).toEqual({ ok: false, message: 'Código PIX copia e cola inválido: o CRC não confere.' });
    expect(readPixPayload(`${BACEN.slice(0, -4)}1d3d`).ok).toBe(true); // hex case does not matter
    expect(getPixPayloadInfo(tampered)).toBeNull(); // the library checks the CRC too
  });

  it('refuses malformed input', () => {
    const body = '00020126330014br.gov.bcb.pix011112345678909520400005303986'; // no 58/59/60
    for (const input of ['', 'pix', BACEN.slice(0, -8), `${body}6304${crc16(`${body}6304`)}`, BACEN.replace('0014br.gov.bcb.pix', '0014br.gov.bcb.xyz')]) {
      expect(readPixPayload(input)).toMatchObject({ ok: false });
    }
    expect(readPixPayload(`${body}6304${crc16(`${body}6304`)}`)).toEqual({ ok: false, message: 'Código PIX copia e cola inválido.' });
    const badLength = '00020126990014br.gov.bcb.pix6304';
    expect(readPixPayload(badLength + crc16(badLength))).toEqual({ ok: false, message: 'Código PIX copia e cola inválido.' });
  });
});

describe('makePixPayload', () => {
  it('writes what the Bacen example has, byte for byte, for the same data', () => {
    expect(makePixPayload({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(BACEN);
  });

  it('writes a payload both readers accept, accents folded', () => {
    const payload = makePixPayload({ key: 'financeiro@fornecedor.com.br', amount: 123456, name: 'Distribuidora São João Ltda', city: 'São Paulo', txid: 'NF2026001' });
    expect(readPixPayload(payload)).toEqual({
      ok: true,
      info: { key: 'financeiro@fornecedor.com.br', url: null, amount: 123456, merchantName: 'Distribuidora Sao Joao Lt', merchantCity: 'Sao Paulo', txid: 'NF2026001' },
    });
    expect(getPixPayloadInfo(payload)).toMatchObject({ key: 'financeiro@fornecedor.com.br', amount: 1234.56, txid: 'NF2026001' });
  });

  it('property: any amount and txid round-trip, and the library reads the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: null }), (amount, txid) => {
        const payload = makePixPayload({ key: '+5511987654321', amount, name: 'Ana', city: 'Recife', txid });
        expect(readPixPayload(payload)).toEqual({ ok: true, info: { key: '+5511987654321', url: null, amount, merchantName: 'Ana', merchantCity: 'Recife', txid } });
        const library = getPixPayloadInfo(payload);
        expect(library?.txid ?? null).toBe(txid);
        expect(Math.round((library?.amount ?? 0) * 100)).toBe(amount);
      }),
    );
  });

  it('refuses data that does not fit a BR Code', () => {
    expect(() => makePixPayload({ key: 'x'.repeat(90), name: 'Ana', city: 'Recife' })).toThrow(RangeError);
    expect(() => makePixPayload({ key: '12345678909', name: '', city: 'Recife' })).toThrow(RangeError);
    expect(() => makePixPayload({ key: '12345678909', name: 'Ana', city: 'Recife', amount: 10.5 })).toThrow(RangeError);
    expect(() => makePixPayload({ key: '12345678909', name: 'Ana', city: 'Recife', txid: 'com espaço' })).toThrow(RangeError);
  });

  it('property: changing one character is refused', () => {
    const payload = makePixPayload({ key: '12345678909', amount: 1990, name: 'Fulano', city: 'Brasilia', txid: 'T1' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: payload.length - 1 }), fc.constantFrom('0', '1', 'A', 'z', '.'), (index, char) => {
        fc.pre(payload[index] !== char);
        expect(readPixPayload(payload.slice(0, index) + char + payload.slice(index + 1)).ok).toBe(false);
      }),
    );
  });
});
