/**
 * The supplier's answer link (issue 24, SECURITY.md "public links") on the real server and
 * database: the link e-mailed when a cotação is sent (to each solicitação with an e-mail), the
 * token stored hashed, the GET that changes nothing, the exchange for a short-lived cookie, the
 * answer saved through the solicitação's service (and seen by the buyer), the refusals (after the
 * deadline, a replaced token, a cancelled cotação, a forged or missing cookie, a form from
 * elsewhere), another supplier's isolation, the throttle on wrong tokens and the tenant wall.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ifMatch } from '../../src/contracts/resource.js';
import { DEMO_ORG_ID, OTHER_ORG_ID } from '../../server/db/seed.js';
import { withTenant } from '../../server/db/tenant.js';
import { GUESS_MAX } from '../../server/pricing/supplier-link.js';
import { buyingCalls, buyingCast } from './buying-support.js';
import { call, databaseKinds, loginSession, PUBLIC_URL, useTestEnv, type Session } from './fixture.js';
import type { ReceivedMail } from './mail.js';

const PRICING = '/v1/pricing';
const ORDERS = '/v1/supply/orders';
const PAGE = '/fornecedor/cotacao';
const DEADLINE = '2026-12-15';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface PageAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.each(databaseKinds())('supplier answer link [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let requester: Session;
  let buyer: Session;
  let suppliers: string[];
  let products: { id: string; name: string }[];
  let centre: string;
  let organisation: string;

  const { act, get } = buyingCalls(env);

  /** A sent cotação of two lines with one solicitação per supplier (`emails[i]` null: no e-mail). */
  const sentQuote = async (emails: (string | null)[], deadline = DEADLINE) => {
    const order = await call(env, 'POST', ORDERS, {
      session: requester,
      body: {
        title: 'Material de escritório', costCenterId: centre, departmentId: null, neededBy: null, justification: null,
        lines: [0, 1].map((i) => ({ productId: products[i].id, description: products[i].name, quantity: 4 + i, unit: 'UN', unitPrice: 1000, neededBy: null })),
      },
    });
    expect(order.status, order.raw).toBe(201);
    const submitted = await act(requester, ORDERS, order.body, 'submit');
    expect(submitted.body.status, submitted.raw).toBe('approved');
    const opened = await call(env, 'POST', `${PRICING}/quotes/from-orders`, { session: buyer, body: { orderIds: [order.body.id], deadline } });
    expect(opened.status, opened.raw).toBe(201);
    const draft = await get(buyer, `${PRICING}/quotes/${opened.body.id}`);
    const lines = draft.lines.map(({ id, productId, description, quantity, unit }: Record<string, unknown>) => ({ id, productId, description, quantity, unit }));
    const noted = await call(env, 'PUT', `${PRICING}/quotes/${draft.id}`, { session: buyer, body: { title: draft.title, deadline, notes: 'Entrega no almoxarifado central.', lines }, headers: { 'if-match': ifMatch(draft.version) } });
    expect(noted.status, noted.raw).toBe(200);
    const quote = noted.body;
    const requests: { id: string; version: number }[] = [];
    for (const [i, email] of emails.entries()) {
      const created = await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests`, { session: buyer, body: { supplierId: suppliers[i], contactEmail: email, answers: [] } });
      expect(created.status, created.raw).toBe(201);
      requests.push(created.body);
    }
    const since = env.smtp.messages.length;
    const sent = await act(buyer, `${PRICING}/quotes`, quote, 'send');
    expect(sent.status, sent.raw).toBe(200);
    await env.app.backgroundIdle();
    const mails = emails.map((email) => (email ? env.smtp.messages.slice(since).find((m) => m.to.includes(email)) : undefined));
    return { quote: sent.body, requests, mails, lines: quote.lines as { id: string; description: string; quantity: number }[] };
  };

  const tokenOf = (mail: ReceivedMail | undefined): string => {
    const match = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/fornecedor/cotacao\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
    if (!match) throw new Error(`no link in ${mail?.text}`);
    return match[1];
  };

  const page = async (method: 'GET' | 'POST', url: string, options: { cookie?: string; form?: Record<string, string>; payload?: Buffer; contentType?: string; ip?: string } = {}): Promise<PageAnswer> => {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (options.cookie) headers.cookie = options.cookie;
    let payload: string | Buffer | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.payload) {
      headers['content-type'] = options.contentType!;
      payload = options.payload;
    }
    const response = await env.app.inject({ method, url, headers, payload, remoteAddress: options.ip ?? '127.0.0.1' });
    return { status: response.statusCode, headers: response.headers as PageAnswer['headers'], body: response.body };
  };

  /** POST the token → the cookie (name=value) the page then runs on. */
  const exchange = async (token: string): Promise<string> => {
    const answer = await page('POST', `${PAGE}/acesso`, { form: { token } });
    expect(answer.status, answer.body).toBe(303);
    expect(answer.headers.location).toBe(PAGE);
    const line = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('rt_fornecedor='));
    expect(line).toBeDefined();
    return line!.split(';')[0];
  };

  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

  const multipart = (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) => {
    const boundary = `----rt${randomUUID()}`;
    const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="proposal"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
  };

  /** The answer form posted with the session's own anti-forgery value. */
  const answer = async (cookie: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }, csrf?: string) => {
    const form = await page('GET', PAGE, { cookie });
    expect(form.status, form.body).toBe(200);
    const body = multipart({ csrf: csrf ?? csrfOf(form.body), ...fields }, file);
    return page('POST', PAGE, { cookie, payload: body.payload, contentType: body.contentType });
  };

  /** What a write would change: the link rows, the solicitações, their answers, the audit. */
  const state = async () => ({
    links: (await sql`SELECT request_id, token_hash, used_at FROM supplier_links ORDER BY request_id`.execute(env.db)).rows,
    requests: (await sql`SELECT id, version, status, total FROM quote_requests ORDER BY id`.execute(env.db)).rows,
    answers: (await sql`SELECT request_id, line_id, unit_price::text FROM quote_answers ORDER BY request_id, position`.execute(env.db)).rows,
    audit: Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log`.execute(env.db)).rows[0].n),
    files: Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM files`.execute(env.db)).rows[0].n),
  });

  beforeAll(async () => {
    ({ admin, requester, buyer, suppliers, products, centre } = await buyingCast(env));
    expect(suppliers.length).toBeGreaterThanOrEqual(3);
    organisation = (await sql<{ name: string }>`SELECT name FROM organizations WHERE id = ${DEMO_ORG_ID}`.execute(env.db)).rows[0].name;
  });

  it('sending mails each supplier with an e-mail its own link, kept only as a hash; the GET changes nothing', async () => {
    const { quote, requests, mails } = await sentQuote(['compras@alfa.test', 'vendas@beta.test', null]);
    // One e-mail per solicitação with an address, in pt-BR, naming the organisation, number and deadline.
    expect(mails[0]!.subject).toBe(`Cotação nº ${quote.number} de ${organisation} — responda até 15/12/2026`);
    expect(mails[0]!.text).toContain(`${organisation} convida você a enviar o seu orçamento para a cotação nº ${quote.number}`);
    expect(mails[0]!.text).toContain('até 15/12/2026');
    const [a, b] = [tokenOf(mails[0]), tokenOf(mails[1])];
    expect(a).not.toBe(b);
    // ≥ 128 bits: 32 random bytes in base64url.
    expect(Buffer.from(a, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = (await sql<{ request_id: string; token_hash: string; expires_at: Date | string }>`SELECT request_id, token_hash, expires_at FROM supplier_links WHERE quote_id = ${quote.id} ORDER BY request_id`.execute(env.db)).rows;
    expect(rows.map((r) => r.request_id).sort()).toEqual([requests[0].id, requests[1].id].sort());
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(rows.find((r) => r.request_id === requests[0].id)!.token_hash).toBe(hashOf(a));
    expect(JSON.stringify(rows)).not.toContain(a);
    // Expires at the end of the deadline's day in Brasília.
    expect(new Date(rows[0].expires_at).toISOString()).toBe('2026-12-16T02:59:59.999Z');
    // The token never reaches a log line or the audit.
    const audit = (await sql<{ after: unknown }>`SELECT after FROM audit_log WHERE action = 'quoteRequests.link.sent' AND entity_id = ${requests[0].id}`.execute(env.db)).rows;
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(a);

    const before = await state();
    const opened = await page('GET', `${PAGE}?token=${a}`);
    expect(opened.status, opened.body).toBe(200);
    expect(opened.body).toContain('Abrir cotação');
    expect(opened.body).toContain(organisation);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(String(opened.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(opened.headers['content-type'])).toContain('text/html');
    // A scanner opening the link twice: nothing written (link not marked used, no audit, no answer).
    await page('GET', `${PAGE}?token=${a}`);
    expect(await state()).toEqual(before);
    expect(env.logs.join('\n')).not.toContain(a);
  });

  it('token → cookie → answer saved through the solicitação → the buyer sees it; the cotação moves when all answered', async () => {
    const { quote, requests, mails, lines } = await sentQuote(['alfa@fornecedor.test', 'beta@fornecedor.test']);
    const exchanged = await page('POST', `${PAGE}/acesso`, { form: { token: tokenOf(mails[0]) } });
    expect(exchanged.status).toBe(303);
    expect(exchanged.headers.location).toBe(PAGE);
    const cookieLine = ([] as string[]).concat(exchanged.headers['set-cookie'] ?? []).find((c) => c.startsWith('rt_fornecedor='))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Strict/i);
    expect(cookieLine).toMatch(/Path=\/fornecedor/);
    expect(cookieLine).toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookieLine)![1]).getTime();
    expect(expires - env.clock.now().getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    const cookie = cookieLine.split(';')[0];

    const form = await page('GET', PAGE, { cookie });
    expect(form.status).toBe(200);
    expect(form.headers['referrer-policy']).toBe('no-referrer');
    expect(form.headers['cache-control']).toBe('no-store');
    for (const line of lines) expect(form.body).toContain(line.description);
    expect(form.body).toContain('Entrega no almoxarifado central.');
    expect(form.body).toContain('15/12/2026');

    // Identity fields in the body are ignored: the solicitação comes from the cookie only.
    const saved = await answer(cookie, {
      [`price.${lines[0].id}`]: '1.234,56', [`quantity.${lines[0].id}`]: '4', [`lead.${lines[0].id}`]: '7',
      [`price.${lines[1].id}`]: '89,90', [`lead.${lines[1].id}`]: '',
      freight: '150,00', paymentTerms: '30/60', validUntil: '2026-12-31', notes: 'Preços com impostos.',
      requestId: requests[1].id, supplierId: suppliers[2], quoteId: 'x', orgId: OTHER_ORG_ID,
    }, { name: 'proposta.pdf', type: 'application/pdf', bytes: PDF });
    expect(saved.status, saved.body).toBe(303);
    expect(saved.headers.location).toBe(`${PAGE}?salvo=1`);
    const after = await page('GET', `${PAGE}?salvo=1`, { cookie });
    expect(after.body).toContain('Orçamento recebido');
    expect(after.body).toContain('value="1.234,56"');

    const seen = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}`);
    expect(seen.status).toBe('answered');
    expect(seen.supplierId).toBe(suppliers[0]);
    expect(seen.answers).toEqual([
      { lineId: lines[0].id, unitPrice: 123456, quantity: 4, leadTimeDays: 7 },
      { lineId: lines[1].id, unitPrice: 8990, quantity: lines[1].quantity, leadTimeDays: null },
    ]);
    expect([seen.freight, seen.paymentTerms, seen.validUntil, seen.notes]).toEqual([15000, '30/60', '2026-12-31', 'Preços com impostos.']);
    expect(seen.total).toBe(4 * 123456 + lines[1].quantity * 8990 + 15000);
    const file = await call(env, 'GET', `${PRICING}/files/${seen.proposalFileId}`, { session: buyer });
    expect([file.status, file.body.contentType, file.body.status]).toEqual([200, 'application/pdf', 'ready']);
    // The other solicitação is untouched; the cotação waits for it.
    const other = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[1].id}`);
    expect([other.status, other.answers]).toEqual(['pending', []]);
    expect((await get(buyer, `${PRICING}/quotes/${quote.id}`)).status).toBe('sent');
    // History and audit name no user: the supplier answered through the link.
    const history = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}/history`);
    const last = history[history.length - 1];
    expect([last.action, last.actor, last.input?.note]).toEqual(['answer', null, 'Orçamento enviado pelo fornecedor pelo link de resposta.']);
    const audited = (await sql<{ actor_user_id: string | null; after: any }>`SELECT actor_user_id, after FROM audit_log WHERE action = 'quoteRequests.link.answered' AND entity_id = ${requests[0].id}`.execute(env.db)).rows;
    expect(audited.length).toBe(1);
    expect(audited[0].actor_user_id).toBeNull();

    // Editing again before the deadline replaces the answer.
    const edited = await answer(cookie, { [`price.${lines[0].id}`]: '1.000,00', [`quantity.${lines[0].id}`]: '4' });
    expect(edited.status, edited.body).toBe(303);
    const reread = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}`);
    expect(reread.answers).toEqual([{ lineId: lines[0].id, unitPrice: 100000, quantity: 4, leadTimeDays: null }]);
    expect(reread.proposalFileId).toBe(seen.proposalFileId);

    // The second supplier answers: every solicitação answered → "orçamentos recebidos".
    const second = await answer(await exchange(tokenOf(mails[1])), { [`price.${lines[0].id}`]: '999,00' });
    expect(second.status, second.body).toBe(303);
    expect((await get(buyer, `${PRICING}/quotes/${quote.id}`)).status).toBe('received');
  });

  it('bad input: a precise 400 page with nothing saved; a disguised or oversized PDF, a missing cookie or anti-forgery value are refused', async () => {
    const { requests, mails, lines } = await sentQuote(['gama@fornecedor.test']);
    const cookie = await exchange(tokenOf(mails[0]));
    const before = await state();
    const wrong = await answer(cookie, { [`price.${lines[0].id}`]: '12,345', [`quantity.${lines[0].id}`]: '0', freight: 'dez' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('Informe o preço em reais, por exemplo 1.234,56.');
    expect(wrong.body).toContain('value="12,345"');
    const zero = await answer(cookie, { [`price.${lines[0].id}`]: '10,00', [`quantity.${lines[0].id}`]: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body).toContain('A quantidade deve ser maior que zero.');
    const none = await answer(cookie, {});
    expect(none.status).toBe(400);
    expect(none.body).toContain('Informe o preço de ao menos um item.');
    const disguised = await answer(cookie, { [`price.${lines[0].id}`]: '10,00' }, { name: 'proposta.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') });
    expect([disguised.status, disguised.body.includes('A proposta deve ser um arquivo PDF.')]).toEqual([415, true]);
    const huge = await answer(cookie, { [`price.${lines[0].id}`]: '10,00' }, { name: 'grande.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]) });
    expect(huge.status).toBe(413);
    const forged = await answer(cookie, { [`price.${lines[0].id}`]: '10,00' }, undefined, 'not-the-value');
    expect([forged.status, forged.body.includes('Envio recusado')]).toEqual([403, true]);
    const body = multipart({ csrf: 'x', [`price.${lines[0].id}`]: '10,00' });
    const anonymous = await page('POST', PAGE, { payload: body.payload, contentType: body.contentType });
    expect([anonymous.status, anonymous.body.includes('Sessão expirada')]).toEqual([401, true]);
    expect((await page('GET', PAGE)).status).toBe(401);
    expect(await state()).toEqual(before);
    expect((await get(buyer, `${PRICING}/quotes/${(await sql<{ quote_id: string }>`SELECT quote_id FROM quote_requests WHERE id = ${requests[0].id}`.execute(env.db)).rows[0].quote_id}/requests/${requests[0].id}`)).status).toBe('pending');
    // A 3 MB PDF (over the 2 MB JSON body limit, under the 10 MB upload limit) is taken, stored in 64 KB parts.
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const accepted = await answer(cookie, { [`price.${lines[0].id}`]: '10,00' }, { name: 'proposta-grande.pdf', type: 'application/pdf', bytes: big });
    expect(accepted.status, accepted.body).toBe(303);
    const stored = (await sql<{ size: number; parts: string; name: string }>`SELECT f.size, f.name, (SELECT count(*)::text FROM file_chunks c WHERE c.file_id = f.id) AS parts
      FROM quote_requests r JOIN files f ON f.id = r.proposal_file_id WHERE r.id = ${requests[0].id}`.execute(env.db)).rows[0];
    expect([Number(stored.size), Number(stored.parts), stored.name]).toEqual([big.length, Math.ceil(big.length / 65536), 'proposta-grande.pdf']);
  });

  it("another supplier's token or cookie reaches only its own solicitação; no response carries another supplier's price", async () => {
    const { quote, requests, mails, lines } = await sentQuote(['delta@fornecedor.test', 'epsilon@fornecedor.test']);
    const first = await exchange(tokenOf(mails[0]));
    expect((await answer(first, { [`price.${lines[0].id}`]: '7.777,77', [`price.${lines[1].id}`]: '6.666,66' })).status).toBe(303);

    const bodies: string[] = [];
    const opened = await page('GET', `${PAGE}?token=${tokenOf(mails[1])}`);
    bodies.push(opened.body);
    const exchanged = await page('POST', `${PAGE}/acesso`, { form: { token: tokenOf(mails[1]) } });
    bodies.push(exchanged.body);
    const second = ([] as string[]).concat(exchanged.headers['set-cookie'] ?? []).find((c) => c.startsWith('rt_fornecedor='))!.split(';')[0];
    const form = await page('GET', PAGE, { cookie: second });
    bodies.push(form.body);
    const wrong = await answer(second, { [`price.${lines[0].id}`]: 'abc' });
    bodies.push(wrong.body);
    const saved = await answer(second, { [`price.${lines[0].id}`]: '8.000,00', requestId: requests[0].id });
    expect(saved.status).toBe(303);
    bodies.push((await page('GET', `${PAGE}?salvo=1`, { cookie: second })).body);
    for (const body of bodies) {
      expect(body).not.toMatch(/7\.?777,77|777777|6\.?666,66|666666/);
      expect(body).not.toContain('delta@fornecedor.test');
    }
    // The first supplier's answer is as it was; the second's went to its own solicitação.
    const a = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}`);
    expect(a.answers.map((x: { unitPrice: number }) => x.unitPrice)).toEqual([777777, 666666]);
    const b = await get(buyer, `${PRICING}/quotes/${quote.id}/requests/${requests[1].id}`);
    expect(b.answers.map((x: { unitPrice: number }) => x.unitPrice)).toEqual([800000]);

    // A cookie rewritten to name the other solicitação fails its signature.
    const [payload, signature] = decodeURIComponent(second.split('=')[1]).split('.');
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
    fields[1] = requests[0].id;
    const forged = `rt_fornecedor=${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${signature}`;
    const refused = await page('GET', PAGE, { cookie: forged });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain('7.777,77');
  });

  it('"Reenviar link" replaces the token: the old link and its cookies are refused, the new one works', async () => {
    const { quote, requests, mails, lines } = await sentQuote(['zeta@fornecedor.test', null]);
    const oldToken = tokenOf(mails[0]);
    const oldCookie = await exchange(oldToken);
    const since = env.smtp.messages.length;
    const resent = await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}/actions/resendLink`, { session: buyer });
    expect(resent.status, resent.raw).toBe(200);
    const mail = await env.smtp.next('zeta@fornecedor.test', since);
    const newToken = tokenOf(mail);
    expect(newToken).not.toBe(oldToken);
    expect(Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM supplier_links WHERE request_id = ${requests[0].id}`.execute(env.db)).rows[0].n)).toBe(1);

    const before = await state();
    const old = await page('GET', `${PAGE}?token=${oldToken}`);
    expect([old.status, old.body.includes('Link inválido')]).toEqual([404, true]);
    expect((await page('POST', `${PAGE}/acesso`, { form: { token: oldToken } })).status).toBe(404);
    const stale = await page('GET', PAGE, { cookie: oldCookie });
    expect(stale.status).toBe(404);
    const staleCsrf = csrfOf((await page('GET', PAGE, { cookie: await exchange(newToken) })).body);
    expect(staleCsrf).not.toBe('');
    const posted = multipart({ csrf: 'x', [`price.${lines[0].id}`]: '1,00' });
    expect((await page('POST', PAGE, { cookie: oldCookie, payload: posted.payload, contentType: posted.contentType })).status).toBeGreaterThanOrEqual(400);
    expect((await state()).answers).toEqual(before.answers);
    expect((await page('GET', `${PAGE}?token=${newToken}`)).status).toBe(200);

    // No e-mail on the solicitação, or a cotação not sent: 409 with the reason.
    const noMail = await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests/${requests[1].id}/actions/resendLink`, { session: buyer });
    expect([noMail.status, noMail.body.message]).toEqual([409, 'Informe o e-mail do fornecedor para enviar o link.']);
    // Another organisation cannot resend (404 like a missing record).
    const stranger = await loginSession(env, 'admin@outra.com.br');
    expect((await call(env, 'POST', `${PRICING}/quotes/${quote.id}/requests/${requests[0].id}/actions/resendLink`, { session: stranger })).status).toBe(404);
  });

  it('after the deadline (end of that day in Brasília) and on a cancelled cotação: a clear page, nothing saved', async () => {
    const { quote, mails, lines } = await sentQuote(['eta@fornecedor.test', 'theta@fornecedor.test']);
    const real = env.clock.now();
    try {
      // 23:59 in Brasília on the deadline: still open; the cookie lives until the deadline at most.
      env.clock.set(new Date('2026-12-16T02:59:00Z'));
      expect((await page('GET', `${PAGE}?token=${tokenOf(mails[0])}`)).status).toBe(200);
      const cookie = await exchange(tokenOf(mails[0]));
      const form = await page('GET', PAGE, { cookie });
      const csrf = csrfOf(form.body);
      env.clock.set(new Date('2026-12-16T03:00:00.500Z'));
      const before = await state();
      const late = await page('GET', `${PAGE}?token=${tokenOf(mails[0])}`);
      expect([late.status, late.body.includes('Prazo encerrado'), late.body.includes('15/12/2026')]).toEqual([410, true, true]);
      expect((await page('POST', `${PAGE}/acesso`, { form: { token: tokenOf(mails[0]) } })).status).toBe(410);
      const body = multipart({ csrf, [`price.${lines[0].id}`]: '1,00' });
      expect((await page('POST', PAGE, { cookie, payload: body.payload, contentType: body.contentType })).status).toBe(401);
      expect(await state()).toEqual(before);
    } finally {
      env.clock.set(real);
    }
    // Cancelled: the link shows the cotação closed, and an open cookie saves nothing.
    const cookie = await exchange(tokenOf(mails[1]));
    const csrf = csrfOf((await page('GET', PAGE, { cookie })).body);
    const current = await get(buyer, `${PRICING}/quotes/${quote.id}`);
    expect((await act(buyer, `${PRICING}/quotes`, current, 'cancel', { reason: 'Compra adiada.' })).status).toBe(200);
    const before = await state();
    const closed = await page('GET', `${PAGE}?token=${tokenOf(mails[1])}`);
    expect([closed.status, closed.body.includes('Cotação encerrada')]).toEqual([410, true]);
    const body = multipart({ csrf, [`price.${lines[0].id}`]: '1,00' });
    const posted = await page('POST', PAGE, { cookie, payload: body.payload, contentType: body.contentType });
    expect([posted.status, posted.body.includes('Cotação encerrada')]).toEqual([410, true]);
    expect(await state()).toEqual(before);
  });

  it('a burst of wrong tokens from one address is throttled (shared store), other addresses are not', async () => {
    const { mails } = await sentQuote(['iota@fornecedor.test']);
    const ip = '203.0.113.77';
    const answers = await Promise.all(Array.from({ length: GUESS_MAX + 5 }, () => page('GET', `${PAGE}?token=${randomUUID().replace(/-/g, '')}abcdefgh`, { ip })));
    const statuses = answers.map((a) => a.status);
    // Each guess is counted atomically before the lookup: at most GUESS_MAX are looked at, even in parallel.
    expect(statuses.filter((s) => s === 404).length).toBe(GUESS_MAX);
    expect(statuses.filter((s) => s === 429).length).toBe(5);
    const followUp = await page('GET', `${PAGE}?token=${tokenOf(mails[0])}`, { ip });
    expect(followUp.status).toBe(429);
    expect(Number(followUp.headers['retry-after'])).toBeGreaterThan(0);
    expect(followUp.body).toContain('Muitas tentativas');
    expect((await page('POST', `${PAGE}/acesso`, { form: { token: tokenOf(mails[0]) }, ip })).status).toBeGreaterThanOrEqual(400);
    const counted = (await sql<{ hits: number }>`SELECT hits FROM rate_limit_hits WHERE key = ${`supplier-link:ip:${ip}`}`.execute(env.db)).rows[0];
    expect(Number(counted.hits)).toBeGreaterThanOrEqual(GUESS_MAX);
    // Another address still opens its link.
    expect((await page('GET', `${PAGE}?token=${tokenOf(mails[0])}`, { ip: '203.0.113.78' })).status).toBe(200);
  });

  it('tenant wall: the links are rows of their organisation only', async () => {
    const { requests } = await sentQuote(['kappa@fornecedor.test']);
    const seen = (orgId: string) => withTenant(env.tenantDb, orgId, async (trx) => (await sql<{ n: string }>`SELECT count(*)::text AS n FROM supplier_links WHERE request_id = ${requests[0].id}`.execute(trx)).rows[0].n);
    expect(Number(await seen(DEMO_ORG_ID))).toBe(1);
    expect(Number(await seen(OTHER_ORG_ID))).toBe(0);
    const stranger = await loginSession(env, 'admin@outra.com.br');
    const list = await call(env, 'GET', `${PRICING}/quotes?perPage=100`, { session: stranger });
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(0);
  });
});
