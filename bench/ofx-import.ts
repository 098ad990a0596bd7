/**
 * Figures (issue 25): an OFX statement of 10,000 lines (1.x SGML in Windows-1252, accents in every
 * memo) of the demo Itaú account —
 * 1. the reader alone (decode + parse to centavos; median of 5 runs);
 * 2. `POST /api/finance/bank-statements` on the real server (read, account check, 10,000 lines
 *    inserted, FITIDs unique), then the same file again (every line already there);
 * 3. the conciliação's suggestions over 10,000 lines × 10,000 baixas (pure, median of 3; then a set
 *    where every fifth baixa was split by the bank into two lines, N:1), and the
 *    `GET …/reconciliation` of the month with those 10,000 lines; a page of 50 of the extrato de
 *    movimentações (`GET …/statement-lines`, each line's running balance), oldest and newest first;
 * 4. that page's running balance straight on the database, before (a sum per line) and after (one
 *    window over the page plus one sum before it), both orders, checked equal.
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import { readOfxBytes } from '../server/finance/ofx/read';
import { statementBalances } from '../server/finance/statementLines';
import { suggestMatches } from '../server/finance/reconciliationMatch';
import { signIn } from './import-data';
import { openBenchDatabase, prepareDatabase, scratchPostgres, type BenchDatabase } from './registry-data';
import { startServer } from './server-process';

const LINES = Number(process.env.OFX_LINES ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3287);

const day = (i: number) => `202611${String(1 + (i % 30)).padStart(2, '0')}`;
const cents = (i: number) => 1000 + ((i * 7919) % 900000);
const money = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

function statement(lines: number): Buffer {
  const trns: string[] = [];
  for (let i = 0; i < lines; i++) {
    const amount = i % 5 === 0 ? cents(i) : -cents(i);
    trns.push(`<STMTTRN>\r\n<TRNTYPE>${amount < 0 ? 'DEBIT' : 'CREDIT'}\r\n<DTPOSTED>${day(i)}100000[-3:BRT]\r\n<TRNAMT>${money(amount)}\r\n<FITID>BENCH${String(i).padStart(8, '0')}\r\n<CHECKNUM>${i}\r\n<MEMO>PIX ENVIADO FORNECEDOR AÇÚCAR & CIA Nº ${i}\r\n</STMTTRN>`);
  }
  const text = `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1\r\n<STMTRS>\r\n<CURDEF>BRL\r\n<BANKACCTFROM>\r\n<BANKID>0341\r\n<BRANCHID>1234\r\n<ACCTID>56789-0\r\n<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>20261101\r\n<DTEND>20261130\r\n${trns.join('\r\n')}\r\n</BANKTRANLIST>\r\n<LEDGERBAL>\r\n<BALAMT>1000.00\r\n<DTASOF>20261130\r\n</LEDGERBAL>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n`;
  return Buffer.from(text, 'latin1');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function pureFigures(bytes: Buffer): void {
  const runs: number[] = [];
  let count = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    count = readOfxBytes(bytes).statements[0].transactions.length;
    runs.push(performance.now() - t);
  }
  console.log(`ofx: read ${count} lines (${(bytes.length / 1024).toFixed(0)} KB, 1252)  median ${median(runs).toFixed(1)} ms  ${(count / (median(runs) / 1000)).toFixed(0)} lines/s`);

  const lines = Array.from({ length: LINES }, (_, i) => ({ id: `l${i}`, postedOn: `2026-11-${String(1 + (i % 30)).padStart(2, '0')}`, amount: -cents(i), memo: `PIX NF ${i}`, name: null, checkNumber: null }));
  // Baixas: 80% one per line (a day or two off), 10% pairs adding up to a line, the rest strangers.
  const settlements: { id: string; paidOn: string; amount: number; documentNumber: string | null }[] = [];
  for (let i = 0; settlements.length < LINES; i++) {
    const line = lines[i % LINES];
    const shifted = `2026-11-${String(Math.min(30, 1 + (i % 30) + (i % 3))).padStart(2, '0')}`;
    if (i % 10 < 8) settlements.push({ id: `s${i}`, paidOn: shifted, amount: line.amount, documentNumber: i % 4 ? null : String(i) });
    else if (i % 10 === 8) settlements.push({ id: `s${i}a`, paidOn: shifted, amount: Math.trunc(line.amount / 2), documentNumber: null }, { id: `s${i}b`, paidOn: shifted, amount: line.amount - Math.trunc(line.amount / 2), documentNumber: null });
    else settlements.push({ id: `s${i}`, paidOn: shifted, amount: -7, documentNumber: null });
  }
  const matchRuns: number[] = [];
  let suggested = 0;
  let sums = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const found = suggestMatches(lines, settlements.slice(0, LINES));
    matchRuns.push(performance.now() - t);
    suggested = found.length;
    sums = found.filter((s) => s.reason === 'sum').length;
  }
  console.log(`match: ${LINES} lines × ${LINES} baixas  median ${median(matchRuns).toFixed(0)} ms  ${suggested} suggestions (${sums} of them 1:N sums)`);

  // N:1: the same lines, but every fifth baixa is the sum of two lines the bank split it into.
  const splitLines = lines.flatMap((line, i) => (i % 5 === 4 ? [{ ...line, id: `${line.id}a`, amount: Math.trunc(line.amount / 2) }, { ...line, id: `${line.id}b`, amount: line.amount - Math.trunc(line.amount / 2) }] : [line])).slice(0, LINES);
  const splitBaixas = lines.map((line, i) => ({ id: `t${i}`, paidOn: line.postedOn, amount: line.amount, documentNumber: null }));
  const splitRuns: number[] = [];
  let splits = 0;
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const found = suggestMatches(splitLines, splitBaixas);
    splitRuns.push(performance.now() - t);
    total = found.length;
    splits = found.filter((s) => s.reason === 'split').length;
  }
  console.log(`match N:1: ${splitLines.length} lines × ${splitBaixas.length} baixas  median ${median(splitRuns).toFixed(0)} ms  ${total} suggestions (${splits} of them N:1 splits)`);
}

async function benchOne(kind: string, target: BenchDatabase, bytes: Buffer): Promise<void> {
  let accountId = '';
  await prepareDatabase(target, async (db) => {
    accountId = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE org_id = ${DEMO_ORG_ID} AND account = '56789' LIMIT 1`.execute(db)).rows[0].id;
  });
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const client = await signIn(server.url, 'tesouraria@demo.com.br');
    const headers = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json', 'content-type': 'application/json' };
    const body = JSON.stringify({ bankAccountId: accountId, fileName: 'extrato-10000.ofx', content: bytes.toString('base64') });
    for (const label of ['import', 're-import']) {
      const t = performance.now();
      const answer = await fetch(`${server.url}/api/finance/bank-statements`, { method: 'POST', headers, body });
      const result = (await answer.json()) as { imported?: number; duplicates?: number; message?: string };
      const s = (performance.now() - t) / 1000;
      console.log(`ofx [${kind}]: ${label} HTTP ${answer.status}  ${s.toFixed(2)} s  ${result.imported ?? 0} imported, ${result.duplicates ?? 0} already there  ${(LINES / s).toFixed(0)} lines/s${answer.status !== 200 ? `  (${result.message})` : ''}`);
    }
    const t = performance.now();
    const view = await fetch(`${server.url}/api/finance/bank-accounts/${accountId}/reconciliation?from=2026-11-01&to=2026-11-30`, { headers });
    const data = (await view.json()) as { lines?: unknown[] };
    console.log(`ofx [${kind}]: reconciliation view of the month HTTP ${view.status}  ${((performance.now() - t) / 1000).toFixed(2)} s  ${data.lines?.length ?? 0} lines`);
    // The extrato de movimentações: a page of 50 lines, each with its running balance (a sum over the lines before it).
    for (const sort of ['postedOn', '-postedOn']) {
      const runs: number[] = [];
      let status = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const page = await fetch(`${server.url}/api/finance/bank-accounts/${accountId}/statement-lines?perPage=50&sort=${sort}`, { headers });
        await page.json();
        status = page.status;
        runs.push(performance.now() - started);
      }
      console.log(`ofx [${kind}]: extrato page of 50 (sort=${sort}) HTTP ${status}  median ${median(runs).toFixed(0)} ms over ${LINES} lines`);
    }
  } finally {
    await server.stop();
  }
  await balanceFigures(kind, target, accountId);
}

/**
 * The running balance of a page of 50, oldest and newest first, straight on the database:
 * before issue 25's change (one sum per line of everything before it since its start — the
 * expression the extrato read until then, kept here to measure against) and after it
 * (`statementBalances`: one window over the page plus one sum before it); both must agree.
 */
