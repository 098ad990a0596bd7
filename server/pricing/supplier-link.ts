/**
 * The supplier's answer link of a cotação (issue 24; SECURITY.md "public links"): the token, the
 * short-lived cookie it is exchanged for, the state checks and the guess throttle. The routes
 * (supplier-link-routes.ts) and the page (supplier-link-page.ts) sit on top.
 *
 * - Issued when the cotação is sent and by "Reenviar link" on a solicitação: 256 random bits,
 *   only the SHA-256 kept (`supplier_links.token_hash`), one row per solicitação (a resend
 *   replaces the token), e-mailed after the transaction commits, never logged.
 * - Valid while the cotação takes answers ("solicitações enviadas" / "orçamentos recebidos"),
 *   the solicitação is not declined, and the clock is before the end of the deadline's day in
 *   Brasília — the deadline in force at each use, so a deadline the buyer moves moves the link.
 * - Exchanged (POST) for a cookie signed with the app's key naming the organisation and the
 *   solicitação, bound to the link's current token (a resend kills the cookies of the old one),
 *   valid `SESSION_MS` at most. Every identity comes from the token or the cookie, never the body.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../audit.js';
import { hashToken, hmac, randomToken, safeEqual, type Keys } from '../auth/crypto.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { countHit } from '../http/rate-limit-store.js';
import type { Call, Trx, WireRecord } from '../registry/storage.js';
import { supplierLinkMail } from './supplier-link-mail.js';

/** Where the link points (under PUBLIC_URL). */
export const SUPPLIER_PAGE_PATH = '/fornecedor/cotacao';
export const SUPPLIER_COOKIE = 'rt_fornecedor';
/** How long the cookie of one exchange lives (never past the deadline). */
export const SESSION_MS = 60 * 60_000;
/** Wrong tokens per address and window before the token endpoints answer 429. */
export const GUESS_MAX = 20;
export const GUESS_WINDOW_MS = 15 * 60_000;

/** Cotação states in which a supplier may answer. */
const ANSWERING = ['sent', 'received'];

export const SUPPLIER_LINK_MESSAGES = {
  noEmail: 'Informe o e-mail do fornecedor para enviar o link.',
  notSent: 'O link só é enviado depois que a cotação é enviada aos fornecedores, e enquanto ela recebe orçamentos.',
  declined: 'Esta solicitação foi declinada: não há link a enviar.',
} as const;

/** The instant a deadline day ends in Brasília (UTC−3 all year since 2019). */
export function deadlineEnd(deadline: string): Date {
  return new Date(`${deadline}T23:59:59.999-03:00`);
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
export const brazilianDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export type LinkState = 'ok' | 'expired' | 'closed' | 'declined';

export function linkState(quoteStatus: string, requestStatus: string, deadline: string, now: Date): LinkState {
  if (!ANSWERING.includes(quoteStatus)) return 'closed';
  if (requestStatus === 'declined') return 'declined';
  if (now.getTime() > deadlineEnd(deadline).getTime()) return 'expired';
  return 'ok';
}

// ---------------------------------------------------------------- issuing

interface Recipient {
  request_id: string;
  contact_email: string;
  supplier: string;
}

/**
 * A new link for each live solicitação of the cotação with a contact e-mail (`requestIds`: only
 * those), replacing any previous one; the e-mails leave after the commit. Returns how many.
 */
export async function issueSupplierLinks(trx: Trx, call: Call, quoteId: string, requestIds?: readonly string[]): Promise<number> {
  const quote = (await sql<{ number: string; title: string; deadline: string; organisation: string }>`SELECT q.number::text, q.title, q.deadline::text AS deadline, o.name AS organisation
    FROM quotes q JOIN organizations o ON o.id = q.org_id WHERE q.id = ${quoteId} AND q.org_id = ${call.orgId}`.execute(trx)).rows[0];
  if (!quote) return 0;
  const only = requestIds ? sql`AND r.id IN (${sql.join(requestIds.length ? requestIds : [''])})` : sql``;
  const recipients = (await sql<Recipient>`SELECT r.id AS request_id, r.contact_email, COALESCE(NULLIF(p.trade_name, ''), p.name) AS supplier
    FROM quote_requests r JOIN persons p ON p.id = r.supplier_id
    WHERE r.quote_id = ${quoteId} AND r.org_id = ${call.orgId} AND r.status <> 'declined' AND COALESCE(r.contact_email, '') <> '' ${only}
    ORDER BY r.id`.execute(trx)).rows;
  const now = call.ctx.clock();
  const expiresAt = deadlineEnd(quote.deadline);
  const base = call.ctx.settings.publicUrl.replace(/\/+$/, '');
  for (const recipient of recipients) {
    const token = randomToken(32);
    await sql`INSERT INTO supplier_links (request_id, org_id, quote_id, token_hash, sent_to, created_at, created_by, expires_at, used_at)
      VALUES (${recipient.request_id}, ${call.orgId}, ${quoteId}, ${hashToken(token)}, ${recipient.contact_email}, ${now}, ${call.userId || null}, ${expiresAt}, NULL)
      ON CONFLICT (request_id) DO UPDATE SET token_hash = excluded.token_hash, sent_to = excluded.sent_to, created_at = excluded.created_at,
        created_by = excluded.created_by, expires_at = excluded.expires_at, used_at = NULL`.execute(trx);
    await audit(trx, now, { orgId: call.orgId, actorUserId: call.userId || null, action: 'quoteRequests.link.sent', entityType: 'quoteRequests', entityId: recipient.request_id, after: { sentTo: recipient.contact_email, expiresAt: expiresAt.toISOString() } }, call.request);
    const message = supplierLinkMail({
      to: recipient.contact_email,
      supplier: recipient.supplier,
      organisation: quote.organisation,
      number: Number(quote.number),
      title: quote.title,
      deadline: brazilianDate(quote.deadline),
      link: `${base}${SUPPLIER_PAGE_PATH}?token=${encodeURIComponent(token)}`,
    });
    call.afterCommit.push(() => call.ctx.mailer.send(message));
  }
  return recipients.length;
}

/** "Reenviar link" on one solicitação: a new token replaces the old one (the record itself is unchanged). */
export async function resendSupplierLink(trx: Trx, call: Call, request: WireRecord): Promise<null> {
  const quote = (await sql<{ status: string }>`SELECT status FROM quotes WHERE id = ${call.parentId ?? ''} AND org_id = ${call.orgId}`.execute(trx)).rows[0];
  if (!quote || !ANSWERING.includes(quote.status)) throw new HttpError(409, SUPPLIER_LINK_MESSAGES.notSent);
  if (request.status === 'declined') throw new HttpError(409, SUPPLIER_LINK_MESSAGES.declined);
  if (!request.contactEmail) throw new HttpError(409, SUPPLIER_LINK_MESSAGES.noEmail, { contactEmail: [SUPPLIER_LINK_MESSAGES.noEmail] });
  await issueSupplierLinks(trx, call, call.parentId!, [request.id]);
  return null;
}

// ---------------------------------------------------------------- the token

export interface LinkRow {
  requestId: string;
  orgId: string;
  quoteId: string;
  tokenHash: string;
}

/** The link a token opens (identity handle: the tenant is not known before), or undefined. */
export async function findLink(ctx: AppContext, token: string): Promise<LinkRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = (await sql<{ request_id: string; org_id: string; quote_id: string; token_hash: string }>`SELECT request_id, org_id, quote_id, token_hash
    FROM supplier_links WHERE token_hash = ${hashToken(token)}`.execute(ctx.db)).rows[0];
  return row && { requestId: row.request_id, orgId: row.org_id, quoteId: row.quote_id, tokenHash: row.token_hash };
}

