/**
 * What masking the audit costs (SECURITY.md audit rule, server/registry/audit-mask.ts): the CPU of
 * `maskEntry` on the entries the registry writes most — a lançamento a pagar of 12 parcelas paid by
 * TED / PIX (every line carries an account or a key) and a conta financeira with its keys — and of
 * the walk on a declaration without sensitive fields (skipped by `hasSensitive`). Prints µs per entry.
 * Run: npx tsx bench/audit-mask.ts
 */
import { bankAccounts, payables } from '../src/contracts/resources/index';
import { hasSensitive, maskEntry } from '../server/registry/audit-mask';

const EVP = '123e4567-e89b-42d3-a456-426614174000';
const line = (n: number) => ({ number: n, amount: 10000, dueDate: '2026-12-10', paymentMethod: n % 2 ? 'transfer' : 'pix', bankId: 'b1', agency: '1234', account: `00${n}345678`, accountDigit: '1', holderName: 'Fornecedor', holderDocument: '11222333000181', pixKeyType: 'evp', pixKey: EVP, pixPayload: null, boletoLine: null });
const payable = { id: 'p1', description: 'Compra', total: 120000, installments: Array.from({ length: 12 }, (_, i) => line(i + 1)) };
const account = { id: 'a1', name: 'Itaú', agency: '1234', account: '1234567', accountDigit: '1', pixKeys: [{ type: 'cnpj', key: '11222333000181', isDefault: true }, { type: 'evp', key: EVP, isDefault: false }] };

function time(name: string, run: () => unknown, rounds = 20_000): void {
  for (let i = 0; i < 1000; i++) run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  const us = Number(process.hrtime.bigint() - start) / 1000 / rounds;
  console.log(`${name.padEnd(52)} ${us.toFixed(2)} µs/entry`);
}

time('lançamento, 12 parcelas (before + after)', () => maskEntry(payables, payable, payable));
time('conta financeira with 2 keys (before + after)', () => maskEntry(bankAccounts, account, account));
time('hasSensitive (per service, once at start)', () => hasSensitive(payables));
