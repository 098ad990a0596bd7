/**
 * Figures (issue 25): an OFX statement of 10,000 lines (1.x SGML in Windows-1252, accents in every
 * memo) of the demo Itaú account —
 * 1. the reader alone (decode + parse to centavos; median of 5 runs);
 * 2. `POST /api/finance/bank-statements` on the real server (read, account check, 10,000 lines
 *    inserted, FITIDs unique), then the same file again (every line already there);
 * 3. the conciliação's suggestions over 10,000 lines × 10,000 baixas (pure, median of 3; then a set
 *    where every fifth baixa was split by the bank into two lines, N:1), and the
 *    `GET …/reconciliation` of the month with those 10,000 lines; a page of 50 of the extrato de
 *    movimentações (`GET …/statement-lines`, each line's running balance), oldest and newest first.
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEMO_ORG_ID } from '../server/db/seed';
import { readOfxBytes } from '../server/finance/ofx/read';
import { suggestMatches } from '../server/finance/reconciliationMatch';
import { signIn } from './import-data';
import { prepareDatabase, scratchPostgres, type BenchDatabase } from './registry-data';
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
