/** A parcela's payment fields apply to their own payment method only (form and details hide the rest). */
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { field, withDef } from '../../../src/contracts/fields/field';
import { fieldShown } from '../../../src/contracts/resource';
import { paymentDataFields } from '../../../src/contracts/resources/parts/paymentData';

const shown = (paymentMethod: string | null) =>
  Object.entries(paymentDataFields).filter(([, field]) => fieldShown(field.def, { paymentMethod })).map(([name]) => name);

describe('payment data fields by method', () => {
  it('a boleto asks for its line only', () => expect(shown('boleto')).toEqual(['paymentMethod', 'boletoLine']));
  it('PIX asks for the key or the copia e cola', () => expect(shown('pix')).toEqual(['paymentMethod', 'pixKeyType', 'pixKey', 'pixPayload']));
  it('a TED asks for the bank account and its holder', () =>
    expect(shown('transfer')).toEqual(['paymentMethod', 'bankId', 'agency', 'account', 'accountDigit', 'holderName', 'holderDocument']));
  it('cash, or no method chosen yet, asks for nothing more', () => {
    expect(shown('cash')).toEqual(['paymentMethod']);
    expect(shown(null)).toEqual(['paymentMethod']);
  });
});

describe('payment data fields are built on first read', () => {
  it('loading them builds no rule (a list screen never pays for it); reading one builds it once, and it still validates', () => {
    for (const [name, field] of Object.entries(paymentDataFields)) {
      expect(typeof Object.getOwnPropertyDescriptor(field, 'schema')?.get, name).toBe('function');
    }
    const agency = paymentDataFields.agency;
    expect(agency.schema).toBe(agency.schema);
    expect(agency.def).toMatchObject({ label: 'Agência', shownWhen: { field: 'paymentMethod', values: ['transfer'] } });
    expect(z.safeParse(agency.schema, '123456').success).toBe(false);
    expect(z.safeParse(agency.schema, '1234').success).toBe(true);
  });

  it('withDef adds to the screen definition without building the rule', () => {
    const rule = vi.fn(() => z.string());
    const wide = withDef(field(rule, { type: 'text', label: 'Linha' }, undefined), { wide: true });
    expect(rule).not.toHaveBeenCalled();
    expect(wide.def).toEqual({ type: 'text', label: 'Linha', wide: true });
    expect(z.safeParse(wide.schema, 'x').success).toBe(true);
    expect(z.safeParse(wide.schema, 1).success).toBe(false);
    expect(rule).toHaveBeenCalledTimes(1);
  });
});
