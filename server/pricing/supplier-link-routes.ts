/**
 * The supplier's answer link, served outside the API families (a page a supplier opens from an
 * e-mail, without an account):
 * - `GET /fornecedor/cotacao?token=…` — checks the token and shows "Abrir cotação"; changes
 *   nothing (mail scanners open every link);
 * - `POST /fornecedor/cotacao/acesso` (form: `token`) — exchanges the token for a short-lived,
 *   HttpOnly, SameSite=Strict cookie bound to the solicitação, then 303 to the page without the
 *   token in the address;
 * - `GET /fornecedor/cotacao` — with the cookie: the cotação's lines, deadline and notes and this
 *   supplier's own answer, as a form;
 * - `POST /fornecedor/cotacao` (multipart, `csrf` field) — saves the answer through the
 *   solicitação's record service (update + `answer`), the PDF through the upload rules.
 * Refusals are pt-BR pages with a 4xx and nothing saved. Wrong tokens are counted per address in
 * the shared rate-limit store (429 after `GUESS_MAX` in `GUESS_WINDOW_MS`).
 */
import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { chunkCount, FILE_CHUNK_BYTES, FILE_MAX_BYTES, sniffFileType } from '../../src/contracts/files.js';
import { writeSchema } from '../../src/contracts/resourceSchemas.js';
import { quoteRequests } from '../../src/contracts/resources/quoteRequests.js';
import { formatScaled, parseMoney } from '../../src/core/format/money.js';
import { fillText } from '../../src/core/i18n/catalogue/supplierLink.js';
import { audit } from '../audit.js';
import { safeEqual } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import { HttpError } from '../errors.js';
import { fileDisplayName } from '../files/routes.js';
import type { Trx, Values } from '../registry/storage.js';
import {
  brazilianDate,
  findLink,
  formToken,
  linkState,
  newSession,
  readSession,
  returnGuess,
  sessionValue,
  SUPPLIER_COOKIE,
  SUPPLIER_PAGE_PATH,
  takeGuess,
  type LinkRow,
  type LinkState,
  type SupplierSession,
} from './supplier-link.js';
import { answerPage, openPage, refusalPage, type AnswerView, type FormValues, type LineView, type Refusal } from './supplier-link-page.js';

const REFUSAL_STATUS: Readonly<Record<Refusal, number>> = { invalid: 404, expired: 410, closed: 410, declined: 410, session: 401, csrf: 403, throttled: 429, tooLarge: 413, notPdf: 415 };
const SUPPLIER_NOTE = 'Orçamento enviado pelo fornecedor pelo link de resposta.';

/** A refusal the handlers throw and the routes turn into its page. */
class Refused extends Error {
  constructor(
    readonly kind: Refusal,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(kind);
  }
}

/** Form values that did not pass: the page again, with the typed values and the messages (400). */
class Invalid extends Error {
  constructor(readonly errors: Record<string, string>) {
    super('invalid');
  }
}

interface Snapshot {
  view: AnswerView;
  quoteId: string;
  quoteStatus: string;
  requestStatus: string;
  deadline: string;
  supplierId: string;
  contactEmail: string | null;
  proposalFileId: string | null;
  tokenHash: string | null;
}

const when = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
const centsText = (value: string | null) => (value === null ? '' : formatScaled(Number(value), 2));

