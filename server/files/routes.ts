/**
 * The files API (src/contracts/files.ts), mounted under every family that has `files` in the
 * spec (commons, cart, pricing) — one table, so a file uploaded through any of them is the same
 * file. Parts go straight into `file_chunks` (upsert: resending a part replaces it); `complete`
 * checks that every part is in and that the bytes start with the signature of the declared type,
 * then stores the SHA-256 and marks the file ready. Access: any signed-in user of the tenant
 * (a file only matters once a record the user may write points at it); another tenant's file is
 * a 404 like a missing one. Unfinished uploads older than FILE_ABANDONED_MS are dropped when the
 * organisation starts a new one.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { chunkCount, chunkLength, FILE_ABANDONED_MS, FILE_CHUNK_BYTES, FILE_MAX_BYTES, FILE_MESSAGES, isFileType, sniffFileType, type FileType, type StoredFile } from '../../src/contracts/files.js';
import { fileStart, storedFile } from '../../src/contracts/fileSchemas.js';
import { audit } from '../audit.js';
import type { AppContext } from '../context.js';
import { withTenant } from '../db/tenant.js';
import type { FilesTable } from '../db/types.js';
import { HttpError, MESSAGES } from '../errors.js';
import { notFound } from '../registry/records.js';
import type { Trx } from '../registry/storage.js';
import { countOf } from '../../src/contracts/plural.js';

const BEARER = [{ bearerAuth: [] }];
const TAGS = ['Arquivos'];
const idParams = z.object({ id: z.string() });
const chunkParams = z.object({ id: z.string(), index: z.string() });

type FileRow = Pick<FilesTable, 'id' | 'name' | 'content_type' | 'size' | 'sha256' | 'created_by' | 'completed_at'> & { status: 'uploading' | 'ready'; created_at: Date };

/** The name as shown: no folders, no control characters, bounded. */
export function fileDisplayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'arquivo').slice(0, 255);
}

const EXTENSIONS: Readonly<Record<FileType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'application/pdf': 'pdf' };

/**
 * Downloads are attachments with a name the server makes (SECURITY.md "uploads"): the uploader's
 * name is only a label (`name`), never a file name handed back to a browser.
 */
export function downloadName(id: string, contentType: string): string {
  return `arquivo-${id.replace(/[^0-9a-z]/gi, '').slice(0, 8)}.${isFileType(contentType) ? EXTENSIONS[contentType] : 'bin'}`;
}

async function missingParts(trx: Trx, row: FileRow): Promise<number[]> {
  if (row.status === 'ready') return [];
  const got = await trx.selectFrom('file_chunks').select('idx').where('file_id', '=', row.id).execute();
  const have = new Set(got.map((r) => r.idx));
  return Array.from({ length: chunkCount(row.size) }, (_, i) => i).filter((i) => !have.has(i));
}

/** The file's bytes: its parts in order, read in one query. */
async function fileBytes(trx: Trx, id: string): Promise<Buffer> {
  const parts = await trx.selectFrom('file_chunks').select('data').where('file_id', '=', id).orderBy('idx').execute();
  return Buffer.concat(parts.map((part) => part.data));
}

