/**
 * The remessas' own endpoints, next to their generated routes (finance family):
 * - `POST remittances` — generate (generate.ts) from `{bankAccountId, agreementId, installmentIds?,
 *   notes?}`; honours `Idempotency-Key` in the same transaction as the work (registry/idempotency.ts):
 *   the same key and body answer the same remessa — the same file, byte for byte; another body
 *   with the key is a 422; a replay while the first runs waits for it.
 * - `GET remittances/{id}/file` — the file as an attachment with a server-made name, its SHA-256
 *   in `Repr-Digest`.
 * - `POST remittances/returns` — import a retorno (returns.ts), `{fileName, content}` (base64):
 *   validated whole, then 202 with the import record `processing` (Location to it), applied by
 *   the job (returnJob.ts); the same content again: 200 with the first import's record.
 * - `GET remittances/returns/{id}` — the import record: `processedCount` of `payments`, the result so far.
 * Access: `remittanceFiles` create / read / update; tenant from the token; 404 for another tenant's.
 *
 * Generation is accepted (202, the remessa `generating`, Location to it) once the request has
 * taken the parcelas and written the file; the job (job.ts) moves the parcelas into it in steps
 * and offers it (`generated`, SHA-256). The record's `processedCount` of `paymentCount` is the
 * progress the screen polls; the file is 409 until it is offered (docs/decisions.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { recordSchema } from '../../../src/contracts/resourceSchemas.js';
import { remittances } from '../../../src/contracts/resources/index.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { idempotencyKey, onceInTransaction } from '../../registry/idempotency.js';
import { notFound } from '../../registry/records.js';
import { generateInput, generateRemittance } from './generate.js';
import { REMITTANCE_JOB } from './job.js';
import { RETURN_JOB } from './returnJob.js';
import { acceptReturn, readReturnImport, returnImport, returnInput } from './returns.js';

const BEARER = [{ bearerAuth: [] }];
const TAGS = [remittances.labels.many];
const idParams = z.object({ id: z.string() });

export const FILE_MESSAGES = {
  generating: 'O arquivo desta remessa ainda está sendo gerado: aguarde o fim da geração para baixá-lo.',
  failed: 'A geração desta remessa falhou: não há arquivo para baixar.',
} as const;

export function remittanceRoutes(ctx: AppContext, jobs: JobQueue) {
  return async function remittanceFiles(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const access = (scope: string) => ({ onRequest: app.requireAccess, preValidation: app.requireScope(remittances.permission, scope) });
    const service = () => ctx.records(remittances.name);
    const caller = (request: FastifyRequest) => ({ userId: request.auth!.userId, orgId: request.auth!.orgId, accessLevel: request.auth!.accessLevel });

    r.post(
      '/remittances',
      { ...access('create'), schema: { tags: TAGS, summary: 'Gera o arquivo de remessa CNAB 240 das parcelas autorizadas de uma conta e convênio (Idempotency-Key)', security: BEARER, body: generateInput, response: { 202: recordSchema(remittances) } } },
      async (request, reply) => {
        const key = idempotencyKey(request);
        const record = await service().run(caller(request), { request }, (trx, call) => onceInTransaction(trx, call, request, key, () => generateRemittance(trx, call, request.body, jobs)));
        jobs.wake(REMITTANCE_JOB);
        const path = request.url.split('?')[0].replace(/\/+$/, '');
        return reply.code(202).header('location', `${path}/${encodeURIComponent(record.id)}`).send(record);
      },
    );

    r.get(
      '/remittances/:id/file',
      { ...access('read'), schema: { tags: TAGS, summary: 'Baixa o arquivo de remessa (anexo, SHA-256 em Repr-Digest)', security: BEARER, params: idParams } },
      async (request, reply) => {
        const { id } = request.params;
        if (id.length > 64) throw notFound();
        const file = await service().run(caller(request), { request }, async (trx, call) => {
          const row = await sql<{ file_name: string; content: Buffer | Uint8Array; sha256: string; status: string }>`SELECT file_name, content, sha256, status FROM remittances WHERE org_id = ${call.orgId} AND id = ${id}`.execute(trx);
          return row.rows[0];
        });
        if (!file) throw notFound();
        if (file.status === 'generating' || file.status === 'failed') throw new HttpError(409, FILE_MESSAGES[file.status]);
        const bytes = Buffer.from(file.content);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${file.file_name.replace(/[^0-9A-Za-z._-]/g, '_')}"`)
          .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`)
          .header('x-content-sha256', file.sha256)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );

    r.post(
      '/remittances/returns',
      { ...access('update'), bodyLimit: 12 * 1024 * 1024, schema: { tags: TAGS, summary: 'Importa um arquivo de retorno CNAB 240 (conteúdo em base64): validado inteiro, aplicado em segundo plano', security: BEARER, body: returnInput, response: { 200: returnImport, 202: returnImport } } },
      async (request, reply) => {
        const key = idempotencyKey(request);
        const { accepted, record } = await service().run(caller(request), { request }, (trx, call) => onceInTransaction(trx, call, request, key, () => acceptReturn(trx, call, request.body, jobs)));
        if (!accepted) return reply.code(200).send(record);
        jobs.wake(RETURN_JOB);
        const path = request.url.split('?')[0].replace(/\/+$/, '');
        return reply.code(202).header('location', `${path}/${encodeURIComponent(record.id)}`).send(record);
      },
    );

    r.get(
      '/remittances/returns/:id',
      { ...access('read'), schema: { tags: TAGS, summary: 'Acompanha a importação de um retorno (linhas aplicadas, resultado)', security: BEARER, params: idParams, response: { 200: returnImport } } },
      async (request) => {
        const { id } = request.params;
        if (id.length > 64) throw notFound();
        const record = await service().run(caller(request), { request }, (trx, call) => readReturnImport(trx, call.orgId, { id }));
        if (!record) throw notFound();
        return record;
      },
    );
  };
}