/** The solicitação as its supplier may see it: its cotação's header and lines, and its own answer — nothing else. */
async function snapshot(trx: Trx, orgId: string, requestId: string, lock = false): Promise<Snapshot | undefined> {
  const row = (await sql<{
    quote_id: string; number: string; title: string; deadline: string; quote_notes: string | null; quote_status: string; organisation: string;
    status: string; supplier_id: string; supplier: string; contact_email: string | null; freight: string | null; payment_terms: string | null; valid_until: string | null;
    notes: string | null; proposal_file_id: string | null; proposal_name: string | null; total: string; updated_at: Date | string; token_hash: string | null;
  }>`SELECT q.id AS quote_id, q.number::text, q.title, q.deadline::text AS deadline, q.notes AS quote_notes, q.status AS quote_status, o.name AS organisation,
      r.status, r.supplier_id, COALESCE(NULLIF(p.trade_name, ''), p.name) AS supplier, r.contact_email, r.freight::text, r.payment_terms, r.valid_until::text AS valid_until,
      r.notes, r.proposal_file_id, f.name AS proposal_name, r.total::text, r.updated_at, l.token_hash
    FROM quote_requests r JOIN quotes q ON q.id = r.quote_id AND q.org_id = r.org_id JOIN organizations o ON o.id = r.org_id JOIN persons p ON p.id = r.supplier_id
      LEFT JOIN files f ON f.id = r.proposal_file_id AND f.org_id = r.org_id LEFT JOIN supplier_links l ON l.request_id = r.id
    WHERE r.id = ${requestId} AND r.org_id = ${orgId} ${lock ? sql`FOR UPDATE OF q` : sql``}`.execute(trx)).rows[0];
  if (!row) return undefined;
  const lines = (await sql<{ id: string; description: string; quantity: string; unit: string }>`SELECT id, description, quantity::text, unit FROM quote_lines
    WHERE quote_id = ${row.quote_id} AND org_id = ${orgId} ORDER BY position`.execute(trx)).rows;
  const answers = (await sql<{ line_id: string; unit_price: string | null; quantity: string; lead_time_days: number | null }>`SELECT line_id, unit_price::text, quantity::text, lead_time_days
    FROM quote_answers WHERE request_id = ${requestId} AND org_id = ${orgId} ORDER BY position`.execute(trx)).rows;
  const values: FormValues = { price: {}, quantity: {}, lead: {}, freight: centsText(row.freight), paymentTerms: row.payment_terms ?? '', validUntil: row.valid_until ?? '', notes: row.notes ?? '' };
  for (const answer of answers) {
    values.price[answer.line_id] = centsText(answer.unit_price);
    values.quantity[answer.line_id] = answer.quantity;
    values.lead[answer.line_id] = answer.lead_time_days === null ? '' : String(answer.lead_time_days);
  }
  const answered = row.status === 'answered';
  return {
    quoteId: row.quote_id,
    quoteStatus: row.quote_status,
    requestStatus: row.status,
    deadline: row.deadline,
    supplierId: row.supplier_id,
    contactEmail: row.contact_email,
    proposalFileId: row.proposal_file_id,
    tokenHash: row.token_hash,
    view: {
      organisation: row.organisation,
      number: Number(row.number),
      title: row.title,
      deadline: brazilianDate(row.deadline),
      notes: row.quote_notes,
      supplier: row.supplier,
      lines: lines.map((line): LineView => ({ id: line.id, description: line.description, quantity: Number(line.quantity), unit: line.unit })),
      values,
      proposalName: row.proposal_name,
      answeredAt: answered ? when.format(new Date(row.updated_at)) : null,
      total: answered ? Number(row.total) : null,
    },
  };
}

function refusalOf(state: LinkState, snap: Snapshot): Refused | undefined {
  if (state === 'ok') return undefined;
  return new Refused(state, { deadline: snap.view.deadline });
}

/** The snapshot of a cookie's solicitação, if the cookie is still bound to its link's token and the link still works. */
async function sessionSnapshot(trx: Trx, ctx: AppContext, session: SupplierSession, lock = false): Promise<Snapshot> {
  const snap = await snapshot(trx, session.orgId, session.requestId, lock);
  if (!snap || !snap.tokenHash || !snap.tokenHash.startsWith(session.link)) throw new Refused('invalid');
  const refused = refusalOf(linkState(snap.quoteStatus, snap.requestStatus, snap.deadline, ctx.clock()), snap);
  if (refused) throw refused;
  return snap;
}

const INTEGER = /^\d{1,10}$/;