async function toWire(trx: Trx, row: FileRow): Promise<StoredFile> {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    chunkSize: FILE_CHUNK_BYTES,
    chunks: chunkCount(row.size),
    missing: await missingParts(trx, row),
    status: row.status,
    sha256: row.sha256,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function fileRoutes(ctx: AppContext) {
  return async function files(app: FastifyInstance) {
    // A part is raw bytes; anything over one part is refused before it is read (413).
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: FILE_CHUNK_BYTES }, (_request, body, done) => done(null, body));
    const r = app.withTypeProvider<ZodTypeProvider>();
    const signedIn = { onRequest: app.requireAccess };

    const tenantOf = (request: FastifyRequest) => request.auth!.orgId;
    const inTenant = <T>(request: FastifyRequest, fn: (trx: Trx) => Promise<T>) => withTenant(ctx.tenantDb, tenantOf(request), fn);

    /** `share` for a part (parts go in side by side), `update` to finish or cancel (waits for parts in flight, and they for it). */
    async function findFile(trx: Trx, request: FastifyRequest, id: string, lock: 'share' | 'update' | null = null): Promise<FileRow> {
      if (id.length > 64) throw notFound();
      let query = trx
        .selectFrom('files')
        .select(['id', 'name', 'content_type', 'size', 'status', 'sha256', 'created_by', 'created_at', 'completed_at'])
        .where('org_id', '=', tenantOf(request))
        .where('id', '=', id);
      if (lock === 'update') query = query.forUpdate();
      else if (lock === 'share') query = query.forShare();
      const row = (await query.executeTakeFirst()) as FileRow | undefined;
      if (!row) throw notFound();
      return row;
    }

    const log = (trx: Trx, request: FastifyRequest, action: string, id: string, after?: unknown) =>
      audit(trx, ctx.clock(), { orgId: tenantOf(request), actorUserId: request.auth!.userId, entityType: 'files', action, entityId: id, after }, request);

    r.post(
      '/files',
      { ...signedIn, schema: { tags: TAGS, summary: 'Inicia o envio de um arquivo em partes de 64 KB', security: BEARER, body: fileStart, response: { 201: storedFile } } },
      async (request, reply) => {
        const { name, size, contentType } = request.body;
        if (size > FILE_MAX_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLarge, { size: [FILE_MESSAGES.tooLarge] });
        if (!isFileType(contentType)) throw new HttpError(415, FILE_MESSAGES.notSupported, { contentType: [FILE_MESSAGES.notSupported] });
        const id = randomUUID();
        const now = ctx.clock();
        const created = await inTenant(request, async (trx) => {
          await trx
            .deleteFrom('files')
            .where('org_id', '=', tenantOf(request))
            .where('status', '=', 'uploading')
            .where('created_at', '<', new Date(now.getTime() - FILE_ABANDONED_MS))
            .execute();
          await trx
            .insertInto('files')
            .values({ id, org_id: tenantOf(request), name: fileDisplayName(name), content_type: contentType, size, created_by: request.auth!.userId, created_at: now, completed_at: null, sha256: null })
            .execute();
          return toWire(trx, await findFile(trx, request, id));
        });
        const path = request.url.split('?')[0].replace(/\/+$/, '');
        return reply.code(201).header('location', `${path}/${encodeURIComponent(id)}`).send(created);
      },
    );

    r.put(
      '/files/:id/chunks/:index',
      {
        ...signedIn,
        bodyLimit: FILE_CHUNK_BYTES,
        schema: { tags: TAGS, summary: 'Envia uma parte (corpo application/octet-stream, 64 KB exceto a última)', security: BEARER, params: chunkParams, response: { 200: storedFile } },
      },
      async (request) => {
        const { id } = request.params;
        const index = /^\d{1,6}$/.test(request.params.index) ? Number(request.params.index) : -1;
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new HttpError(415, MESSAGES.unsupported, { body: ['Envie a parte como application/octet-stream.'] });
        return inTenant(request, async (trx) => {
          const row = await findFile(trx, request, id, 'share');
          if (row.status === 'ready') throw new HttpError(409, FILE_MESSAGES.finished);
          if (index < 0 || index >= chunkCount(row.size)) throw new HttpError(400, FILE_MESSAGES.badChunk, { index: [`Parte inexistente: o arquivo tem ${countOf(chunkCount(row.size), 'parte', 'partes')}, de 0 a ${chunkCount(row.size) - 1}.`] });
          const expected = chunkLength(row.size, index);
          if (body.length !== expected) throw new HttpError(400, FILE_MESSAGES.badChunk, { body: [`A parte ${index} deve ter ${expected} bytes; chegaram ${body.length}.`] });
          await trx
            .insertInto('file_chunks')
            .values({ file_id: id, org_id: tenantOf(request), idx: index, data: body })
            .onConflict((oc) => oc.columns(['file_id', 'idx']).doUpdateSet({ data: body }))
            .execute();
          return toWire(trx, row);
        });
      },
    );

    r.post(
      '/files/:id/complete',
      { ...signedIn, schema: { tags: TAGS, summary: 'Conclui o envio: confere as partes e o tipo do conteúdo', security: BEARER, params: idParams, response: { 200: storedFile } } },
      async (request) => {
        const outcome = await inTenant(request, async (trx) => {
          const row = await findFile(trx, request, request.params.id, 'update');
          if (row.status === 'ready') return toWire(trx, row);
          const missing = await missingParts(trx, row);
          if (missing.length) throw new HttpError(400, FILE_MESSAGES.incomplete(missing.length), { missing: missing.slice(0, 50).map(String) });
          const bytes = await fileBytes(trx, row.id);
          if (sniffFileType(bytes) !== row.content_type) {
            await trx.deleteFrom('files').where('id', '=', row.id).execute();
            return null;
          }
          const sha256 = createHash('sha256').update(bytes).digest('hex');
          await trx.updateTable('files').set({ status: 'ready', sha256, completed_at: ctx.clock() }).where('id', '=', row.id).execute();
          const ready = await toWire(trx, { ...row, status: 'ready', sha256 });
          await log(trx, request, 'files.upload', row.id, { name: row.name, contentType: row.content_type, size: row.size, sha256 });
          return ready;
        });
        // Outside the transaction so that the refused upload's deletion stands.
        if (!outcome) throw new HttpError(415, FILE_MESSAGES.contentMismatch, { file: [FILE_MESSAGES.contentMismatch] });
        return outcome;
      },
    );

    r.get(
      '/files/:id',
      { ...signedIn, schema: { tags: TAGS, summary: 'Dados de um arquivo (e as partes que faltam enviar)', security: BEARER, params: idParams, response: { 200: storedFile } } },
      async (request) => inTenant(request, async (trx) => toWire(trx, await findFile(trx, request, request.params.id))),
    );

    r.get(
      '/files/:id/content',
      { ...signedIn, schema: { tags: TAGS, summary: 'O conteúdo de um arquivo pronto', security: BEARER, params: idParams } },
      async (request, reply) => {
        const { row, bytes } = await inTenant(request, async (trx) => {
          const found = await findFile(trx, request, request.params.id);
          if (found.status !== 'ready') throw notFound();
          return { row: found, bytes: await fileBytes(trx, found.id) };
        });
        return reply
          .header('content-type', row.content_type)
          .header('content-disposition', `attachment; filename="${downloadName(row.id, row.content_type)}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=3600')
          .header('etag', `"${row.sha256}"`)
          .send(bytes);
      },
    );

    r.delete(
      '/files/:id',
      { ...signedIn, schema: { tags: TAGS, summary: 'Cancela um envio não concluído', security: BEARER, params: idParams } },
      async (request, reply) => {
        await inTenant(request, async (trx) => {
          const row = await findFile(trx, request, request.params.id, 'update');
          if (row.status === 'ready') throw new HttpError(409, FILE_MESSAGES.finished);
          await trx.deleteFrom('files').where('id', '=', row.id).execute();
        });
        return reply.code(204).send();
      },
    );
  };
}
