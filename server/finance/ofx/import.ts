/**
 * Importing an OFX statement (POST /api/finance/bank-statements), in one transaction:
 * - the bytes are decoded by the file's charset and read (read.ts); a file that is not OFX, is
 *   truncated or has a bad amount or date is refused whole with the line and field named;
 * - the account is the one chosen, or the one whose bank and number are the file's BANKID/ACCTID;
 *   a file of another account is refused whole, naming both;
 * - every line is kept once per account by its FITID (a line without one by its date, amount and
 *   memo): the unique constraint drops what an earlier or overlapping file already brought, and
 *   the answer says how many were already there. An import that brings nothing new leaves no record.
 * No money is written here: a line becomes money only through a parcela's own baixa
 * (reconciliation.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { STATEMENT_MAX_BYTES, STATEMENT_MESSAGES, type StatementImportInput, type StatementImportResult } from '../../../src/contracts/bankStatements.js';
import { audit } from '../../audit.js';
import { HttpError } from '../../errors.js';
import type { Trx } from '../../registry/storage.js';
import { OfxReadError, readOfxBytes, type OfxFile, type OfxStatement } from './read.js';

export interface ImportCaller {
  orgId: string;
  userId: string;
  now: Date;
}

interface AccountRow {
  id: string;
  name: string;
  agency: string | null;
  account: string | null;
  account_digit: string | null;
  bank_code: string | null;
}

const bad = (message: string) => new HttpError(400, message, { content: [message] });
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** The OFX ACCTID names this account: its number with the digit (or without), perhaps after the agency, zeros aside. */
export function accountMatches(statement: Pick<OfxStatement, 'bankId' | 'accountId'>, account: AccountRow): boolean {
  if (statement.bankId && account.bank_code && digits(statement.bankId) !== digits(account.bank_code)) return false;
  const id = digits(statement.accountId);
  const number = digits(account.account);
  if (!id || !number) return false;
  const withDigit = digits(`${account.account ?? ''}${account.account_digit ?? ''}`);
  return [withDigit, number].some((candidate) => id === candidate || (id.endsWith(candidate) && digits(id.slice(0, id.length - candidate.length)) === digits(account.agency)));
}

/** A stable key for a line without FITID: same day, amount and memo is the same line. */
const lineKey = (t: OfxFile['statements'][number]['transactions'][number]) =>
  t.fitId ?? `sem-fitid:${createHash('sha256').update(`${t.postedOn}|${t.amount}|${t.memo ?? ''}|${t.name ?? ''}`).digest('hex').slice(0, 32)}`;

