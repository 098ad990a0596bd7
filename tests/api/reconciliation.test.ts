/**
 * Bank statements (OFX) and conciliação (issue 25), on PGlite and — with DATABASE_URL — PostgreSQL:
 * the reader (1.x SGML in Windows-1252, 2.x XML, amounts to centavos, offsets, refusals), the import
 * (account found or chosen, FITIDs never twice, another account's file refused whole), suggestions,
 * 1:N and N:1 matches (one baixa the bank split across lines), undo, a line turned into a parcela's own baixa, balances, and two treasurers racing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contracts/money.js';
import { OFX_MESSAGES, parseAmount, parseOfxDate, readOfx, readOfxBytes } from '../../server/finance/ofx/read.js';
import { suggestMatches } from '../../server/finance/reconciliationMatch.js';
import { inactiveReferenceMessage } from '../../server/registry/records.js';
import matchGroups from '../../server/db/migrations/0040_statement_match_groups.js';
import { ifMatch } from '../../src/contracts/resource.js';
import { call, databaseKinds, loginSession, ROOT, userInGroups, useTestEnv, type Session } from './fixture.js';
import { authorisedParcelas, demoParties, FINANCE, PARCELAS, pixInstallments, type Parties } from './remittance-support.js';

const FIXTURES = path.join(ROOT, 'tests/fixtures/ofx');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const b64 = (bytes: Buffer | string) => (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).toString('base64');

interface OfxLine { fitId: string; date: string; amount: string; memo?: string; checkNumber?: string }
/** An OFX 1.x statement of `account` (SGML, no closing tags on the leaves). */
function ofx(account: { bank: string; agency: string; number: string }, lines: OfxLine[], ledger = '0.00', ledgerDate = '20261130') {
  const trns = lines.map((l) => `<STMTTRN>\n<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date}120000[-3:BRT]\n<TRNAMT>${l.amount}\n<FITID>${l.fitId}\n${l.checkNumber ? `<CHECKNUM>${l.checkNumber}\n` : ''}<MEMO>${l.memo ?? 'LANCAMENTO'}\n</STMTTRN>`).join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>${account.bank}\n<BRANCHID>${account.agency}\n<ACCTID>${account.number}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>20261101\n<DTEND>20261130\n${trns}\n</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>${ledger}\n<DTASOF>${ledgerDate}\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

describe('leitor OFX', () => {
  it('reads a 1.x SGML statement in Windows-1252 with its accents, amounts in centavos and BRT offsets', () => {
    const file = readOfxBytes(fixture('itau-novembro-1252.ofx'));
    expect(file).toMatchObject({ version: 1, charset: 'windows-1252' });
    const [statement] = file.statements;
    expect(statement).toMatchObject({ bankId: '0341', branchId: '1234', accountId: '56789-0', startDate: '2026-11-01', endDate: '2026-11-30', ledgerBalance: 15219015, ledgerBalanceDate: '2026-11-30' });
    expect(statement.transactions.map((t) => [t.fitId, t.amount, t.memo])).toEqual([
      ['20261103001', -125000, 'PIX ENVIADO FORNECEDOR AÇÚCAR & CIA'],
      ['20261105002', 348055, 'TED RECEBIDA JOÃO ÂNGELO LTDA'],
      ['20261110003', -3990, 'TARIFA PACOTE SERVIÇOS'],
      ['20261130004', -50, 'IOF S/ SALDO DEVEDOR'],
    ]);
    // 23:00 in Brasília on the 30th is already the 1st in UTC: the day stays the bank's.
    expect(statement.transactions[3]).toMatchObject({ postedOn: '2026-11-30', postedAt: '2026-12-01T02:00:00.000Z', name: 'IOF', checkNumber: null });
    expect(statement.transactions[0]).toMatchObject({ checkNumber: '000101', type: 'DEBIT', postedAt: '2026-11-03T03:00:00.000Z' });
  });

  it('reads a 2.x XML statement in UTF-8 (closed leaves, &amp;)', () => {
    const file = readOfxBytes(fixture('bradesco-novembro.xml.ofx'));
    expect(file.version).toBe(2);
    expect(file.statements[0]).toMatchObject({ bankId: '237', accountId: '0012345-6', ledgerBalance: 1061990 });
    expect(file.statements[0].transactions.map((t) => [t.amount, t.name, t.memo, t.checkNumber])).toEqual([
      [-88010, 'Distribuidora Pão & Café', 'PAGTO BOLETO NF 4455', '4455'],
      [150000, null, 'DEPÓSITO EM CONTA', null],
    ]);
  });

  it('reads amounts from their digits, never as floats', () => {
    expect(['-1250.00', '3480,55', '-.5', '+10', '1.234,56', '1,234.56', '-1.234.567,89', '0.1', '19.999', '1000000000.07', '-0.29'].map(parseAmount)).toEqual([-125000, 348055, -50, 1000, 123456, 123456, -123456789, 10, null, 100000000007, -29]);
    expect(['abc', '', '-', '1.2.3,4', '12,3456'].map(parseAmount)).toEqual([null, null, null, null, null]);
    expect(parseAmount('10.000')).toBe(1000); // one separator, zeros after the centavos
  });

  it('reads dates with the OFX offset forms', () => {
    expect(parseOfxDate('20261120')).toEqual({ date: '2026-11-20', at: '2026-11-20T00:00:00.000Z' });
    expect(parseOfxDate('20261120120000.000[-03:BRT]')).toEqual({ date: '2026-11-20', at: '2026-11-20T15:00:00.000Z' });
    expect(parseOfxDate('20261120120000[-3]')).toEqual({ date: '2026-11-20', at: '2026-11-20T15:00:00.000Z' });
    expect(parseOfxDate('20261120083000[+5.30:IST]')?.at).toBe('2026-11-20T03:00:00.000Z');
    expect(parseOfxDate('20261131')).toBeNull();
    expect(parseOfxDate('2026-11-20')).toBeNull();
  });

  it('refuses what is not a whole OFX, naming the line and element', () => {
    expect(() => readOfxBytes(fixture('truncado.ofx'))).toThrow('incompleto');
    expect(() => readOfx('isto não é um extrato')).toThrow(OFX_MESSAGES.notOfx);
    expect(() => readOfx('<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY x "y">]><OFX></OFX>')).toThrow(OFX_MESSAGES.doctype);
    const account = { bank: '341', agency: '1', number: '2' };
    expect(() => readOfx(ofx(account, [{ fitId: '1', date: '20261101', amount: '12,3x' }]))).toThrow(/Linha \d+: o valor "12,3x" em <TRNAMT>/);
    expect(() => readOfx(ofx(account, [{ fitId: '1', date: '20261341', amount: '1' }]))).toThrow(/Linha \d+: a data "20261341120000\[-3:BRT\]" em <DTPOSTED>/);
    expect(() => readOfx(ofx(account, [{ fitId: '1', date: '20261101', amount: '1', memo: 'A &bogus; B' }]))).toThrow('a entidade "&bogus;"');
  });

  it('suggests by amount and date (the document first) and 1:N sums', () => {
    const lines = [
      { id: 'l1', postedOn: '2026-11-21', amount: -40000, memo: 'PIX', name: null, checkNumber: null },
      { id: 'l2', postedOn: '2026-11-21', amount: -40000, memo: 'PAGTO NF 777', name: null, checkNumber: null },
      { id: 'l3', postedOn: '2026-11-20', amount: -40500, memo: null, name: null, checkNumber: null },
      { id: 'l4', postedOn: '2026-11-01', amount: -1000, memo: null, name: null, checkNumber: null },
    ];
    const settlements = [
      { id: 'a', paidOn: '2026-11-20', amount: -40000, documentNumber: 'NF-123' },
      { id: 'b', paidOn: '2026-11-24', amount: -40000, documentNumber: '777' },
      { id: 'c', paidOn: '2026-11-19', amount: -25000, documentNumber: null },
      { id: 'd', paidOn: '2026-11-22', amount: -15500, documentNumber: null },
      { id: 'e', paidOn: '2026-11-10', amount: -1000, documentNumber: null },
    ];
    // l4 has a baixa of its amount, but 9 days away: none.
    expect(suggestMatches(lines, settlements)).toEqual([
      { lineId: 'l1', settlementIds: ['a'], reason: 'amountDate' },
      { lineId: 'l2', settlementIds: ['b'], reason: 'document' },
      { lineId: 'l3', settlementIds: ['c', 'd'], reason: 'sum' },
    ]);
  });
});

describe.each(databaseKinds())('extrato e conciliação [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: Session;
  let treasurerId: string;
  let other: Session;
  let parties: Parties;
  let itauId: string;

  const importFile = (session: Session, content: string, extra: Record<string, unknown> = {}, fileName = 'extrato.ofx') =>
    call(env, 'POST', `${FINANCE}/bank-statements`, { session, body: { fileName, content, ...extra } });
  const view = async (accountId: string, query = '') => {
    const answer = await call(env, 'GET', `${FINANCE}/bank-accounts/${accountId}/reconciliation${query}`, { session: treasurer });
    expect(answer.status, answer.raw).toBe(200);
    return answer.body;
  };
  const lineCount = async (accountId: string) => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM bank_statement_lines WHERE bank_account_id = ${accountId}`.execute(env.db)).rows[0].n);

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    const financeiro = await userInGroups(env, ['Financeiro']);
    treasurer = financeiro.session;
    treasurerId = financeiro.user.id;
    other = (await userInGroups(env, ['Financeiro'])).session;
    parties = await demoParties(env, admin);
    itauId = (await sql<{ id: string }>`SELECT id FROM bank_accounts WHERE account = '56789' AND account_digit = '0' ORDER BY created_at LIMIT 1`.execute(env.db)).rows[0].id;
  });

  /** A fresh Itaú account of the demo organisation (its own FITIDs, its own baixas). */
  async function freshAccount(opening = 1000000) {
    const bank = (await call(env, 'GET', `${FINANCE}/banks?q=341&perPage=20`, { session: admin })).body.find((b: { code: string }) => b.code === '341');
    const number = String(10000 + Math.floor(Math.random() * 89999));
    const created = await call(env, 'POST', `${FINANCE}/bank-accounts`, {
      session: admin,
      body: { name: `Conciliação ${randomUUID().slice(0, 6)}`, type: 'checking', bankId: bank.id, agency: '0500', agencyDigit: null, account: number, accountDigit: '7', holderName: 'Demo Compras e Finanças Ltda', holderDocument: '11222333000181', openingBalance: opening, openingBalanceDate: '2026-01-01', isActive: true, notes: null },
    });
    expect(created.status, created.raw).toBe(201);
    return { id: created.body.id as string, ofxAccount: { bank: '0341', agency: '0500', number: `${number}-7` } };
  }

  async function settle(id: string, paidOn: string, accountId: string) {
    const parcela = (await call(env, 'GET', `${PARCELAS}/${id}`, { session: treasurer })).body;
    const settled = await call(env, 'POST', `${PARCELAS}/${id}/actions/settle`, { session: treasurer, body: { paidOn, amount: parcela.openBalance, bankAccountId: accountId }, headers: { 'if-match': `"${parcela.version}"` } });
    expect(settled.status, settled.raw).toBe(200);
    return settled.body.settlements.at(-1).id as string;
  }

  it('imports a 1252 statement into the account its BANKID/ACCTID name; the same file again adds nothing and says so', async () => {
    const first = await importFile(treasurer, b64(fixture('itau-novembro-1252.ofx')), {}, 'itau-novembro.ofx');
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toMatchObject({ bankAccountId: itauId, format: 'ofx1', lines: 4, imported: 4, duplicates: 0, ledgerBalance: 15219015, message: '4 lançamentos importados.' });
    const memo = await sql<{ memo: string }>`SELECT memo FROM bank_statement_lines WHERE bank_account_id = ${itauId} AND fit_id = '20261105002'`.execute(env.db);
    expect(memo.rows[0].memo).toBe('TED RECEBIDA JOÃO ÂNGELO LTDA');

    const again = await importFile(treasurer, b64(fixture('itau-novembro-1252.ofx')), { bankAccountId: itauId });
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toMatchObject({ statementId: null, imported: 0, duplicates: 4, message: '0 lançamentos importados; 4 já estavam importados e não foram duplicados.' });
    expect(await lineCount(itauId)).toBe(4);

    // An overlapping file: the known FITID is skipped, the new one comes in.
    const overlap = ofx({ bank: '341', agency: '1234', number: '0000567890' }, [
      { fitId: '20261110003', date: '20261110', amount: '-39.90', memo: 'TARIFA PACOTE SERVIÇOS' },
      { fitId: '20261201005', date: '20261201', amount: '-12.00', memo: 'TARIFA DOC' },
    ]);
    const overlapping = await importFile(treasurer, b64(overlap));
    expect(overlapping.body).toMatchObject({ bankAccountId: itauId, imported: 1, duplicates: 1 });
    expect(await lineCount(itauId)).toBe(5);
    const audited = await sql`SELECT 1 FROM audit_log WHERE action = 'bankStatements.import' AND entity_id = ${first.body.statementId}`.execute(env.db);
    expect(audited.rows).toHaveLength(1);

    // Each line was created through its own service: a `create` history row and an audit entry,
    // once — the lines a later file brought again got neither.
    const line = (await sql<{ id: string }>`SELECT id FROM bank_statement_lines WHERE bank_account_id = ${itauId} AND fit_id = '20261110003'`.execute(env.db)).rows[0].id;
    const lineUrl = `${FINANCE}/bank-accounts/${itauId}/statement-lines/${line}`;
    const history = await call(env, 'GET', `${lineUrl}/history`, { session: treasurer });
    expect(history.status, history.raw).toBe(200);
    expect(history.body.map((h: { action: string; from: string | null; to: string }) => [h.action, h.from, h.to])).toEqual([['create', null, 'open']]);
    expect(history.body[0].actor.id).toBe(treasurerId);
    const trail = await call(env, 'GET', `${lineUrl}/audit`, { session: treasurer });
    expect(trail.status, trail.raw).toBe(200);
    expect(trail.body).toHaveLength(1);
    expect(trail.body[0]).toMatchObject({ action: 'import.create', actor: { id: treasurerId } });
    expect(trail.body[0].changes).toEqual(expect.arrayContaining([
      { field: 'memo', label: 'Descrição', before: null, after: 'TARIFA PACOTE SERVIÇOS' },
      { field: 'direction', label: 'Tipo', before: null, after: 'out' },
      { field: 'value', label: 'Valor', before: null, after: 3990 },
      { field: 'source', label: 'Origem', before: null, after: 'ofx' },
    ]));
    const perLine = await sql<{ n: string; lines: string }>`SELECT count(*)::text AS n, count(DISTINCT a.entity_id)::text AS lines FROM audit_log a JOIN bank_statement_lines l ON l.id = a.entity_id
      WHERE l.bank_account_id = ${itauId} AND a.action = 'bankStatementLines.import.create'`.execute(env.db);
    expect(perLine.rows[0]).toEqual({ n: '5', lines: '5' });
    const created = await sql<{ n: string }>`SELECT count(*)::text AS n FROM status_history h JOIN bank_statement_lines l ON l.id = h.entity_id WHERE l.bank_account_id = ${itauId} AND h.action = 'create'`.execute(env.db);
    expect(created.rows[0].n).toBe('5');
  });

  it('refuses another account’s file whole, with a message naming why', async () => {
    const before = await lineCount(itauId);
    const wrong = await importFile(treasurer, b64(fixture('bradesco-novembro.xml.ofx')), { bankAccountId: itauId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Este extrato é da conta 0012345-6 do banco 237, não da conta "Itaú — Pagamentos": nada foi importado.');
    const unknown = await importFile(treasurer, b64(fixture('bradesco-novembro.xml.ofx')));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Nenhuma conta financeira cadastrada corresponde ao extrato (banco 237, conta 0012345-6). Escolha a conta ou cadastre-a.');
    const truncated = await importFile(treasurer, b64(fixture('truncado.ofx')), { bankAccountId: itauId });
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe('O arquivo OFX está incompleto: a tag <STMTTRN> não foi fechada.');
    const notOfx = await importFile(treasurer, b64('Data;Valor\n01/11/2026;10,00\n'), { bankAccountId: itauId });
    expect(notOfx.status).toBe(400);
    expect(notOfx.body.message).toBe(OFX_MESSAGES.notOfx);
    expect(await lineCount(itauId)).toBe(before);
    expect((await importFile(treasurer, b64(fixture('itau-novembro-1252.ofx')), { bankAccountId: randomUUID() })).status).toBe(400);
    const requester = (await userInGroups(env, ['Solicitante'])).session;
    expect((await importFile(requester, b64(fixture('itau-novembro-1252.ofx')))).status).toBe(403);
    expect((await call(env, 'GET', `${FINANCE}/bank-accounts/${randomUUID()}/reconciliation`, { session: treasurer })).status).toBe(404);
  });

  it('suggests, confirms 1:1 and 1:N, undoes, turns a line into a parcela’s own baixa, and compares balances', async () => {
    const account = await freshAccount();
    const [a, b, c, d] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([40000, 25000, 15500, 12345]));
    const sa = await settle(a, '2026-11-20', account.id);
    const sb = await settle(b, '2026-11-19', account.id);
    const sc = await settle(c, '2026-11-22', account.id);
    const imported = await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'L1', date: '20261121', amount: '-400.00', memo: 'PIX ENVIADO' },
      { fitId: 'L2', date: '20261120', amount: '-405,00', memo: 'PIX LOTE' },
      { fitId: 'L3', date: '20261123', amount: '-123.45', memo: 'PIX SEM BAIXA' },
      { fitId: 'L4', date: '20261123', amount: '50.00', memo: 'DEPOSITO' },
    ], '9146.55')));
    expect(imported.body, imported.raw).toMatchObject({ bankAccountId: account.id, imported: 4 });

    let state = await view(account.id);
    expect(state).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    const byFit = (fit: string) => state.lines.find((l: { fitId: string }) => l.fitId === fit);
    const [l1, l2, l3, l4] = ['L1', 'L2', 'L3', 'L4'].map(byFit);
    expect(state.suggestions).toEqual(expect.arrayContaining([
      { lineId: l1.id, settlementIds: [sa], reason: 'amountDate' },
      { lineId: l2.id, settlementIds: [sb, sc].sort(), reason: 'sum' },
    ]));
    expect(state.settlements.map((s: { id: string }) => s.id).sort()).toEqual([sa, sb, sc].sort());
    // Per the system: 10,000.00 − 400.00 − 250.00 − 155.00 on the 30th; per the statement 9,146.55.
    expect(state.balance).toEqual({ statement: 914655, statementDate: '2026-11-30', system: 919500, difference: -4845 });

    const match = (lineId: string, settlementIds: string[], session = treasurer) => call(env, 'POST', `${FINANCE}/bank-statement-lines/${lineId}/match`, { session, body: { settlementIds } });
    expect((await match(l1.id, [sa])).body).toEqual({ id: l1.id, status: 'reconciled', settlementIds: [sa] });
    const short = await match(l2.id, [sb]);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`A soma das baixas (${formatMoney(-25000)}) não confere com o valor da linha do extrato (${formatMoney(-40500)}).`);
    expect((await match(l2.id, [sb, sc])).status).toBe(200);
    expect((await match(l2.id, [sb, sc])).status).toBe(409);
    const undone = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${l2.id}/unmatch`, { session: treasurer });
    expect(undone.body).toEqual({ id: l2.id, status: 'open', settlementIds: [] });
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${l2.id}/unmatch`, { session: treasurer })).status).toBe(409);
    expect((await match(l2.id, [sb, sc])).status).toBe(200);
    // The line's own history: its import (created through its service), the confirm, the undo and the confirm again, each with who and the baixas.
    const lineHistory = await call(env, 'GET', `${FINANCE}/bank-accounts/${account.id}/statement-lines/${l2.id}/history`, { session: treasurer });
    expect(lineHistory.status, lineHistory.raw).toBe(200);
    expect(lineHistory.body.map((h: { action: string; from: string; to: string; actor: { id: string } | null; input: unknown }) => [h.action, h.from, h.to, h.actor?.id, h.input])).toEqual([
      ['create', null, 'open', treasurerId, null],
      ['match', 'open', 'reconciled', treasurerId, { settlementIds: [sb, sc].sort() }],
      ['unmatch', 'reconciled', 'open', treasurerId, { settlementIds: [sb, sc].sort() }],
      ['match', 'open', 'reconciled', treasurerId, { settlementIds: [sb, sc].sort() }],
    ]);

    // A line without a baixa: the parcela's own baixa, dated as the line, then reconciled.
    const wrongSide = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${l4.id}/settle`, { session: treasurer, body: { installmentId: d } });
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body.message).toBe('Uma linha de débito é baixa de uma parcela a pagar; uma de crédito, de uma parcela a receber.');
    const settled = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${l3.id}/settle`, { session: treasurer, body: { installmentId: d } });
    expect(settled.status, settled.raw).toBe(200);
    const parcela = (await call(env, 'GET', `${PARCELAS}/${d}`, { session: treasurer })).body;
    expect(parcela).toMatchObject({ status: 'paid', paidAmount: 12345, lastPaidOn: '2026-11-23' });
    expect(settled.body.settlementIds).toEqual([parcela.settlements[0].id]);
    const history = (await call(env, 'GET', `${PARCELAS}/${d}/history`, { session: treasurer })).body;
    expect(JSON.stringify(history)).toContain('paid');
    expect((await sql`SELECT 1 FROM audit_log WHERE action = 'bankStatementLines.match' AND entity_id = ${l3.id}`.execute(env.db)).rows).toHaveLength(1);

    state = await view(account.id);
    expect(state.lines.filter((l: { status: string }) => l.status === 'reconciled').map((l: { fitId: string }) => l.fitId).sort()).toEqual(['L1', 'L2', 'L3']);
    expect(state.suggestions).toEqual([]);
    expect(state.balance).toMatchObject({ statement: 914655, system: 907155, difference: 7500 });

    // A reconciled baixa is not reversed behind the statement's back: undo the match first.
    const reverse = async () => {
      const current = (await call(env, 'GET', `${PARCELAS}/${a}`, { session: treasurer })).body;
      return call(env, 'POST', `${PARCELAS}/${a}/actions/reverse`, { session: treasurer, body: { settlementId: sa, reason: 'Pago em duplicidade.' }, headers: { 'if-match': ifMatch(current.version) } });
    };
    const refused = await reverse();
    expect([refused.status, refused.body.message]).toEqual([409, 'Esta baixa está conciliada com o extrato: desfaça a conciliação antes de estorná-la.']);
    expect((await call(env, 'GET', `${PARCELAS}/${a}`, { session: treasurer })).body).toMatchObject({ status: 'paid' });
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${l1.id}/unmatch`, { session: treasurer })).status).toBe(200);
    const reversed = await reverse();
    expect(reversed.status, reversed.raw).toBe(200);
  });

  it('extrato de movimentações: lines typed by hand beside imported ones, running balance, reconcilable, locked once reconciled', async () => {
    const account = await freshAccount();
    const LINES = `${FINANCE}/bank-accounts/${account.id}/statement-lines`;
    const add = (body: Record<string, unknown>) => call(env, 'POST', LINES, { session: treasurer, body: { document: null, ...body } });
    const invalid = await add({ postedOn: '2026-11-05', direction: 'in', value: 0, memo: ' ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ value: ['Informe um valor maior que zero.'], memo: ['Descreva a movimentação, como no extrato do banco.'] });
    const deposit = await add({ postedOn: '2026-11-05', direction: 'in', value: 50000, memo: 'DEPOSITO EM DINHEIRO', document: '0042' });
    expect(deposit.status, deposit.raw).toBe(201);
    expect(deposit.body).toMatchObject({ postedOn: '2026-11-05', direction: 'in', value: 50000, document: '0042', status: 'open', source: 'manual', balance: 1050000 });
    const fee = await add({ postedOn: '2026-11-06', direction: 'out', value: 12345, memo: 'PAGAMENTO SEM BAIXA' });
    expect(fee.body).toMatchObject({ direction: 'out', value: 12345, balance: 1037655 });
    const signed = await sql<{ amount: string; fit_id: string; statement_id: string | null }>`SELECT amount::text, fit_id, statement_id FROM bank_statement_lines WHERE id = ${fee.body.id}`.execute(env.db);
    expect(signed.rows[0]).toMatchObject({ amount: '-12345', statement_id: null });
    expect(signed.rows[0].fit_id).toMatch(/^MANUAL-/);
    await importFile(treasurer, b64(ofx(account.ofxAccount, [{ fitId: 'H1', date: '20261107', amount: '-10.00', memo: 'TARIFA DOC' }])));

    // A saldo de conta on the 6th (at the start of the day) restarts the running balance there.
    const saldo = await call(env, 'POST', '/api/finance-reporting/account-balances', { session: admin, body: { bankAccountId: account.id, date: '2026-11-06', amount: 2000000, description: 'Extrato de 05/11', notes: null } });
    expect(saldo.status, saldo.raw).toBe(201);
    const listed = await call(env, 'GET', `${LINES}?sort=postedOn`, { session: treasurer });
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.map((l: { memo: string; balance: number; source: string }) => [l.memo, l.balance, l.source])).toEqual([
      ['DEPOSITO EM DINHEIRO', 1050000, 'manual'],
      ['PAGAMENTO SEM BAIXA', 1987655, 'manual'],
      ['TARIFA DOC', 1986655, 'ofx'],
    ]);
    const imported = listed.body.find((l: { source: string }) => l.source === 'ofx');
    const put = (line: { id: string; version: number }, body: Record<string, unknown>) => call(env, 'PUT', `${LINES}/${line.id}`, { session: treasurer, body, headers: { 'if-match': ifMatch(line.version) } });
    const editImported = await put(imported, { postedOn: '2026-11-07', direction: 'out', value: 100, memo: 'X', document: null });
    expect([editImported.status, editImported.body.message]).toEqual([409, 'Linhas importadas do extrato do banco não são alteradas nem excluídas.']);

    // The hand line is in the conciliação like an imported one: a parcela's baixa from it.
    const [parcela] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([12345]));
    const settled = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${fee.body.id}/settle`, { session: treasurer, body: { installmentId: parcela } });
    expect(settled.status, settled.raw).toBe(200);
    const reconciled = (await call(env, 'GET', `${LINES}/${fee.body.id}`, { session: treasurer })).body;
    expect(reconciled.status).toBe('reconciled');
    const edit = await put(reconciled, { postedOn: '2026-11-06', direction: 'out', value: 12000, memo: 'PAGAMENTO', document: null });
    expect([edit.status, edit.body.message]).toEqual([409, 'Esta linha já foi conciliada: desfaça a conciliação antes de alterá-la ou excluí-la.']);
    const drop = await call(env, 'DELETE', `${LINES}/${fee.body.id}`, { session: admin, headers: { 'if-match': ifMatch(reconciled.version) } });
    expect([drop.status, drop.body.message]).toEqual([409, 'Esta linha já foi conciliada: desfaça a conciliação antes de alterá-la ou excluí-la.']);
    expect((await sql`SELECT amount::text FROM bank_statement_lines WHERE id = ${fee.body.id}`.execute(env.db)).rows).toEqual([{ amount: '-12345' }]);

    const changed = await put(deposit.body, { postedOn: '2026-11-05', direction: 'in', value: 60000, memo: 'DEPOSITO EM DINHEIRO', document: '0042' });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body).toMatchObject({ value: 60000, balance: 1060000 });
    const removed = await call(env, 'DELETE', `${LINES}/${deposit.body.id}`, { session: admin, headers: { 'if-match': ifMatch(changed.body.version) } });
    expect(removed.status, removed.raw).toBe(204);
    const requester = (await userInGroups(env, ['Solicitante'])).session;
    expect((await call(env, 'POST', LINES, { session: requester, body: { postedOn: '2026-11-05', direction: 'in', value: 1, memo: 'X', document: null } })).status).toBe(403);
    expect((await call(env, 'GET', `${FINANCE}/bank-accounts/${randomUUID()}/statement-lines`, { session: treasurer })).status).toBe(404);
  });

  it('creates the lançamento already settled from a line (a bank fee, a receipt), never past an approval queue; two requests on one line: one wins', async () => {
    const account = await freshAccount();
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'F1', date: '20261110', amount: '-39.90', memo: 'TARIFA PACOTE SERVICOS' },
      { fitId: 'F2', date: '20261114', amount: '150.00', memo: 'PIX RECEBIDO CLIENTE' },
      { fitId: 'F3', date: '20261112', amount: '-18.00', memo: 'TARIFA TED' },
      { fitId: 'F4', date: '20261112', amount: '-22.00', memo: 'TARIFA DOC' },
      { fitId: 'F5', date: '20261113', amount: '-9.90', memo: 'TARIFA EXTRATO' },
    ])));
    const lines = (await view(account.id)).lines as { id: string; fitId: string }[];
    const lineOf = (fit: string) => lines.find((l) => l.fitId === fit)!.id;
    const create = (fit: string, body: Record<string, unknown>, session = treasurer) => call(env, 'POST', `${FINANCE}/bank-statement-lines/${lineOf(fit)}/create-settled`, { session, body });
    const fee = { partyId: parties.supplierId, categoryId: parties.categoryId, costCenterId: parties.costCenterId };

    const missing = await create('F1', { partyId: '', categoryId: parties.categoryId, costCenterId: parties.costCenterId });
    expect([missing.status, missing.body.errors?.partyId]).toEqual([400, ['Escolha o fornecedor ou cliente.']]);
    const made = await create('F1', fee);
    expect(made.status, made.raw).toBe(200);
    expect(made.body).toMatchObject({ id: lineOf('F1'), status: 'reconciled', settlementIds: [expect.any(String)], entryNumber: expect.any(Number) });
    const entry = (await call(env, 'GET', `${FINANCE}/payables/${made.body.entryId}`, { session: treasurer })).body;
    expect(entry).toMatchObject({ status: 'settled', total: 3990, description: 'TARIFA PACOTE SERVICOS', issueDate: '2026-11-10', competence: '11/2026', bankAccountId: account.id, categoryId: parties.categoryId });
    const [parcela] = (await sql<{ id: string }>`SELECT id FROM installments WHERE entry_id = ${made.body.entryId}`.execute(env.db)).rows;
    const paid = (await call(env, 'GET', `${PARCELAS}/${parcela.id}`, { session: treasurer })).body;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 3990, lastPaidOn: '2026-11-10', paymentMethod: 'cash' });
    expect(paid.settlements[0].id).toBe(made.body.settlementIds[0]);
    const history = (await call(env, 'GET', `${PARCELAS}/${parcela.id}/history`, { session: treasurer })).body;
    expect(JSON.stringify(history)).toContain('Criado quitado a partir da linha F1 do extrato bancário.');
    const audited = await sql<{ action: string }>`SELECT action FROM audit_log WHERE entity_id IN (${made.body.entryId}, ${parcela.id}, ${lineOf('F1')}) ORDER BY at, action`.execute(env.db);
    expect(audited.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['payables.create', 'payables.submit', 'payableInstallments.authorize', 'payableInstallments.settle', 'bankStatementLines.match']));
    expect((await create('F1', fee)).status).toBe(409);

    // A credit: a lançamento a receber, received at once.
    const customerId = (await call(env, 'GET', '/v1/companies/customers?perPage=1', { session: admin })).body[0].id;
    const revenueId = (await call(env, 'GET', `${FINANCE}/revenue-categories?perPage=1`, { session: admin })).body[0].id;
    const receipt = await create('F2', { partyId: customerId, categoryId: revenueId, costCenterId: parties.costCenterId, description: 'Recebimento avulso' });
    expect(receipt.status, receipt.raw).toBe(200);
    expect((await call(env, 'GET', `${FINANCE}/receivables/${receipt.body.entryId}`, { session: treasurer })).body).toMatchObject({ status: 'settled', total: 15000, description: 'Recebimento avulso' });

    // An approval queue that applies — of the lançamento or of the payment — refuses it whole.
    const APPROVALS = '/v1/approvals';
    const approver = await userInGroups(env, ['Aprovador']);
    const suppliers = ((await call(env, 'GET', '/v1/companies/suppliers?perPage=5', { session: admin })).body as { id: string }[]).filter((s) => s.id !== parties.supplierId);
    for (const [resource, supplierId] of [['payables', suppliers[0].id], ['payableInstallments', suppliers[1].id]] as const) {
      const queue = await call(env, 'POST', `${APPROVALS}/queues`, {
        session: admin,
        body: { name: `Extrato ${resource}`, resource, priority: 1, isActive: true, description: null, stages: [{ name: 'Diretoria', minApprovals: 1, approverUserIds: [approver.user.id], approverGroupIds: [] }], triggers: [{ supplierId }] },
      });
      expect(queue.status, queue.raw).toBe(201);
    }
    const entriesBefore = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_entries WHERE bank_account_id = ${account.id}`.execute(env.db)).rows[0].n);
    const queued = await create('F3', { ...fee, partyId: suppliers[0].id });
    expect([queued.status, queued.body.message]).toEqual([409, `Um lançamento a pagar de ${formatMoney(1800)} entra em uma fila de aprovação: crie-o em Contas a Pagar e, depois de aprovado e autorizado, dê baixa a partir desta linha. Nada foi criado.`]);
    const queuedPayment = await create('F3', { ...fee, partyId: suppliers[1].id });
    expect([queuedPayment.status, queuedPayment.body.message]).toEqual([409, `O pagamento de ${formatMoney(1800)} entra em uma fila de aprovação de pagamentos: crie o lançamento em Contas a Pagar e, depois de autorizado, dê baixa a partir desta linha. Nada foi criado.`]);
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM finance_entries WHERE bank_account_id = ${account.id}`.execute(env.db)).rows[0].n)).toBe(entriesBefore);
    expect((await sql`SELECT status FROM bank_statement_lines WHERE id = ${lineOf('F3')}`.execute(env.db)).rows).toEqual([{ status: 'open' }]);

    // Who may not create payables or authorise payments: 403, nothing written.
    const requester = (await userInGroups(env, ['Solicitante'])).session;
    expect((await create('F4', fee, requester)).status).toBe(403);

    // Two treasurers on the same line at once: one lançamento, one 409.
    for (const fit of ['F4', 'F5']) {
      const raced = await Promise.all([create(fit, fee, treasurer), create(fit, fee, other)]);
      expect(raced.map((r) => r.status).sort(), raced.map((r) => r.raw).join(' | ')).toEqual([200, 409]);
      expect(raced.find((r) => r.status === 409)!.body.message).toBe('Esta linha do extrato já foi conciliada.');
      const made = await sql`SELECT 1 FROM finance_entries WHERE notes = ${`Criado quitado a partir da linha ${fit} do extrato bancário.`} AND bank_account_id = ${account.id}`.execute(env.db);
      expect(made.rows).toHaveLength(1);
    }
  });

  it('creates a lançamento from a line of an account closed since, but never with an inactive category or cost centre chosen (400 on the dialog’s fields, nothing written)', async () => {
    const account = await freshAccount();
    await importFile(treasurer, b64(ofx(account.ofxAccount, [{ fitId: 'I1', date: '20261110', amount: '-12.50', memo: 'TARIFA AVULSA' }])));
    const line = ((await view(account.id)).lines as { id: string }[])[0];
    await sql`UPDATE bank_accounts SET is_active = false WHERE id = ${account.id}`.execute(env.db);
    const create = (body: Record<string, unknown>) => call(env, 'POST', `${FINANCE}/bank-statement-lines/${line.id}/create-settled`, { session: treasurer, body });
    const off = async (table: string, id: string, isActive: boolean) => sql`UPDATE ${sql.table(table)} SET is_active = ${isActive} WHERE id = ${id}`.execute(env.db);
    const names = async (table: string, id: string) => (await sql<{ name: string }>`SELECT name FROM ${sql.table(table)} WHERE id = ${id}`.execute(env.db)).rows[0].name;
    const fee = { partyId: parties.supplierId, categoryId: parties.categoryId, costCenterId: parties.costCenterId };
    await off('expense_categories', parties.categoryId, false);
    await off('cost_centers', parties.costCenterId, false);
    try {
      const refused = await create(fee);
      expect(refused.status, refused.raw).toBe(400);
      expect(refused.body.errors).toEqual({
        categoryId: [inactiveReferenceMessage([await names('expense_categories', parties.categoryId)])],
        costCenterId: [inactiveReferenceMessage([await names('cost_centers', parties.costCenterId)])],
      });
      // The screen's notice says why, not only that the data are invalid.
      expect(refused.body.message).toBe(refused.body.errors.categoryId[0]);
      expect((await sql`SELECT 1 FROM finance_entries WHERE bank_account_id = ${account.id}`.execute(env.db)).rows).toEqual([]);
    } finally {
      await off('expense_categories', parties.categoryId, true);
      await off('cost_centers', parties.costCenterId, true);
    }
    // The line's account is the line's, not a choice: closed since, the lançamento is still made on it.
    const made = await create(fee);
    expect(made.status, made.raw).toBe(200);
    expect((await call(env, 'GET', `${FINANCE}/payables/${made.body.entryId}`, { session: treasurer })).body.bankAccountId).toBe(account.id);
  });

  it('accepts suggestions in bulk: each line as its own match, a refused one reported while the others stay; bulk against single at once: one wins per line', async () => {
    const account = await freshAccount();
    const ids = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([11111, 22222, 33333]));
    const settlements = [await settle(ids[0], '2026-11-10', account.id), await settle(ids[1], '2026-11-11', account.id), await settle(ids[2], '2026-11-12', account.id)];
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'B1', date: '20261110', amount: '-111.11' },
      { fitId: 'B2', date: '20261111', amount: '-222.22' },
      { fitId: 'B3', date: '20261112', amount: '-333.33' },
    ])));
    const state = await view(account.id);
    const lineOf = (fit: string) => (state.lines as { id: string; fitId: string }[]).find((l) => l.fitId === fit)!.id;
    const matches = ['B1', 'B2', 'B3'].map((fit, i) => ({ lineId: lineOf(fit), settlementIds: [settlements[i]] }));
    expect(state.suggestions).toEqual(expect.arrayContaining(matches.map((m) => ({ ...m, reason: 'amountDate' }))));
    const bulk = (session = treasurer) => call(env, 'POST', `${FINANCE}/bank-statement-lines/bulk-match`, { session, body: { matches } });
    const single = (session = other) => call(env, 'POST', `${FINANCE}/bank-statement-lines/${matches[1].lineId}/match`, { session, body: { settlementIds: matches[1].settlementIds } });
    const unmatchAll = async () => {
      for (const m of matches) await call(env, 'POST', `${FINANCE}/bank-statement-lines/${m.lineId}/unmatch`, { session: treasurer });
    };

    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/bulk-match`, { session: treasurer, body: { matches: [] } })).status).toBe(400);
    expect((await single()).status).toBe(200);
    const partial = await bulk();
    expect(partial.status, partial.raw).toBe(200);
    expect(partial.body).toEqual({ done: [matches[0].lineId, matches[2].lineId], failed: [{ lineId: matches[1].lineId, message: 'Esta linha do extrato já foi conciliada.' }] });
    const reconciled = await sql<{ n: string }>`SELECT count(*)::text AS n FROM bank_statement_lines WHERE bank_account_id = ${account.id} AND status = 'reconciled'`.execute(env.db);
    expect(reconciled.rows[0].n).toBe('3');
    expect((await sql`SELECT 1 FROM audit_log WHERE action = 'bankStatementLines.match' AND entity_id IN (${matches[0].lineId}, ${matches[2].lineId})`.execute(env.db)).rows).toHaveLength(2);

    for (let round = 0; round < 3; round++) {
      await unmatchAll();
      const [many, one] = await Promise.all([bulk(), single()]);
      expect(many.status, many.raw).toBe(200);
      const singleWon = one.status === 200;
      expect(one.status).toBe(singleWon ? 200 : 409);
      expect(many.body.done).toEqual(singleWon ? [matches[0].lineId, matches[2].lineId] : matches.map((m) => m.lineId));
      expect(many.body.failed).toEqual(singleWon ? [{ lineId: matches[1].lineId, message: 'Esta linha do extrato já foi conciliada.' }] : []);
      const rows = await sql<{ line_id: string }>`SELECT g.line_id FROM bank_statement_match_settlements m JOIN bank_statement_match_lines g ON g.match_id = m.match_id WHERE m.settlement_id IN (${sql.join(settlements)})`.execute(env.db);
      expect(rows.rows.map((r) => r.line_id).sort()).toEqual(matches.map((m) => m.lineId).sort());
    }
  });

  it('saved rules ("TARIFA PACOTE" → a category) suggest the classification of the open lines whose memo contains the text', async () => {
    const account = await freshAccount();
    const RULES = `${FINANCE}/reconciliation-rules`;
    const rule = (body: Record<string, unknown>) => call(env, 'POST', RULES, { session: treasurer, body: { revenueCategoryId: null, costCenterId: null, supplierId: null, customerId: null, isActive: true, ...body } });
    const noCategory = await rule({ pattern: 'TARIFA PACOTE', expenseCategoryId: null });
    expect([noCategory.status, noCategory.body.errors?.expenseCategoryId]).toEqual([400, ['Escolha a categoria de despesa (saídas) ou de receita (entradas).']]);
    const text = `Tarifa Pacote ${randomUUID().slice(0, 4)}`;
    const saved = await rule({ pattern: `  ${text.replace('Tarifa', 'TaríFa')} `, expenseCategoryId: parties.categoryId, costCenterId: parties.costCenterId, supplierId: parties.supplierId });
    expect(saved.status, saved.raw).toBe(201);
    expect(saved.body.pattern).toBe(text.replace('Tarifa', 'TaríFa'));
    const twice = await rule({ pattern: text.replace('Tarifa', 'TaríFa').toLowerCase(), expenseCategoryId: parties.categoryId });
    expect([twice.status, twice.body.errors?.pattern]).toEqual([409, ['Já existe uma regra com este texto.']]);
    const shorter = await rule({ pattern: text.slice(0, 6), expenseCategoryId: parties.categoryId, isActive: false });
    expect(shorter.status, shorter.raw).toBe(201);

    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'S1', date: '20261110', amount: '-39.90', memo: `Deb ${text.toLowerCase()} servicos` },
      { fitId: 'S2', date: '20261110', amount: '39.90', memo: `ESTORNO ${text.toUpperCase()}` },
      { fitId: 'S3', date: '20261111', amount: '-10.00', memo: 'OUTRA COISA' },
    ])));
    const state = await view(account.id);
    const lineOf = (fit: string) => (state.lines as { id: string; fitId: string }[]).find((l) => l.fitId === fit)!.id;
    const category = (await call(env, 'GET', `${FINANCE}/expense-categories/${parties.categoryId}`, { session: treasurer })).body;
    expect(state.ruleSuggestions).toEqual([
      { lineId: lineOf('S1'), ruleId: saved.body.id, pattern: text.replace('Tarifa', 'TaríFa'), party: { id: parties.supplierId, label: expect.any(String) }, category: { id: parties.categoryId, label: category.name }, costCenter: { id: parties.costCenterId, label: expect.any(String) } },
    ]);
    // Once the line is settled from the suggested classification, nothing is suggested for it any more.
    const made = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${lineOf('S1')}/create-settled`, { session: treasurer, body: { partyId: parties.supplierId, categoryId: parties.categoryId, costCenterId: parties.costCenterId } });
    expect(made.status, made.raw).toBe(200);
    expect((await view(account.id)).ruleSuggestions).toEqual([]);
  });

  it('N:1: several lines to one baixa — suggested, a wrong sum says the difference, never many with many, confirmed, estorno refused, undone whole, accepted in bulk', async () => {
    const account = await freshAccount();
    const [a, b] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([100000, 30000]));
    const sa = await settle(a, '2026-11-10', account.id);
    const sb = await settle(b, '2026-11-12', account.id);
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'N1', date: '20261110', amount: '-600.00', memo: 'TED 1/2' },
      { fitId: 'N2', date: '20261111', amount: '-400.00', memo: 'TED 2/2' },
      { fitId: 'N3', date: '20261112', amount: '-150.00', memo: 'PIX 1/2' },
      { fitId: 'N4', date: '20261113', amount: '-150.00', memo: 'PIX 2/2' },
      { fitId: 'N5', date: '20261111', amount: '-999.99', memo: 'OUTRO' },
    ])));
    let state = await view(account.id);
    const lineOf = (fit: string) => (state.lines as { id: string; fitId: string }[]).find((l) => l.fitId === fit)!.id;
    const [n1, n2, n3, n4, n5] = ['N1', 'N2', 'N3', 'N4', 'N5'].map(lineOf);
    const pair = (x: string, y: string) => [x, y].sort();
    expect(state.suggestions).toEqual(expect.arrayContaining([
      { lineId: pair(n1, n2)[0], lineIds: pair(n1, n2), settlementIds: [sa], reason: 'split' },
      { lineId: pair(n3, n4)[0], lineIds: pair(n3, n4), settlementIds: [sb], reason: 'split' },
    ]));
    expect(state.suggestions).toHaveLength(2);

    const group = (lineIds: string[], settlementIds: string[], session = treasurer) => call(env, 'POST', `${FINANCE}/bank-statement-matches`, { session, body: { lineIds, settlementIds } });
    const wrong = await group([n1, n5], [sa]);
    expect([wrong.status, wrong.body.message]).toEqual([400, `A soma das linhas do extrato (${formatMoney(-159999)}) não confere com o valor da baixa (${formatMoney(-100000)}): a diferença é de ${formatMoney(59999)}.`]);
    const manyToMany = await group([n1, n2, n3, n4], [sa, sb]);
    expect([manyToMany.status, manyToMany.body.message]).toEqual([400, 'Concilie uma linha com várias baixas ou várias linhas com uma baixa, não várias linhas com várias baixas.']);
    expect((await group([n1, randomUUID()], [sa])).status).toBe(400);
    expect((await sql`SELECT 1 FROM bank_statement_lines WHERE bank_account_id = ${account.id} AND status = 'reconciled'`.execute(env.db)).rows).toHaveLength(0);

    const confirmed = await group([n2, n1], [sa]);
    expect(confirmed.status, confirmed.raw).toBe(200);
    expect(confirmed.body).toEqual({ lineIds: pair(n1, n2), status: 'reconciled', settlementIds: [sa] });
    expect((await group([n1, n2], [sa])).status).toBe(409);
    const alone = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${n5}/match`, { session: treasurer, body: { settlementIds: [sa] } });
    expect([alone.status, alone.body.message]).toEqual([409, 'Uma das baixas escolhidas já foi conciliada com outra linha do extrato.']);
    state = await view(account.id);
    const shown = (id: string) => (state.lines as { id: string; status: string; settlementIds: string[]; matchLineIds: string[] }[]).find((l) => l.id === id)!;
    for (const id of [n1, n2]) expect(shown(id)).toMatchObject({ status: 'reconciled', settlementIds: [sa], matchLineIds: pair(n1, n2) });
    expect(state.settlements.find((s: { id: string }) => s.id === sa).reconciled).toBe(true);
    expect(state.suggestions).toEqual([{ lineId: pair(n3, n4)[0], lineIds: pair(n3, n4), settlementIds: [sb], reason: 'split' }]);

    // The database holds the walls, not only the code: a line in a second group, a second line in a 1:N group.
    const matchId = (await sql<{ match_id: string }>`SELECT match_id FROM bank_statement_match_lines WHERE line_id = ${n1}`.execute(env.db)).rows[0].match_id;
    await expect(sql`INSERT INTO bank_statement_match_lines (line_id, match_id, org_id, one_side, amount) VALUES (${n1}, ${matchId}, (SELECT org_id FROM bank_statement_lines WHERE id = ${n1}), 'settlement', -1)`.execute(env.db)).rejects.toMatchObject({ code: '23505' });
    await expect(sql`INSERT INTO bank_statement_match_settlements (settlement_id, match_id, org_id, one_side, amount) VALUES (${sb}, ${matchId}, (SELECT org_id FROM bank_statement_lines WHERE id = ${n1}), 'settlement', -30000)`.execute(env.db)).rejects.toMatchObject({ code: '23505' });

    // The estorno of a baixa reconciled across several lines is refused like any reconciled one.
    const reverse = async () => {
      const current = (await call(env, 'GET', `${PARCELAS}/${a}`, { session: treasurer })).body;
      return call(env, 'POST', `${PARCELAS}/${a}/actions/reverse`, { session: treasurer, body: { settlementId: sa, reason: 'Pago em duplicidade.' }, headers: { 'if-match': ifMatch(current.version) } });
    };
    const refused = await reverse();
    expect([refused.status, refused.body.message]).toEqual([409, 'Esta baixa está conciliada com o extrato: desfaça a conciliação antes de estorná-la.']);
    expect((await call(env, 'GET', `${PARCELAS}/${a}`, { session: treasurer })).body).toMatchObject({ status: 'paid' });

    // Undo from either line removes the whole group.
    const undone = await call(env, 'POST', `${FINANCE}/bank-statement-lines/${n2}/unmatch`, { session: treasurer });
    expect(undone.body).toEqual({ id: n2, status: 'open', settlementIds: [] });
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${n1}/unmatch`, { session: treasurer })).status).toBe(409);
    state = await view(account.id);
    for (const id of [n1, n2]) expect(shown(id)).toMatchObject({ status: 'open', settlementIds: [], matchLineIds: [] });
    expect(state.settlements.find((s: { id: string }) => s.id === sa).reconciled).toBe(false);
    expect((await sql`SELECT 1 FROM bank_statement_matches WHERE id = ${matchId}`.execute(env.db)).rows).toHaveLength(0);
    expect((await sql`SELECT 1 FROM audit_log WHERE action = 'bankStatementLines.unmatch' AND entity_id IN (${n1}, ${n2})`.execute(env.db)).rows).toHaveLength(2);

    // Bulk accept takes the N:1 suggestions with the 1:1 ones.
    const bulk = await call(env, 'POST', `${FINANCE}/bank-statement-lines/bulk-match`, { session: treasurer, body: { matches: state.suggestions.map(({ lineId, lineIds, settlementIds }: { lineId: string; lineIds?: string[]; settlementIds: string[] }) => ({ lineId, lineIds, settlementIds })) } });
    expect(bulk.status, bulk.raw).toBe(200);
    expect(bulk.body).toEqual({ done: expect.arrayContaining([n1, n2, n3, n4]), failed: [] });
    expect(bulk.body.done).toHaveLength(4);
    const reconciled = await sql<{ fit_id: string }>`SELECT fit_id FROM bank_statement_lines WHERE bank_account_id = ${account.id} AND status = 'reconciled' ORDER BY fit_id`.execute(env.db);
    expect(reconciled.rows.map((r) => r.fit_id)).toEqual(['N1', 'N2', 'N3', 'N4']);
    expect((await reverse()).status).toBe(409);
    // Now undone, the baixa may be reversed.
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${n1}/unmatch`, { session: treasurer })).status).toBe(200);
    expect((await reverse()).status).toBe(200);
  });

  it('a hand line in an N:1 group stays locked for edits until the group is undone', async () => {
    const account = await freshAccount();
    const LINES = `${FINANCE}/bank-accounts/${account.id}/statement-lines`;
    const [a] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([50000]));
    const sa = await settle(a, '2026-11-10', account.id);
    const add = async (value: number) => (await call(env, 'POST', LINES, { session: treasurer, body: { postedOn: '2026-11-10', direction: 'out', value, memo: 'PIX PARCIAL', document: null } })).body;
    const [h1, h2] = [await add(30000), await add(20000)];
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-matches`, { session: treasurer, body: { lineIds: [h1.id, h2.id], settlementIds: [sa] } })).status).toBe(200);
    const current = (await call(env, 'GET', `${LINES}/${h2.id}`, { session: treasurer })).body;
    const edit = await call(env, 'PUT', `${LINES}/${h2.id}`, { session: treasurer, body: { postedOn: '2026-11-10', direction: 'out', value: 25000, memo: 'PIX', document: null }, headers: { 'if-match': ifMatch(current.version) } });
    expect([edit.status, edit.body.message]).toEqual([409, 'Esta linha já foi conciliada: desfaça a conciliação antes de alterá-la ou excluí-la.']);
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${h1.id}/unmatch`, { session: treasurer })).status).toBe(200);
    const reopened = (await call(env, 'GET', `${LINES}/${h2.id}`, { session: treasurer })).body;
    expect(reopened.status).toBe('open');
    const edited = await call(env, 'PUT', `${LINES}/${h2.id}`, { session: treasurer, body: { postedOn: '2026-11-10', direction: 'out', value: 25000, memo: 'PIX', document: null }, headers: { 'if-match': ifMatch(reopened.version) } });
    expect(edited.status, edited.raw).toBe(200);
  });

  it('two treasurers confirming overlapping N:1 groups at once: exactly one wins, the other 409, no partial group', async () => {
    const account = await freshAccount();
    const [a, b] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([10000, 10000]));
    const sa = await settle(a, '2026-11-10', account.id);
    const sb = await settle(b, '2026-11-10', account.id);
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'O1', date: '20261110', amount: '-50.00' },
      { fitId: 'O2', date: '20261110', amount: '-50.00' },
      { fitId: 'O3', date: '20261111', amount: '-50.00' },
    ])));
    const lines = (await view(account.id)).lines as { id: string; fitId: string }[];
    const id = (fit: string) => lines.find((l) => l.fitId === fit)!.id;
    const group = (lineIds: string[], settlementIds: string[], session: Session) => call(env, 'POST', `${FINANCE}/bank-statement-matches`, { session, body: { lineIds, settlementIds } });
    const members = async () => ({
      lines: (await sql<{ line_id: string }>`SELECT line_id FROM bank_statement_match_lines WHERE line_id IN (${sql.join(lines.map((l) => l.id))}) ORDER BY line_id`.execute(env.db)).rows.map((r) => r.line_id),
      settlements: (await sql<{ settlement_id: string }>`SELECT settlement_id FROM bank_statement_match_settlements WHERE settlement_id IN (${sa}, ${sb})`.execute(env.db)).rows.map((r) => r.settlement_id),
      reconciled: (await sql<{ id: string }>`SELECT id FROM bank_statement_lines WHERE bank_account_id = ${account.id} AND status = 'reconciled' ORDER BY id`.execute(env.db)).rows.map((r) => r.id),
    });

    for (let round = 0; round < 4; round++) {
      // Even rounds: the same baixa from overlapping lines; odd: one shared line, two baixas.
      const first = [id('O1'), id('O2')];
      const second = round % 2 ? [id('O3'), id('O2')] : [id('O2'), id('O3')];
      const raced = await Promise.all([group(first, [sa], treasurer), group(second, [round % 2 ? sb : sa], other)]);
      expect(raced.map((r) => r.status).sort(), raced.map((r) => r.raw).join(' | ')).toEqual([200, 409]);
      expect(raced.find((r) => r.status === 409)!.body.message).toMatch(/já foi conciliada/);
      const winner = raced.find((r) => r.status === 200)!.body as { lineIds: string[]; settlementIds: string[] };
      const now = await members();
      expect(now.lines).toEqual([...winner.lineIds].sort());
      expect(now.reconciled).toEqual([...winner.lineIds].sort());
      expect(now.settlements).toEqual(winner.settlementIds);
      expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${winner.lineIds[0]}/unmatch`, { session: treasurer })).status).toBe(200);
      expect(await members()).toEqual({ lines: [], settlements: [], reconciled: [] });
    }
  });

  it('two treasurers confirming the same line, or the same baixa on two lines, at once: exactly one wins', async () => {
    const account = await freshAccount();
    const [a, b] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([7777, 8888]));
    const sa = await settle(a, '2026-11-10', account.id);
    const sb = await settle(b, '2026-11-10', account.id);
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'R1', date: '20261110', amount: '-77.77' },
      { fitId: 'R2', date: '20261111', amount: '-77.77' },
      { fitId: 'R3', date: '20261110', amount: '-88.88' },
    ])));
    const lines = (await view(account.id)).lines as { id: string; fitId: string }[];
    const id = (fit: string) => lines.find((l) => l.fitId === fit)!.id;
    const match = (lineId: string, settlementIds: string[], session: Session) => call(env, 'POST', `${FINANCE}/bank-statement-lines/${lineId}/match`, { session, body: { settlementIds } });

    for (let round = 0; round < 3; round++) {
      const same = await Promise.all([match(id('R3'), [sb], treasurer), match(id('R3'), [sb], other)]);
      expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${id('R3')}/unmatch`, { session: treasurer })).status).toBe(200);

      const crossed = await Promise.all([match(id('R1'), [sa], treasurer), match(id('R2'), [sa], other)]);
      expect(crossed.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(crossed.find((r) => r.status === 409)!.body.message).toMatch(/já foi conciliada/);
      const matches = await sql<{ line_id: string }>`SELECT g.line_id FROM bank_statement_match_settlements m JOIN bank_statement_match_lines g ON g.match_id = m.match_id WHERE m.settlement_id = ${sa}`.execute(env.db);
      expect(matches.rows).toHaveLength(1);
      const reconciled = await sql<{ fit_id: string }>`SELECT fit_id FROM bank_statement_lines WHERE bank_account_id = ${account.id} AND status = 'reconciled'`.execute(env.db);
      expect(reconciled.rows).toHaveLength(1);
      const winner = matches.rows[0].line_id;
      expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${winner}/unmatch`, { session: treasurer })).status).toBe(200);
    }
  });

  // Last: it takes migration 0040 down and up again on this database.
  it('migration 0040 turns the old one-row-per-baixa matches into groups (down: N:1 groups reopen, having no old form)', async () => {
    const account = await freshAccount();
    const [a, b, c, d] = await authorisedParcelas(env, clerk, treasurer, { ...parties, accountId: account.id }, pixInstallments([1111, 2222, 3333, 4444]));
    const [sa, sb, sc, sd] = [await settle(a, '2026-11-10', account.id), await settle(b, '2026-11-10', account.id), await settle(c, '2026-11-10', account.id), await settle(d, '2026-11-10', account.id)];
    await importFile(treasurer, b64(ofx(account.ofxAccount, [
      { fitId: 'M1', date: '20261110', amount: '-11.11' },
      { fitId: 'M2', date: '20261110', amount: '-55.55' },
      { fitId: 'M3', date: '20261110', amount: '-40.00' },
      { fitId: 'M4', date: '20261110', amount: '-4.44' },
    ])));
    const lines = (await view(account.id)).lines as { id: string; fitId: string }[];
    const id = (fit: string) => lines.find((l) => l.fitId === fit)!.id;
    const group = (lineIds: string[], settlementIds: string[]) => call(env, 'POST', `${FINANCE}/bank-statement-matches`, { session: treasurer, body: { lineIds, settlementIds } });
    expect((await group([id('M1')], [sa])).status).toBe(200);
    expect((await group([id('M2')], [sb, sc])).status).toBe(200);
    expect((await group([id('M3'), id('M4')], [sd])).status).toBe(200);

    await matchGroups.down(env.db);
    const old = await sql<{ line_id: string; settlement_id: string; amount: string }>`SELECT line_id, settlement_id, amount::text FROM bank_statement_matches WHERE settlement_id IN (${sql.join([sa, sb, sc, sd])}) ORDER BY abs(bank_statement_matches.amount)`.execute(env.db);
    expect(old.rows).toEqual([
      { line_id: id('M1'), settlement_id: sa, amount: '-1111' },
      { line_id: id('M2'), settlement_id: sb, amount: '-2222' },
      { line_id: id('M2'), settlement_id: sc, amount: '-3333' },
    ]);
    await matchGroups.up(env.db);

    const state = await view(account.id);
    const shown = (fit: string) => (state.lines as { fitId: string; status: string; settlementIds: string[]; matchLineIds: string[] }[]).find((l) => l.fitId === fit)!;
    expect(shown('M1')).toMatchObject({ status: 'reconciled', settlementIds: [sa], matchLineIds: [id('M1')] });
    expect(shown('M2')).toMatchObject({ status: 'reconciled', settlementIds: [sb, sc].sort(), matchLineIds: [id('M2')] });
    expect(shown('M3')).toMatchObject({ status: 'open', settlementIds: [] });
    const groups = await sql<{ amount: string; one_side: string; bank_account_id: string }>`SELECT m.amount::text, m.one_side, m.bank_account_id FROM bank_statement_matches m
      WHERE m.id IN (SELECT match_id FROM bank_statement_match_lines WHERE line_id IN (${id('M1')}, ${id('M2')})) ORDER BY m.amount DESC`.execute(env.db);
    expect(groups.rows).toEqual([{ amount: '-1111', one_side: 'line', bank_account_id: account.id }, { amount: '-5555', one_side: 'line', bank_account_id: account.id }]);
    // The migrated 1:N group is undone whole, and the baixa is matched again afterwards.
    expect((await call(env, 'POST', `${FINANCE}/bank-statement-lines/${id('M2')}/unmatch`, { session: treasurer })).status).toBe(200);
    expect((await view(account.id)).settlements.filter((s: { id: string; reconciled: boolean }) => [sb, sc].includes(s.id) && !s.reconciled)).toHaveLength(2);
    expect((await group([id('M3'), id('M4')], [sd])).status).toBe(200);
  });
});