/** The typed form → the solicitação's writable values (identity fields from the record, never the form). */
function formValues(snap: Snapshot, fields: Readonly<Record<string, string>>, proposalFileId: string | null): { values: Values; typed: FormValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const typed: FormValues = { price: {}, quantity: {}, lead: {}, freight: '', paymentTerms: '', validUntil: '', notes: '' };
  const text = (name: string, max = 4000) => (fields[name] ?? '').slice(0, max).trim();
  const answers: Values[] = [];
  for (const line of snap.view.lines) {
    const price = (typed.price[line.id] = text(`price.${line.id}`, 40));
    const quantity = (typed.quantity[line.id] = text(`quantity.${line.id}`, 40));
    const lead = (typed.lead[line.id] = text(`lead.${line.id}`, 40));
    if (!price) continue;
    const cents = parseMoney(price);
    if (cents === null || cents < 0) errors[`price.${line.id}`] = fillText('error.price');
    if (quantity && !INTEGER.test(quantity)) errors[`quantity.${line.id}`] = fillText('error.integer');
    if (lead && !INTEGER.test(lead)) errors[`lead.${line.id}`] = fillText('error.integer');
    answers.push({ lineId: line.id, unitPrice: cents, quantity: quantity ? Number(quantity) : line.quantity, leadTimeDays: lead ? Number(lead) : null });
  }
  if (!answers.length && !Object.keys(errors).length) errors.answers = fillText('error.noPrice');
  typed.freight = text('freight', 40);
  const freight = typed.freight ? parseMoney(typed.freight) : null;
  if (typed.freight && (freight === null || freight < 0)) errors.freight = fillText('error.price');
  typed.paymentTerms = text('paymentTerms', 200);
  typed.validUntil = text('validUntil', 40);
  const brazilian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.validUntil);
  const validUntil = brazilian ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}` : typed.validUntil;
  if (validUntil && !/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) errors.validUntil = fillText('error.date');
  typed.notes = text('notes');
  const values: Values = {
    supplierId: snap.supplierId,
    contactEmail: snap.contactEmail,
    answers,
    freight,
    paymentTerms: typed.paymentTerms || null,
    validUntil: validUntil || null,
    notes: typed.notes || null,
    proposalFileId,
  };
  return { values, typed, errors };
}

/** A field path of the solicitação (`answers.0.unitPrice`) → the form field showing it. */
function formField(path: string, answers: readonly Values[]): string {
  const [head, index, leaf] = path.split('.');
  if (head === 'answers' && index !== undefined && leaf) {
    const lineId = String(answers[Number(index)]?.lineId ?? '');
    const prefix = ({ unitPrice: 'price', quantity: 'quantity', leadTimeDays: 'lead' } as Record<string, string>)[leaf];
    return prefix && lineId ? `${prefix}.${lineId}` : 'answers';
  }
  if (['freight', 'paymentTerms', 'validUntil', 'notes'].includes(head)) return head;
  if (head === 'proposalFileId') return 'proposal';
  return head === 'answers' ? 'answers' : 'form';
}

function collect(errors: Record<string, string>, answers: readonly Values[], entries: Iterable<[string, string]>): void {
  for (const [path, message] of entries) errors[formField(path, answers)] ??= message;
}

/** The PDF as a ready file of the tenant, written in 64 KB parts like the files API. */
async function storeProposal(trx: Trx, ctx: AppContext, orgId: string, name: string, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await trx
    .insertInto('files')
    .values({ id, org_id: orgId, name: fileDisplayName(name || 'proposta.pdf'), content_type: 'application/pdf', size: bytes.length, status: 'ready', sha256, created_by: null, created_at: now, completed_at: now })
    .execute();
  for (let index = 0; index < chunkCount(bytes.length); index++) {
    await trx.insertInto('file_chunks').values({ file_id: id, org_id: orgId, idx: index, data: bytes.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES) }).execute();
  }
  return id;
}

export function supplierLinkRoutes(ctx: AppContext) {
  return async function supplierLink(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 800, fieldSize: 8 * 1024, parts: 820, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const send = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(html);
    const refuse = (reply: FastifyReply, refusal: Refused, back = false) => {
      if (refusal.kind === 'throttled') reply.header('retry-after', String(refusal.params.retryAfter ?? 60));
      return send(reply, REFUSAL_STATUS[refusal.kind], refusalPage(refusal.kind, refusal.params, back));
    };
    const guarded = async (reply: FastifyReply, work: () => Promise<unknown>, back = false) => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof Refused) return refuse(reply, error, back);
        throw error;
      }
    };

    /** The token's link, its state checked (nothing written but the wrong-guess counter). */
    async function openToken(request: FastifyRequest, token: unknown): Promise<{ link: LinkRow; snap: Snapshot }> {
      const throttled = await takeGuess(ctx, request);
      if (throttled) throw new Refused('throttled', { retryAfter: throttled.retryAfter });
      const link = typeof token === 'string' ? await findLink(ctx, token) : undefined;
      if (!link) throw new Refused('invalid');
      await returnGuess(ctx, request);
      const snap = await withTenant(ctx.tenantDb, link.orgId, (trx) => snapshot(trx, link.orgId, link.requestId));
      if (!snap) throw new Refused('invalid');
      const refused = refusalOf(linkState(snap.quoteStatus, snap.requestStatus, snap.deadline, ctx.clock()), snap);
      if (refused) throw refused;
      return { link, snap };
    }

    const sessionOf = (request: FastifyRequest) => {
      const session = readSession(ctx.keys, request.cookies[SUPPLIER_COOKIE], ctx.clock());
      if (!session) throw new Refused('session');
      return session;
    };

    app.get(SUPPLIER_PAGE_PATH, async (request, reply) =>
      guarded(reply, async () => {
        const query = request.query as { token?: unknown; salvo?: unknown };
        if (query.token !== undefined) {
          const { snap } = await openToken(request, query.token);
          return send(reply, 200, openPage(snap.view, String(query.token)));
        }
        const session = sessionOf(request);
        const snap = await withTenant(ctx.tenantDb, session.orgId, (trx) => sessionSnapshot(trx, ctx, session));
        return send(reply, 200, answerPage(snap.view, formToken(ctx.keys, session), { saved: query.salvo === '1' }));
      }),
    );

    app.post(`${SUPPLIER_PAGE_PATH}/acesso`, async (request, reply) =>
      guarded(reply, async () => {
        const { link, snap } = await openToken(request, (request.body as { token?: unknown } | undefined)?.token);
        const now = ctx.clock();
        await withTenant(ctx.tenantDb, link.orgId, async (trx) => {
          await sql`UPDATE supplier_links SET used_at = ${now} WHERE request_id = ${link.requestId} AND org_id = ${link.orgId}`.execute(trx);
          await audit(trx, now, { orgId: link.orgId, actorUserId: null, action: 'quoteRequests.link.opened', entityType: 'quoteRequests', entityId: link.requestId, after: { actor: 'supplier-link' } }, request);
        });
        const session = newSession(link, snap.deadline, now);
        reply.setCookie(SUPPLIER_COOKIE, sessionValue(ctx.keys, session), {
          path: '/fornecedor',
          httpOnly: true,
          sameSite: 'strict',
          secure: ctx.settings.publicUrl.startsWith('https:'),
          expires: new Date(session.expiresAt),
        });
        return reply.code(303).header('location', SUPPLIER_PAGE_PATH).header('cache-control', 'no-store').send();
      }),
    );

    app.post(SUPPLIER_PAGE_PATH, async (request, reply) =>
      guarded(
        reply,
        async () => {
          const session = sessionOf(request);
          if (!request.isMultipart()) throw new Refused('csrf');
          // Every part is read before anything is decided (the request must be consumed).
          const fields: Record<string, string> = {};
          let proposal: { name: string; bytes: Buffer } | undefined;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                const bytes = await part.toBuffer();
                if (part.fieldname === 'proposal' && bytes.length) proposal = { name: part.filename, bytes };
              } else if (!Object.prototype.hasOwnProperty.call(fields, part.fieldname)) fields[part.fieldname] = String(part.value ?? '');
            }
          } catch (error) {
            if ((error as { statusCode?: number }).statusCode === 413) throw new Refused('tooLarge');
            throw error;
          }
          const expected = formToken(ctx.keys, session);
          if (typeof fields.csrf !== 'string' || !safeEqual(fields.csrf, expected)) throw new Refused('csrf');
          if (proposal && sniffFileType(proposal.bytes) !== 'application/pdf') throw new Refused('notPdf');

          const service = ctx.records(quoteRequests.name);
          const first = await withTenant(ctx.tenantDb, session.orgId, (trx) => sessionSnapshot(trx, ctx, session));
          try {
            await service.run({ userId: '', orgId: session.orgId, accessLevel: 'User' }, { request, params: { quoteId: first.quoteId } }, async (trx, call) => {
              // Again under the cotação's row lock: the deadline, the state and the token binding.
              const snap = await sessionSnapshot(trx, ctx, session, true);
              const fileId = proposal ? await storeProposal(trx, ctx, session.orgId, proposal.name, proposal.bytes) : snap.proposalFileId;
              const { values, typed, errors } = formValues(snap, fields, fileId);
              const parsed = writeSchema(quoteRequests).safeParse(values);
              const answers = (values.answers as Values[]) ?? [];
              if (!parsed.success) collect(errors, answers, parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
              if (Object.keys(errors).length) throw Object.assign(new Invalid(errors), { typed, snap });
              try {
                await service.update(trx, call, session.requestId, parsed.data as Values, undefined);
                await service.runAction(trx, call, session.requestId, 'answer', { note: SUPPLIER_NOTE }, undefined, { system: true });
              } catch (error) {
                if (error instanceof HttpError && error.statusCode === 400 && error.errors) {
                  collect(errors, answers, Object.entries(error.errors).map(([path, messages]) => [path, messages[0] ?? error.message]));
                  throw Object.assign(new Invalid(errors), { typed, snap });
                }
                if (error instanceof HttpError && error.statusCode === 409) throw new Refused('closed');
                throw error;
              }
              await audit(trx, ctx.clock(), { orgId: session.orgId, actorUserId: null, action: 'quoteRequests.link.answered', entityType: 'quoteRequests', entityId: session.requestId, after: { actor: 'supplier-link', supplierId: snap.supplierId, proposal: Boolean(proposal) } }, request);
            });
          } catch (error) {
            if (error instanceof Invalid) {
              const { typed, snap } = error as Invalid & { typed: FormValues; snap: Snapshot };
              return send(reply, 400, answerPage({ ...snap.view, values: typed }, expected, { errors: error.errors }));
            }
            throw error;
          }
          return reply.code(303).header('location', `${SUPPLIER_PAGE_PATH}?salvo=1`).header('cache-control', 'no-store').send();
        },
        true,
      ),
    );
  };
}