export async function importStatement(trx: Trx, caller: ImportCaller, input: StatementImportInput): Promise<StatementImportResult> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(input.content)) throw bad(STATEMENT_MESSAGES.content);
  const bytes = Buffer.from(input.content, 'base64');
  if (!bytes.length) throw bad(STATEMENT_MESSAGES.content);
  if (bytes.length > STATEMENT_MAX_BYTES) throw new HttpError(413, STATEMENT_MESSAGES.tooLarge, { content: [STATEMENT_MESSAGES.tooLarge] });
  let file: OfxFile;
  try {
    file = readOfxBytes(bytes);
  } catch (error) {
    if (error instanceof OfxReadError) throw bad(error.message);
    throw error;
  }
  const first = file.statements[0];
  if (file.statements.some((s) => digits(s.accountId) !== digits(first.accountId) || digits(s.bankId) !== digits(first.bankId))) throw bad(STATEMENT_MESSAGES.manyStatements);
  const bank = first.bankId ?? '—';

  const accounts = (
    await sql<AccountRow>`SELECT a.id, a.name, a.agency, a.account, a.account_digit, b.code AS bank_code FROM bank_accounts a LEFT JOIN banks b ON b.id = a.bank_id
      WHERE a.org_id = ${caller.orgId} ${input.bankAccountId ? sql`AND a.id = ${input.bankAccountId}` : sql`AND a.is_active`} ORDER BY a.created_at, a.id`.execute(trx)
  ).rows;
  let account: AccountRow;
  if (input.bankAccountId) {
    if (!accounts.length) throw new HttpError(400, STATEMENT_MESSAGES.account, { bankAccountId: [STATEMENT_MESSAGES.account] });
    account = accounts[0];
    if (!accountMatches(first, account)) throw bad(STATEMENT_MESSAGES.otherAccount(bank, first.accountId, account.name));
  } else {
    const found = accounts.filter((a) => accountMatches(first, a));
    if (!found.length) throw bad(STATEMENT_MESSAGES.noAccount(bank, first.accountId));
    if (found.length > 1) throw bad(STATEMENT_MESSAGES.manyAccounts(first.accountId));
    account = found[0];
  }
  // One import of this account at a time: the count of what was already there is then exact.
  await sql`SELECT id FROM bank_accounts WHERE id = ${account.id} AND org_id = ${caller.orgId} FOR UPDATE`.execute(trx);

  const transactions = file.statements.flatMap((s) => s.transactions).filter((t) => t.amount !== 0);
  const ledger = [...file.statements].reverse().find((s) => s.ledgerBalance !== null) ?? first;
  const dates = transactions.map((t) => t.postedOn).sort();
  const startDate = file.statements.map((s) => s.startDate).filter(Boolean).sort()[0] ?? dates[0] ?? null;
  const endDate = file.statements.map((s) => s.endDate).filter(Boolean).sort().at(-1) ?? dates.at(-1) ?? null;
  const statementId = randomUUID();
  const fileName = input.fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await sql`INSERT INTO bank_statements (id, org_id, bank_account_id, file_name, sha256, format, bank_code, account_code, start_date, end_date, ledger_balance, ledger_balance_date, line_count, imported_count, created_at, created_by)
    VALUES (${statementId}, ${caller.orgId}, ${account.id}, ${fileName}, ${sha256}, ${file.version === 2 ? 'ofx2' : 'ofx1'}, ${first.bankId}, ${first.accountId}, ${startDate}, ${endDate},
      ${ledger.ledgerBalance}, ${ledger.ledgerBalanceDate}, ${transactions.length}, 0, ${caller.now}, ${caller.userId})`.execute(trx);
  let imported = 0;
  for (let at = 0; at < transactions.length; at += 1000) {
    const rows = transactions.slice(at, at + 1000).map((t) => sql`(${randomUUID()}, ${caller.orgId}, ${statementId}, ${account.id}, ${lineKey(t)}, ${t.type}, ${t.postedOn}, ${t.postedAt}, ${t.amount}, ${t.checkNumber}, ${t.memo}, ${t.name})`);
    const inserted = await sql`INSERT INTO bank_statement_lines (id, org_id, statement_id, bank_account_id, fit_id, trn_type, posted_on, posted_at, amount, check_number, memo, name)
      VALUES ${sql.join(rows)} ON CONFLICT (bank_account_id, fit_id) DO NOTHING`.execute(trx);
    imported += Number(inserted.numAffectedRows ?? 0);
  }
  const duplicates = transactions.length - imported;
  if (imported) await sql`UPDATE bank_statements SET imported_count = ${imported} WHERE id = ${statementId}`.execute(trx);
  else await sql`DELETE FROM bank_statements WHERE id = ${statementId}`.execute(trx);
  const result: StatementImportResult = {
    statementId: imported ? statementId : null,
    bankAccountId: account.id,
    format: file.version === 2 ? 'ofx2' : 'ofx1',
    lines: transactions.length,
    imported,
    duplicates,
    startDate,
    endDate,
    ledgerBalance: ledger.ledgerBalance,
    ledgerBalanceDate: ledger.ledgerBalanceDate,
    message: STATEMENT_MESSAGES.imported(imported, duplicates),
  };
  await audit(trx, caller.now, { orgId: caller.orgId, actorUserId: caller.userId, action: 'bankStatements.import', entityType: 'bankStatements', entityId: statementId, after: { fileName, sha256, bankAccountId: account.id, lines: transactions.length, imported, duplicates } });
  return result;
}
