/**
 * Importing an OFX statement (POST /api/finance/bank-statements), in one transaction:
 * - the bytes are decoded by the file's charset and read (read.ts); a file that is not OFX, is
 *   truncated or has a bad amount or date is refused whole with the line and field named;
 * - the account is the one chosen, or the one whose bank and number are the file's BANKID/ACCTID;
 *   a file of another account is refused whole, naming both;
 * - every line is kept once per account by its FITID (a line without one by its date, amount and
 *   memo): the unique constraint drops what an earlier or overlapping file already brought, and
 *   the answer says how many were already there. An import that brings nothing new leaves no record.
 *   The lines are created through their own service in the catalogue, in bulk (`writeMany`, chunks
 *   of CHUNK_LINES): each new line gets its `create` history row and its audit entry
 *   (`bankStatementLines.import.create`), the ones already there neither.
 * No money is written here: a line becomes money only through a parcela's own baixa
 * (reconciliation.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { STATEMENT_MAX_BYTES, STATEMENT_MESSAGES, type StatementImportInput, type StatementImportResult } from '../../../src/contracts/bankStatements.js';
import { bankStatementLines } from '../../../src/contracts/resources/index.js';
import { audit } from '../../audit.js';
import { HttpError } from '../../errors.js';
import type { ManyRow } from '../../registry/bulk-write.js';
import type { Call, Trx } from '../../registry/storage.js';
import { OfxReadError, readOfxBytes, type OfxFile, type OfxStatement, type OfxTransaction } from './read.js';

/** Lines written per statement (one INSERT, one history INSERT, one audit INSERT). */
const CHUNK_LINES = 1000;

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

/** One OFX line as a new record of the extrato: its declared values, and the file's own columns. */
function lineRow(t: OfxTransaction, statementId: string, accountId: string): ManyRow {
  const document = t.checkNumber;
  return {
    id: randomUUID(),
    values: { postedOn: t.postedOn, memo: t.memo, direction: t.amount < 0 ? 'out' : 'in', value: Math.abs(t.amount), document },
    audit: { status: 'open', source: 'ofx', statementId },
    columns: {
      bank_account_id: ['text', accountId],
      statement_id: ['text', statementId],
      fit_id: ['text', lineKey(t)],
      trn_type: ['text', t.type],
      posted_at: ['timestamptz', t.postedAt],
      amount: ['bigint', t.amount],
      name: ['text', t.name],
      source: ['text', 'ofx'],
    },
  };
}

export async function importStatement(trx: Trx, call: Call, input: StatementImportInput): Promise<StatementImportResult> {
  const caller = { orgId: call.orgId, userId: call.userId, now: call.ctx.clock() };
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
  const lines = call.ctx.records(bankStatementLines.name);
  const asLines = lines.callFrom(call);
  asLines.parentId = account.id;
  let imported = 0;
  for (let at = 0; at < transactions.length; at += CHUNK_LINES) {
    const rows = transactions.slice(at, at + CHUNK_LINES).map((t) => lineRow(t, statementId, account.id));
    imported += (await lines.writeMany(trx, asLines, rows, 'import', { skipConflicts: ['bank_account_id', 'fit_id'] })).created.length;
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
