import { describe, expect, it } from 'vitest';
import { payableInstallments, receivableInstallments, orders } from '../../../src/contracts/resources';
import { historyNote } from '../../../src/core/ui/historyNote';

const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('historyNote: what a status-history row says besides from → to', () => {
  it('names a partial baixa (the parcela stays autorizada) and the last one by their principal', () => {
    expect(plain(historyNote(payableInstallments, { action: 'settle', to: 'authorized', input: { amount: 20000, paidOn: '2026-05-10' } }))).toBe('Baixa parcial de R$ 200,00');
    expect(plain(historyNote(payableInstallments, { action: 'settle', to: 'paid', input: { amount: 13334 } }))).toBe('Baixa de R$ 133,34');
  });

  it('names an estorno by the reversed baixa\'s recorded principal, and a receipt likewise', () => {
    expect(plain(historyNote(payableInstallments, { action: 'reverse', to: 'authorized', input: { settlementId: 'x', reason: 'Devolvido', amount: 13334 } }))).toBe('Estorno da baixa de R$ 133,34');
    expect(plain(historyNote(receivableInstallments, { action: 'settle', to: 'open', input: { amount: 5000 } }))).toBe('Recebimento parcial de R$ 50,00');
  });

  it('says nothing for a transition without a note, an unknown action, or an input without the value', () => {
    expect(historyNote(payableInstallments, { action: 'attest', to: 'queued', input: null })).toBeNull();
    expect(historyNote(orders, { action: 'submit', to: 'submitted', input: null })).toBeNull();
    expect(historyNote(payableInstallments, { action: 'nope', to: 'paid', input: { amount: 1 } })).toBeNull();
    expect(historyNote(payableInstallments, { action: 'reverse', to: 'authorized', input: { settlementId: 'x', reason: 'Antigo' } })).toBeNull();
  });
});