const perLineBalance = sql`(SELECT CASE WHEN t.posted_on < b.since THEN NULL ELSE b.base + COALESCE((SELECT sum(l.amount) FROM bank_statement_lines l
    WHERE l.org_id = t.org_id AND l.bank_account_id = t.bank_account_id AND l.posted_on >= b.since
      AND (l.posted_on, l.id) <= (t.posted_on, t.id)), 0) END
  FROM (SELECT COALESCE(ab.amount, a.opening_balance) AS base, COALESCE(ab.date, a.opening_balance_date) AS since
    FROM bank_accounts a LEFT JOIN LATERAL (SELECT x.amount, x.date FROM account_balances x
      WHERE x.org_id = a.org_id AND x.bank_account_id = a.id AND x.date <= t.posted_on ORDER BY x.date DESC LIMIT 1) ab ON true
    WHERE a.id = t.bank_account_id AND a.org_id = t.org_id) b)`;

async function balanceFigures(kind: string, target: BenchDatabase, accountId: string): Promise<void> {
  const handle = await openBenchDatabase(target);
  try {
    const db = handle.db;
    for (const desc of [false, true]) {
      const order = desc ? sql`t.posted_on DESC, t.id DESC` : sql`t.posted_on, t.id`;
      const before: number[] = [];
      const after: number[] = [];
      let same = true;
      for (let i = 0; i < 5; i++) {
        let started = performance.now();
        const old = await sql<{ id: string; balance: string | null }>`SELECT t.id, (${perLineBalance})::text AS balance FROM bank_statement_lines t
          WHERE t.org_id = ${DEMO_ORG_ID} AND t.bank_account_id = ${accountId} ORDER BY ${order} LIMIT 50`.execute(db);
        before.push(performance.now() - started);
        started = performance.now();
        const ids = (await sql<{ id: string }>`SELECT t.id FROM bank_statement_lines t WHERE t.org_id = ${DEMO_ORG_ID} AND t.bank_account_id = ${accountId} ORDER BY ${order} LIMIT 50`.execute(db)).rows.map((row) => row.id);
        const now = await statementBalances(db, DEMO_ORG_ID, accountId, ids);
        after.push(performance.now() - started);
        same &&= old.rows.length === 50 && old.rows.every((row) => now.get(row.id) === row.balance);
      }
      console.log(`ofx [${kind}]: running balance of a page of 50 (${desc ? 'newest' : 'oldest'} first) over ${LINES} lines  before (a sum per line) median ${median(before).toFixed(1)} ms  after (window + one sum) median ${median(after).toFixed(1)} ms  same balances: ${same ? 'yes' : 'NO'}`);
    }
  } finally {
    await handle.close();
  }
}

const bytes = statement(LINES);
pureFigures(bytes);
if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL, 'ofx');
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-ofx-pg-'));
  try {
    await benchOne('PostgreSQL', { dataDir: dir, databaseUrl: scratch.url }, bytes);
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-ofx-'));
  try {
    await benchOne('PGlite', { dataDir: dir }, bytes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
