/**
 * `Idempotency-Key` for the routes that move money (ARCHITECTURE "idempotency key honoured where
 * money moves"; issue 8): the first request with a key stores its answer; the same key with the
 * same body replayed returns that answer and changes nothing; the same key with another body is
 * a 422. Keys belong to the caller (organisation + user) and live in PostgreSQL, so every
 * instance honours them.
 *
 * The key is taken first, in the same transaction as the work (`INSERT … ON CONFLICT DO
 * NOTHING`): a parallel replay waits on the key's row until the first commits, then reads its
 * answer; if the first fails, its transaction and its key roll back together and the replay runs.
 *
 * A key lives 24 hours (as the payment APIs people know do): after that the same key starts anew,
 * and the caller's expired keys are deleted when it takes a new one.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { HttpError, MESSAGES } from '../errors.js';
import type { Call, Trx } from './storage.js';

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Chave de idempotência inválida: use de 1 a 255 caracteres visíveis.',
  reused: 'Esta chave de idempotência já foi usada com outro conteúdo.',
  pending: 'Esta operação já está em andamento. Aguarde e consulte novamente.',
} as const;

/** The request's key, or undefined when it sent none (400 for a malformed one). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new HttpError(400, MESSAGES.validation, { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.invalid] });
  return key;
}

/** What the key is bound to: the route, the record and the body. */
export function fingerprint(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}\n${request.headers['if-match'] ?? ''}`).digest('hex');
}

type Claim = { taken: true } | { taken: false; response: unknown };

export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Takes the key for this request, or answers with the stored response (422: another body; 409: still running). */
async function claim(trx: Trx, call: Call, key: string, print: string): Promise<Claim> {
  const now = call.ctx.clock();
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  await sql`DELETE FROM idempotency_keys WHERE org_id = ${call.orgId} AND user_id = ${call.userId} AND created_at < ${expired} AND key <> ${key}`.execute(trx);
  // An expired key (of a finished request) is taken again as new.
  const inserted = await sql<{ key: string }>`INSERT INTO idempotency_keys (org_id, user_id, key, fingerprint, created_at) VALUES (${call.orgId}, ${call.userId}, ${key}, ${print}, ${now})
    ON CONFLICT (org_id, user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, response = NULL, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at < ${expired} AND idempotency_keys.response IS NOT NULL
    RETURNING key`.execute(trx);
  if (inserted.rows.length) return { taken: true };
  const stored = await sql<{ fingerprint: string; response: unknown }>`SELECT fingerprint, response FROM idempotency_keys
    WHERE org_id = ${call.orgId} AND user_id = ${call.userId} AND key = ${key}`.execute(trx);
  const row = stored.rows[0];
  if (!row) return { taken: true };
  if (row.fingerprint !== print) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
  if (row.response === null) throw new HttpError(409, IDEMPOTENCY_MESSAGES.pending);
  return { taken: false, response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
}

async function store(trx: Trx, call: Call, key: string, response: unknown): Promise<void> {
  await sql`UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb WHERE org_id = ${call.orgId} AND user_id = ${call.userId} AND key = ${key}`.execute(trx);
}

/** Runs `work` once per key inside the caller's transaction; a replay gets the first answer. */
export async function onceInTransaction<T>(trx: Trx, call: Call, request: FastifyRequest, key: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!key) return work();
  const claimed = await claim(trx, call, key, fingerprint(request));
  if (!claimed.taken) return claimed.response as T;
  const answer = await work();
  await store(trx, call, key, answer);
  return answer;
}

/**
 * For work that spans several transactions (a bulk action, one record each): the key is taken in
 * its own transaction and marked done with the answer at the end; a replay meanwhile gets 409.
 */
export async function onceAcrossTransactions<T>(
  run: <R>(fn: (trx: Trx, call: Call) => Promise<R>) => Promise<R>,
  request: FastifyRequest,
  key: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const print = fingerprint(request);
  const claimed = await run((trx, call) => claim(trx, call, key, print));
  if (!claimed.taken) return claimed.response as T;
  try {
    const answer = await work();
    await run((trx, call) => store(trx, call, key, answer));
    return answer;
  } catch (error) {
    await run((trx, call) => sql`DELETE FROM idempotency_keys WHERE org_id = ${call.orgId} AND user_id = ${call.userId} AND key = ${key}`.execute(trx));
    throw error;
  }
}
