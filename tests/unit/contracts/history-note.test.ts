import { describe, expect, it } from 'vitest';
import { historyNoteOf } from '../../../src/contracts/historyNote';
import { findTransition } from '../../../src/contracts/workflow';
import { payableInstallmentWorkflow, receivableInstallmentWorkflow } from '../../../src/contracts/resources/installments';

const nbsp = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('historyNoteOf: what a status-history row says besides from → to', () => {
  const settle = findTransition(payableInstallmentWorkflow, 'settle');
  const reverse = findTransition(payableInstallmentWorkflow, 'reverse');

  it('names a partial baixa (the parcela stays autorizada) and the last one by their principal', () => {
    expect(nbsp(historyNoteOf(settle, { to: 'authorized', input: { amount: 20000, paidOn: '2026-05-10' } }))).toBe('Baixa parcial de R$ 200,00');
    expect(nbsp(historyNoteOf(settle, { to: 'paid', input: { amount: 13334 } }))).toBe('Baixa de R$ 133,34');
  });

  it('names an estorno by the reversed baixa\'s principal, and a receipt likewise', () => {
    expect(nbsp(historyNoteOf(reverse, { to: 'authorized', input: { settlementId: 'x', reason: 'Devolvido', amount: 13334 } }))).toBe('Estorno da baixa de R$ 133,34');
    expect(nbsp(historyNoteOf(findTransition(receivableInstallmentWorkflow, 'settle'), { to: 'open', input: { amount: 5000 } }))).toBe('Recebimento parcial de R$ 50,00');
  });

  it('says nothing when the transition declares no note or its input lacks the value', () => {
    expect(historyNoteOf(findTransition(payableInstallmentWorkflow, 'attest'), { to: 'queued', input: null })).toBeNull();
    expect(historyNoteOf(reverse, { to: 'authorized', input: { settlementId: 'x', reason: 'Antigo' } })).toBeNull();
    expect(historyNoteOf(undefined, { to: 'authorized', input: { amount: 1 } })).toBeNull();
  });
});
