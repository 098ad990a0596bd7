/**
 * The receiving account of a parcela a receber, checked against the database (the rule across the
 * item's own fields is `receiptDataIssues`, shared with the screen): money that lands in a bank
 * account (boleto, PIX, TED) needs an active account of ours that is not a caixa, and a boleto we
 * issued is paid into the bank that issued it — a linha digitável of another bank than the
 * receiving account's is refused (someone else's boleto would send the customer's money elsewhere).
 * Our PIX key must be one of the receiving account's keys (`bank_accounts.pix_keys`, migration 0044),
 * of the type it has there: a key typed by whoever edits a receivable would route the customer's
 * payment anywhere.
 * Errors under `{prefix}bankAccountId` / `{prefix}boletoLine` / `{prefix}pixKey` / `{prefix}pixKeyType`, 400 with nothing written. The
 * accounts are read FOR SHARE (in id order): an account being deactivated or turned into a caixa
 * at the same moment waits for this write, or this write sees it changed — never checked, then changed.
 */
import { sql } from 'kysely';
import { readBoleto } from '../../src/contracts/brazil/boleto.js';
import { PIX_KEY_TYPE_LABELS, type PixKeyType } from '../../src/contracts/brazil/pix.js';
import { RECEIPT_METHODS_TO_ACCOUNT, type ReceiptItem } from '../../src/contracts/resources/parts/receiptDataFields.js';
import { HttpError, MESSAGES, type FieldErrors } from '../errors.js';
import type { Call, Trx } from '../registry/storage.js';

export const RECEIVING_MESSAGES = {
  cashBox: 'Um caixa não recebe boleto, PIX nem TED: escolha uma conta bancária.',
  inactive: 'Esta conta financeira está inativa: escolha uma conta ativa.',
  boletoBank: (line: string, account: string) => `O boleto é do banco ${line}, mas a conta de recebimento é do banco ${account}.`,
  pixKeyNotOnAccount: 'Esta chave PIX não é uma das chaves da conta de recebimento: escolha uma chave da conta ou cadastre-a na conta financeira.',
  pixKeyType: (type: string) => `Na conta de recebimento esta chave é do tipo ${type}.`,
} as const;

interface AccountRow {
  id: string;
  type: string;
  is_active: boolean;
  bank_code: string | null;
  pix_keys: { type: PixKeyType; key: string }[] | string | null;
}

/** The account's keys (jsonb: PGlite and pg both hand back parsed JSON; a string is parsed). */
const keysOf = (row: AccountRow): { type: PixKeyType; key: string }[] => {
  const raw = typeof row.pix_keys === 'string' ? (JSON.parse(row.pix_keys) as unknown) : row.pix_keys;
  return Array.isArray(raw) ? (raw as { type: PixKeyType; key: string }[]) : [];
};

/** Throws a 400 naming each line's field when a receiving account cannot receive what its line says. */
export async function checkReceivingAccounts(trx: Trx, call: Call, lines: readonly { prefix: string; item: ReceiptItem }[]): Promise<void> {
  const ids = [...new Set(lines.flatMap(({ item }) => (item.bankAccountId ? [item.bankAccountId] : [])))];
  if (!ids.length) return;
  const found = await sql<AccountRow>`SELECT a.id, a.type, a.is_active, b.code AS bank_code, a.pix_keys FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
    WHERE a.org_id = ${call.orgId} AND a.id IN (${sql.join(ids)}) ORDER BY a.id FOR SHARE OF a`.execute(trx);
  const accounts = new Map(found.rows.map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  for (const { prefix, item } of lines) {
    const account = item.bankAccountId ? accounts.get(item.bankAccountId) : undefined;
    if (!account) continue; // a missing one is the reference check's 400
    const add = (field: string, message: string) => (errors[`${prefix}${field}`] ??= []).push(message);
    if (!account.is_active) add('bankAccountId', RECEIVING_MESSAGES.inactive);
    else if (item.paymentMethod && RECEIPT_METHODS_TO_ACCOUNT.includes(item.paymentMethod) && account.type === 'cash') add('bankAccountId', RECEIVING_MESSAGES.cashBox);
    const key = item.paymentMethod === 'pix' ? item.pixKey?.trim() : '';
    if (key) {
      const held = keysOf(account).find((entry) => entry.key === key);
      if (!held) add('pixKey', RECEIVING_MESSAGES.pixKeyNotOnAccount);
      else if (item.pixKeyType && item.pixKeyType !== held.type) add('pixKeyType', RECEIVING_MESSAGES.pixKeyType(PIX_KEY_TYPE_LABELS[held.type]));
    }
    const line = item.paymentMethod === 'boleto' ? item.boletoLine?.trim() : '';
    if (line && account.bank_code) {
      const read = readBoleto(line);
      if (read.ok && read.info.bankCode && read.info.bankCode !== account.bank_code) add('boletoLine', RECEIVING_MESSAGES.boletoBank(read.info.bankCode, account.bank_code));
    }
  }
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}
