/**
 * The receiving account of a parcela a receber, checked against the database (the rule across the
 * item's own fields is `receiptDataIssues`, shared with the screen): money that lands in a bank
 * account (boleto, PIX, TED) needs an active account of ours that is not a caixa, and a boleto we
 * issued is paid into the bank that issued it — a linha digitável of another bank than the
 * receiving account's is refused (someone else's boleto would send the customer's money elsewhere).
 * Errors under `{prefix}bankAccountId` / `{prefix}boletoLine`, 400 with nothing written. The
 * accounts are read FOR SHARE (in id order): an account being deactivated or turned into a caixa
 * at the same moment waits for this write, or this write sees it changed — never checked, then changed.
 */
import { sql } from 'kysely';
import { readBoleto } from '../../src/contracts/brazil/boleto.js';
import { RECEIPT_METHODS_TO_ACCOUNT, type ReceiptItem } from '../../src/contracts/resources/parts/receiptDataFields.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import type { Call, Trx } from '../registry/storage.js';

export const RECEIVING_MESSAGES = {
  cashBox: 'Um caixa não recebe boleto, PIX nem TED: escolha uma conta bancária.',
  inactive: 'Esta conta financeira está inativa: escolha uma conta ativa.',
  boletoBank: (line: string, account: string) => `O boleto é do banco ${line}, mas a conta de recebimento é do banco ${account}.`,
} as const;

interface AccountRow {
  id: string;
  type: string;
  is_active: boolean;
  bank_code: string | null;
}

/** Throws a 400 naming each line's field when a receiving account cannot receive what its line says. */
export async function checkReceivingAccounts(trx: Trx, call: Call, lines: readonly { prefix: string; item: ReceiptItem }[]): Promise<void> {
  const ids = [...new Set(lines.flatMap(({ item }) => (item.bankAccountId ? [item.bankAccountId] : [])))];
  if (!ids.length) return;
  const found = await sql<AccountRow>`SELECT a.id, a.type, a.is_active, b.code AS bank_code FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
    WHERE a.org_id = ${call.orgId} AND a.id IN (${sql.join(ids)}) ORDER BY a.id FOR SHARE OF a`.execute(trx);
  const accounts = new Map(found.rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  for (const { prefix, item } of lines) {
    const account = item.bankAccountId ? accounts.get(item.bankAccountId) : undefined;
    if (!account) continue; // a missing one is the reference check's 400
    const add = (field: string, message: string) => (errors[`${prefix}${field}`] ??= []).push(message);
    if (!account.is_active) add('bankAccountId', RECEIVING_MESSAGES.inactive);
    else if (item.paymentMethod && RECEIPT_METHODS_TO_ACCOUNT.includes(item.paymentMethod) && account.type === 'cash') add('bankAccountId', RECEIVING_MESSAGES.cashBox);
    const line = item.paymentMethod === 'boleto' ? item.boletoLine?.trim() : '';
    if (line && account.bank_code) {
      const read = readBoleto(line);
      if (read.ok && read.info.bankCode && read.info.bankCode !== account.bank_code) add('boletoLine', RECEIVING_MESSAGES.boletoBank(read.info.bankCode, account.bank_code));
    }
  }
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}
