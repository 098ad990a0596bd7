/**
 * Remessas on the real server and database (issue 25): generation from the authorised parcelas of
 * the Itaú account's SISPAG convênio (file stored, downloadable, SHA-256, every line 240 + CRLF,
 * NSA incremented, parcelas em remessa with history); the idempotency contract (same key → the same
 * file byte for byte, another body → 422); two treasurers generating at once never put a parcela in
 * two files; bad input refused with nothing moved and no NSA spent; cancel; the retorno: paid →
 * baixa with the bank's date and amount, rejected → autorizada with the reason, the same file twice
 * changes nothing, a broken or foreign file is refused naming the line.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { saoPauloToday } from '../../src/contracts/today.js';
import { call, databaseKinds, loginSession, userInGroups, useTestEnv, type Session } from './fixture.js';
import { authorisedParcelas, bankReturn, base64, demoParties, pixInstallments, PARCELAS, REMITTANCES, untilGenerated, untilImported, type Parties } from './remittance-support.js';

describe.each(databaseKinds())('arquivos de remessa e retorno [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let clerk: Session;
  let treasurer: Session;
  let treasurer2: Session;
  let parties: Parties;

  /** POST remittances; once accepted (202), waits for the job: `body` is then the remessa as the job left it, `accepted` the 202's body. */
  const generate = async (who: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const answer = await call(env, 'POST', REMITTANCES, { session: who, body: { bankAccountId: parties.accountId, agreementId: parties.agreementId, ...body }, headers });
    if (answer.status !== 202) return { ...answer, accepted: undefined };
    return { ...answer, accepted: answer.body, body: await untilGenerated(env, who, answer.body.id) };
  };
  const nsa = async () => Number((await sql<{ n: number }>`SELECT next_file_sequence AS n FROM bank_account_agreements WHERE id = ${parties.agreementId}`.execute(env.db)).rows[0].n);
  const statuses = async (ids: string[]) => (await sql<{ id: string; status: string }>`SELECT id, status FROM installments WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(env.db)).rows.map((r) => r.status);
  const download = (who: Session, id: string) => call(env, 'GET', `${REMITTANCES}/${id}/file`, { session: who });
  /** POST remittances/returns; once accepted (202), waits for the job: `body` is then the import as the job left it, `accepted` the 202's body. */
  const importReturn = async (who: Session, text: string, fileName = 'RETORNO.RET', headers: Record<string, string> = {}) => {
    const answer = await call(env, 'POST', `${REMITTANCES}/returns`, { session: who, body: { fileName, content: base64(text) }, headers });
    if (answer.status !== 202) return { ...answer, accepted: undefined };
    return { ...answer, accepted: answer.body, body: await untilImported(env, who, answer.body.id) };
  };
  const parcelas = (ids: string[]) => authorisedParcelas(env, clerk, treasurer, parties, pixInstallments(ids.map(() => 10000)));

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    clerk = (await userInGroups(env, ['Financeiro'])).session;
    treasurer = (await userInGroups(env, ['Financeiro'])).session;
    treasurer2 = (await userInGroups(env, ['Financeiro'])).session;
    parties = await demoParties(env, admin);
  });

  it('generates the remessa of the chosen parcelas: stored, downloadable with its SHA-256, 240 + CRLF, NSA taken, parcelas em remessa', async () => {
    const ids = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments([150000, 98765, 12345]));
    const before = await nsa();
    const made = await generate(treasurer, { installmentIds: ids, notes: 'Pagamentos da semana' });
    expect(made.status, made.raw).toBe(202);
    expect(made.headers.location).toBe(`${REMITTANCES}/${made.body.id}`);
    // Accepted: the parcelas taken, the file not offered yet; then the job moved them and offered it.
    expect(made.accepted).toMatchObject({ status: 'generating', processedCount: 0, paymentCount: 3, total: 261110, fileSequence: before, sha256: null, _actions: [] });
    expect(made.body).toMatchObject({ status: 'generated', processedCount: 3, fileSequence: before, paymentCount: 3, total: 261110, layout: 'itau240', paidCount: 0, notes: 'Pagamentos da semana', version: 1 });
    expect(made.body.items.map((i: { installmentId: string }) => i.installmentId).sort()).toEqual([...ids].sort());
    expect(made.body.items.every((i: { outcome: string; paymentForm: string }) => i.outcome === 'pending' && i.paymentForm === 'pixKey')).toBe(true);
    expect(made.body._actions).toEqual(['markSent', 'cancel']);
    expect(await nsa()).toBe(before + 1);
    expect(await statuses(ids)).toEqual(['in_remittance', 'in_remittance', 'in_remittance']);
    const history = await call(env, 'GET', `${PARCELAS}/${ids[0]}/history`, { session: treasurer });
    expect(history.body.at(-1)).toMatchObject({ action: 'remit', from: 'authorized', to: 'in_remittance' });

    const file = await download(treasurer, made.body.id);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${made.body.fileName}"`);
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(made.body.sha256);
    expect(file.headers['x-content-sha256']).toBe(made.body.sha256);
    const text = file.bytes.toString('latin1');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => line.length === 240)).toBe(true);
    // header + batch header + 3 × (A + B) + batch trailer + file trailer
    expect(lines).toHaveLength(10);
    expect(lines[0].slice(0, 3)).toBe('341');
    expect(Number(lines[8].slice(23, 41))).toBe(261110);

    // Listed under "remessas geradas"; another tenant sees nothing of it.
    const listed = await call(env, 'GET', `${REMITTANCES}?perPage=5`, { session: treasurer });
    expect(listed.body.map((r: { id: string }) => r.id)).toContain(made.body.id);
    const other = await loginSession(env, 'admin@outra.com.br');
    // (the other organisation's admin holds no remessa permission there: 403 before any lookup; never the file)
    const foreign = await download(other, made.body.id);
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.raw).not.toContain('341');
    expect([403, 404]).toContain((await call(env, 'GET', `${REMITTANCES}/${made.body.id}`, { session: other })).status);
  });

  it('honours Idempotency-Key: the same key answers the same file byte for byte; another body is a 422; one NSA spent', async () => {
    const ids = await parcelas(['a', 'b']);
    const key = randomUUID();
    const before = await nsa();
    const first = await generate(treasurer, { installmentIds: ids }, { 'idempotency-key': key });
    expect(first.status, first.raw).toBe(202);
    const again = await generate(treasurer, { installmentIds: ids }, { 'idempotency-key': key });
    expect(again.status, again.raw).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(Buffer.compare((await download(treasurer, first.body.id)).bytes, (await download(treasurer, again.body.id)).bytes)).toBe(0);
    expect(await nsa()).toBe(before + 1);
    const other = await generate(treasurer, { installmentIds: ids.slice(0, 1) }, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    // Parallel replays of a new key: one remessa.
    const more = await parcelas(['c']);
    const key2 = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => generate(treasurer, { installmentIds: more }, { 'idempotency-key': key2 })));
    const made = answers.filter((a) => a.status === 202);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => a.body.id)).size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 202)) expect(answer.status, answer.raw).toBe(409);
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM remittance_items WHERE installment_id = ${more[0]}`.execute(env.db)).rows[0].n)).toBe(1);
  });

  it('two treasurers generating at once never put one parcela in two files', async () => {
    const ids = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments([1000, 2000, 3000, 4000, 5000, 6000]));
    const before = await nsa();
    const [a, b, c, d] = await Promise.all([
      generate(treasurer, { installmentIds: ids }),
      generate(treasurer2, { installmentIds: ids }),
      generate(treasurer, { installmentIds: ids.slice(0, 3) }),
      generate(treasurer2, {}),
    ]);
    const answers = [a, b, c, d];
    for (const answer of answers) expect([202, 409], answer.raw).toContain(answer.status);
    const won = answers.filter((x) => x.status === 202);
    expect(won.length).toBeGreaterThanOrEqual(1);
    // Every accepted remessa was generated by its job: none failed on a parcela another one took.
    expect(won.map((x) => x.body.status)).toEqual(won.map(() => 'generated'));
    const taken = won.flatMap((x) => x.body.items.map((i: { installmentId: string }) => i.installmentId)).filter((id: string) => ids.includes(id));
    expect(new Set(taken).size).toBe(taken.length);
    expect(new Set(taken)).toEqual(new Set(ids));
    const live = await sql<{ installment_id: string; n: string }>`SELECT installment_id, count(*)::text AS n FROM remittance_items WHERE live AND installment_id IN (${sql.join(ids)}) GROUP BY installment_id`.execute(env.db);
    expect(live.rows.every((r) => r.n === '1')).toBe(true);
    expect(live.rows).toHaveLength(ids.length);
    // one NSA per file made, none for the refused
    expect(await nsa()).toBe(before + won.length);
    const sequences = won.map((x) => x.body.fileSequence);
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('two convênios of one account generating at once: the parcelas own locks keep each in one file', async () => {
    const second = await call(env, 'POST', `/api/finance/bank-accounts/${parties.accountId}/agreements`, {
      session: admin,
      body: { name: 'SISPAG 2', agreementCode: `X${randomUUID().slice(0, 8)}`, layout: 'itau240', services: ['pix'], nextFileSequence: 1, isActive: true, notes: null },
    });
    expect(second.status, second.raw).toBe(201);
    const ids = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments([1100, 2200, 3300, 4400]));
    const answers = await Promise.all([generate(treasurer, { installmentIds: ids }), generate(treasurer2, { installmentIds: ids, agreementId: second.body.id }), generate(treasurer2, { installmentIds: ids.slice(1, 3), agreementId: second.body.id })]);
    for (const answer of answers) expect([202, 409], answer.raw).toContain(answer.status);
    const won = answers.filter((x) => x.status === 202);
    expect(won.length).toBeGreaterThanOrEqual(1);
    // (Not every parcela need be taken: the subset may win, and then both full lists are refused whole.)
    const taken = won.flatMap((x) => x.body.items.map((i: { installmentId: string }) => i.installmentId));
    expect(new Set(taken).size).toBe(taken.length);
    const live = await sql<{ n: string }>`SELECT count(*)::text AS n FROM remittance_items WHERE live AND installment_id IN (${sql.join(ids)})`.execute(env.db);
    expect(Number(live.rows[0].n)).toBe(taken.length);
    expect(await statuses(ids)).toEqual(
      (await sql<{ id: string }>`SELECT id FROM installments WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(env.db)).rows.map((r) => (taken.includes(r.id) ? 'in_remittance' : 'authorized')),
    );
  });

  it('refuses what cannot go in a file, naming the parcela; nothing moved, no NSA spent', async () => {
    const [pix] = await parcelas(['ok']);
    const [cash] = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments([7000], [{ paymentMethod: 'cash', pixKeyType: null, pixKey: null }]));
    const before = await nsa();
    const refused = await generate(treasurer, { installmentIds: [pix, cash] });
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body.errors.installmentIds[0]).toMatch(/^Parcela "Serviços de manutenção — 1\/1": é paga em dinheiro ou débito automático/);
    expect(await statuses([pix, cash].sort())).toEqual(['authorized', 'authorized']);
    expect(await nsa()).toBe(before);
    const foreign = await generate(treasurer, { installmentIds: [pix], agreementId: randomUUID() });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.agreementId).toEqual(['Convênio não encontrado nesta conta financeira.']);
    const nothing = await generate(treasurer, { installmentIds: [randomUUID()] });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toMatch(/^1 parcela escolhida não está mais autorizada/);
    const direct = await call(env, 'PUT', `${REMITTANCES}/x`, { session: treasurer, body: {} });
    expect([400, 404, 428]).toContain(direct.status);
  });

  it('cancelling a remessa sends its parcelas back to autorizada, with the reason; they go in the next file', async () => {
    const ids = await parcelas(['a', 'b']);
    const made = await generate(treasurer, { installmentIds: ids });
    const cancelled = await call(env, 'POST', `${REMITTANCES}/${made.body.id}/actions/cancel`, { session: treasurer, body: { reason: 'Arquivo recusado pelo gerente' }, headers: { 'if-match': `"${made.body.version}"` } });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await statuses(ids)).toEqual(['authorized', 'authorized']);
    const history = await call(env, 'GET', `${PARCELAS}/${ids[0]}/history`, { session: treasurer });
    expect(history.body.at(-1)).toMatchObject({ action: 'unremit', to: 'authorized', input: { reason: expect.stringContaining('Arquivo recusado pelo gerente') } });
    // A cancelled file is no remessa of the parcela's: nothing to show of it.
    const parcela = (await call(env, 'GET', `${PARCELAS}/${ids[0]}`, { session: treasurer })).body;
    expect(parcela).toMatchObject({ remittanceId: null, bankOutcome: null, bankOccurrences: null });
    const next = await generate(treasurer, { installmentIds: ids });
    expect(next.status, next.raw).toBe(202);
    expect(next.body.status).toBe('generated');
  });

  it('imports the retorno: paid → baixa with the bank date and amount; rejected → autorizada with the reason; twice → nothing changes', async () => {
    const ids = await authorisedParcelas(env, clerk, treasurer, parties, pixInstallments([50000, 30000, 20000]));
    const made = await generate(treasurer, { installmentIds: ids });
    expect(made.status, made.raw).toBe(202);
    const sent = await call(env, 'POST', `${REMITTANCES}/${made.body.id}/actions/markSent`, { session: treasurer, body: {}, headers: { 'if-match': `"${made.body.version}"` } });
    expect(sent.body.status).toBe('sent');
    const remessa = (await download(treasurer, made.body.id)).bytes.toString('latin1');
    const byInstallment = new Map<string, string>(made.body.items.map((i: { installmentId: string; reference: string }) => [i.installmentId, i.reference]));
    const [paidId, rejectedId, scheduledId] = ids;
    const retorno = bankReturn(remessa, { [byInstallment.get(rejectedId)!]: 'AN', [byInstallment.get(scheduledId)!]: 'BD' }, '22112026');

    const first = await importReturn(treasurer, retorno);
    expect(first.status, first.raw).toBe(202);
    expect(first.accepted).toMatchObject({ status: 'processing', processedCount: 0, payments: 3, paid: 0 });
    expect(first.headers.location).toBe(`${REMITTANCES}/returns/${first.body.id}`);
    expect(first.body).toMatchObject({ status: 'processed', processedCount: 3, failureReason: null });
    const logged = await sql<{ after: { paid: number; fileName: string } }>`SELECT after FROM audit_log WHERE action = 'remittanceReturns.import' ORDER BY seq DESC LIMIT 1`.execute(env.db);
    expect(logged.rows[0].after).toMatchObject({ paid: 1, fileName: 'RETORNO.RET' });
    expect(first.body).toMatchObject({ duplicate: false, payments: 3, paid: 1, rejected: 1, scheduled: 1, unknown: 0 });
    expect(first.body.lines.find((l: { installmentId: string }) => l.installmentId === rejectedId).reason).toBe('AN — Conta corrente/DV do favorecido inválido');
    const paid = (await call(env, 'GET', `${PARCELAS}/${paidId}`, { session: treasurer })).body;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 50000, openBalance: 0, lastPaidOn: '2026-11-22' });
    expect(paid.settlements).toMatchObject([{ paidOn: '2026-11-22', amount: 50000, paidTotal: 50000, bankAccountId: parties.accountId }]);
    const rejected = (await call(env, 'GET', `${PARCELAS}/${rejectedId}`, { session: treasurer })).body;
    expect(rejected.status).toBe('authorized');
    const history = await call(env, 'GET', `${PARCELAS}/${rejectedId}/history`, { session: treasurer });
    expect(history.body.at(-1)).toMatchObject({ action: 'unremit', input: { reason: 'Rejeitada pelo banco: AN — Conta corrente/DV do favorecido inválido' } });
    expect(await statuses([scheduledId])).toEqual(['in_remittance']);
    let record = (await call(env, 'GET', `${REMITTANCES}/${made.body.id}`, { session: treasurer })).body;
    // Answered by the bank: processada at once, though one payment is only agendado.
    expect(record).toMatchObject({ status: 'processed', paidCount: 1, rejectedCount: 1 });

    // The same file again: the first answer, nothing changed.
    const settlements = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM installment_settlements WHERE installment_id IN (${sql.join(ids)})`.execute(env.db)).rows[0].n);
    const audits = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log WHERE entity_id IN (${sql.join(ids)})`.execute(env.db)).rows[0].n);
    const [s0, a0] = [await settlements(), await audits()];
    const again = await importReturn(treasurer, retorno, 'RETORNO-COPIA.RET');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, paid: 1, rejected: 1 });
    expect([await settlements(), await audits()]).toEqual([s0, a0]);

    // The bank's next file pays the scheduled one: accepted, the remessa stays processed.
    const later = bankReturn(remessa, {}, '23112026');
    const second = await importReturn(treasurer, later, 'RETORNO2.RET');
    expect(second.status, second.raw).toBe(202);
    expect(second.body).toMatchObject({ paid: 1, unchanged: 2 });
    expect(await statuses([paidId, rejectedId, scheduledId].sort())).toEqual([paidId, rejectedId, scheduledId].sort().map((id) => (id === rejectedId ? 'authorized' : 'paid')));
    record = (await call(env, 'GET', `${REMITTANCES}/${made.body.id}`, { session: treasurer })).body;
    expect(record.status).toBe('processed');
  });

  it('refuses a broken, foreign or never-sent retorno naming the line and field, changing nothing', async () => {
    const ids = await parcelas(['a']);
    const made = await generate(treasurer, { installmentIds: ids });
    const remessa = (await download(treasurer, made.body.id)).bytes.toString('latin1');
    const good = bankReturn(remessa);
    const tomorrow = saoPauloToday(new Date(env.clock.now().getTime() + 86_400_000));
    const lines = good.split('\r\n');
    const short = [...lines];
    short[2] = short[2].slice(0, 239);
    const cases: [string, RegExp][] = [
      [short.join('\r\n'), /^Linha 3: tem 239 caracteres; o layout CNAB 240 exige 240 em cada linha\.$/],
      [lines.slice(0, -2).join('\r\n'), /trailer do arquivo/],
      [remessa, /é uma remessa, não um retorno/],
      ['OFXHEADER:100\r\nDATA:OFXSGML\r\n', /não é um retorno CNAB 240/],
      [good.replace(/^237|^341/, '104'), /banco 104/],
      [good.replace(made.body.items[0].reference, 'ZZZZZZZZ000000000001'), /^Linha 3: o pagamento "ZZZZZZZZ000000000001" \(campo "Seu número"\) não é de nenhuma remessa/],
      // Paid tomorrow: a baixa after today would count in the balance before the money left.
      [bankReturn(remessa, {}, tomorrow.split('-').reverse().join('')), new RegExp(`^Linha 3: o banco confirma um pagamento em ${tomorrow.split('-').reverse().join('/')}, depois de hoje\\. Confira o arquivo`)],
    ];
    for (const [text, message] of cases) {
      const answer = await importReturn(treasurer, text, `x-${randomUUID()}.ret`);
      expect(answer.status, answer.raw).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await statuses(ids)).toEqual(['in_remittance']);
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM remittance_returns WHERE org_id = (SELECT org_id FROM remittances WHERE id = ${made.body.id}) AND payments > 0 AND result->>'fileName' LIKE 'x-%'`.execute(env.db)).rows[0].n)).toBe(0);
  });

  it('asks for the remessa permission', async () => {
    const requester = (await userInGroups(env, ['Solicitante'])).session;
    expect((await generate(requester, {})).status).toBe(403);
    expect((await importReturn(requester, 'x')).status).toBe(403);
  });
});
