/** Recurring lançamentos: the next period's copy, its dates and what it leaves to fill in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../../src/contracts/brazil/businessDays';
import { addToCompetence, compareCompetence, nextRecurrence as nextOf, type RecurringEntry } from '../../../src/contracts/recurrence';
import { writableFields } from '../../../src/contracts/resource';
import { payables } from '../../../src/contracts/resources/payables';

const nextRecurrence = (entry: RecurringEntry) => nextOf(entry, writableFields(payables));

const entry = {
  id: 'e1', number: 7, version: 3, status: 'approved', createdBy: 'u1', openBalance: 1000, costCenterIds: ['c1'], recurrenceOf: 'e0', _actions: ['cancel'],
  supplierId: 's1', description: 'Licença do ERP', documentNumber: 'NF-99', documentFileId: 'f1', total: 1000,
  competence: '12/2026', issueDate: '2026-12-31', recurrence: 'monthly', recurrenceUntil: null,
  allocations: [{ id: 'a1', costCenterId: 'c1', percent: 10000, amount: 1000 }],
  installments: [
    { id: 'i1', number: 1, dueDate: '2027-01-29', amount: 600, paymentMethod: 'boleto', boletoLine: '3419…', pixKey: null, pixPayload: null },
    { id: 'i2', number: 2, dueDate: '2027-03-31', amount: 400, paymentMethod: 'pix', boletoLine: null, pixKeyType: 'email', pixKey: 'pix@erp.com.br', pixPayload: '000201…' },
  ],
};

describe('nextRecurrence', () => {
  it('copies the lançamento to the next month, clamping month ends and moving due dates to business days', () => {
    const next = nextRecurrence(entry)!;
    expect(next).toMatchObject({ competence: '01/2027', issueDate: '2027-01-31', description: 'Licença do ERP', total: 1000, documentNumber: null, documentFileId: null, recurrence: 'monthly' });
    for (const key of ['id', 'number', 'version', 'status', 'createdBy', 'openBalance', 'costCenterIds', 'recurrenceOf', '_actions']) expect(next).not.toHaveProperty(key);
    // 29/02/2027 does not exist: the 28th, a Sunday → 01/03; 30/04/2027 is a Friday.
    expect(next.installments).toEqual([
      { number: 1, dueDate: '2027-03-01', amount: 600, paymentMethod: 'boleto', boletoLine: null, pixKey: null, pixPayload: null },
      { number: 2, dueDate: '2027-04-30', amount: 400, paymentMethod: 'pix', boletoLine: null, pixKeyType: 'email', pixKey: 'pix@erp.com.br', pixPayload: null },
    ]);
    expect(next.allocations).toEqual([{ costCenterId: 'c1', percent: 10000, amount: 1000 }]);
  });

  it('moves by a quarter or a year, and stops after the last competência', () => {
    expect(nextRecurrence({ ...entry, recurrence: 'quarterly' })!.competence).toBe('03/2027');
    expect(nextRecurrence({ ...entry, recurrence: 'yearly' })!.competence).toBe('12/2027');
    expect(nextRecurrence({ ...entry, recurrenceUntil: '01/2027' })!.competence).toBe('01/2027');
    expect(nextRecurrence({ ...entry, recurrenceUntil: '12/2026' })).toBeNull();
    expect(nextRecurrence({ ...entry, recurrence: null })).toBeNull();
    expect(nextRecurrence({ ...entry, recurrence: 'toString' })).toBeNull();
  });

  it('property: competência arithmetic is consistent and every copied due date is a business day', () => {
    const competence = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2100 })).map(([m, y]) => `${String(m).padStart(2, '0')}/${y}`);
    fc.assert(
      fc.property(competence, fc.integer({ min: 0, max: 240 }), fc.integer({ min: 0, max: 240 }), (c, a, b) => {
        expect(addToCompetence(addToCompetence(c, a), b)).toBe(addToCompetence(c, a + b));
        expect(compareCompetence(addToCompetence(c, a), c)).toBe(a === 0 ? 0 : 1);
      }),
    );
    const day = fc.integer({ min: 0, max: 3650 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom('monthly', 'quarterly', 'yearly'), (dueDate, recurrence) => {
        const next = nextRecurrence({ ...entry, recurrence, installments: [{ ...entry.installments[0], dueDate }] })!;
        const copied = (next.installments as { dueDate: string }[])[0].dueDate;
        expect(isBusinessDay(copied)).toBe(true);
        expect(copied > dueDate).toBe(true);
      }),
    );
  });
});