// ---------------------------------------------------------------- the cookie

export interface SupplierSession {
  orgId: string;
  requestId: string;
  /** The first 32 hex digits of the token hash the session came from. */
  link: string;
  expiresAt: number;
  /** Random per exchange: keys the form's anti-forgery value. */
  nonce: string;
}

const sign = (keys: Keys, payload: string) => hmac(keys.xsrf, 'supplier-link-session', payload);

export function sessionValue(keys: Keys, session: SupplierSession): string {
  const payload = Buffer.from(JSON.stringify([session.orgId, session.requestId, session.link, session.expiresAt, session.nonce])).toString('base64url');
  return `${payload}.${sign(keys, payload)}`;
}

/** The session a cookie value carries, if its signature holds and it has not expired. */
export function readSession(keys: Keys, value: string | undefined, now: Date): SupplierSession | undefined {
  if (!value || value.length > 1000) return undefined;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(keys, payload))) return undefined;
  try {
    const [orgId, requestId, link, expiresAt, nonce] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, string, string, number, string];
    if (typeof expiresAt !== 'number' || expiresAt <= now.getTime()) return undefined;
    return { orgId, requestId, link, expiresAt, nonce };
  } catch {
    return undefined;
  }
}

export function newSession(link: LinkRow, deadline: string, now: Date): SupplierSession {
  return {
    orgId: link.orgId,
    requestId: link.requestId,
    link: link.tokenHash.slice(0, 32),
    expiresAt: Math.min(now.getTime() + SESSION_MS, deadlineEnd(deadline).getTime()),
    nonce: randomBytes(16).toString('base64url'),
  };
}

/** The anti-forgery value of the session's forms (synchroniser token, on top of SameSite=Strict). */
export const formToken = (keys: Keys, session: SupplierSession) => hmac(keys.xsrf, 'supplier-link-form', session.nonce);

// ---------------------------------------------------------------- guesses

const guessKey = (request: FastifyRequest) => `supplier-link:ip:${request.ip}`;

/**
 * Takes one guess of this address (atomic increment in the shared store, so a parallel burst
 * stays bounded): over `GUESS_MAX` in the window → the seconds to wait. A token that turns out
 * right gives its guess back (`returnGuess`): only wrong tokens use the allowance up.
 */
export async function takeGuess(ctx: AppContext, request: FastifyRequest): Promise<{ retryAfter: number } | undefined> {
  const hit = await countHit(ctx.db, guessKey(request), GUESS_WINDOW_MS);
  return hit.current > GUESS_MAX ? { retryAfter: Math.max(1, Math.ceil(hit.ttl / 1000)) } : undefined;
}

export async function returnGuess(ctx: AppContext, request: FastifyRequest): Promise<void> {
  await sql`UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = ${guessKey(request)} AND hits > 0`.execute(ctx.db);
}
