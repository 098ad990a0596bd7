/**
 * The batch-import endpoints of the finance family (contracts/imports.ts), next to the generic
 * routes of `importBatches`:
 * - `POST import-batches` (multipart: `file`, `resourceType`, `description`): 413 over 10 MiB
 *   (Content-Length checked before reading, the stream cut at the limit), 415 when the CONTENT
 *   is neither CSV text nor an XLSX workbook (read.ts), 400 without a header row, over
 *   IMPORT_MAX_ROWS rows or with an unknown type. The rows are kept in the batch (`rows`); the
 *   file itself is not stored. 201 with the batch and its first rows.
 * - `PUT import-batches/{id}/mapping` (+ `?only=invalid`): checks and saves the mapping, answers
 *   the preview (every row validated with the API's rules; the first IMPORT_PREVIEW_ROWS shown).
 * - `POST import-batches/{id}/run`: 202, the job (job.ts) runs in the background on the job
 *   queue (jobs/queue.ts), its first step queued with the status change; the client polls the
 *   generic GET (`processed`, `created`, `updated`, `failed`, `status`).
 * - `GET import-batches/{id}/errors.csv`: the rows that failed, `linha;campo;mensagem` and the
 *   row's original columns, every cell starting with = + - @ neutralised; a server-made name.
 * Access: the `importBatches` scope of the route AND create + update on the target resource's
 * own permission (importing suppliers needs what creating suppliers needs). Tenant from the
 * token; another tenant's batch is a 404 like a missing one. Every change is audited.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { missingRequired } from '../../../src/contracts/importFields.js';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_FILE_NAMES,
  IMPORT_RESOURCE_TYPES,
  IMPORT_TARGETS,
  importMappingRequest,
  importPreview,
  type ImportPreviewRow,
  type ImportResourceType,
} from '../../../src/contracts/imports.js';
import { recordSchema } from '../../../src/contracts/resourceSchemas.js';
import { findResource, importBatches } from '../../../src/contracts/resources/index.js';
import { importBatchWorkflow } from '../../../src/contracts/resources/importBatches.js';
import { audit } from '../../audit.js';
import type { AppContext } from '../../context.js';
import { withTenant } from '../../db/tenant.js';
import { forbidden, HttpError, MESSAGES } from '../../errors.js';
import { hasScope } from '../../identity/users.js';
import { neutralise } from '../../registry/export.js';
import { writeHistory } from '../../registry/history.js';
import { findRecord, notFound } from '../../registry/records.js';
import type { Call, Trx, WireRecord } from '../../registry/storage.js';
import { evaluate, importTarget, preparePlan, ROW } from './engine.js';
import type { JobQueue } from '../../jobs/queue.js';
import { IMPORT_JOB, storedColumns, storedRows, type ImportStep } from './job.js';
import { readFile, sniff } from './read.js';
import { importTemplate } from './template.js';
import { importBatchesStorage } from './storage.js';

const BEARER = [{ bearerAuth: [] }];
const TAGS = [importBatches.labels.many];
const MB = IMPORT_MAX_BYTES / (1024 * 1024);
/** Multipart overhead allowed above the file limit before the request is refused unread. */
const ENVELOPE = 256 * 1024;
const SAMPLE_ROWS = 10;
const PREVIEW_CHUNK = 2000;

export const IMPORT_MESSAGES = {
  tooLarge: `Arquivo muito grande. O limite é de ${MB} MB.`,
  notMultipart: 'Envie o arquivo como formulário multipart (campo "file").',
  noFile: 'Escolha um arquivo CSV ou XLSX.',
  badType: 'Escolha o tipo de cadastro a importar.',
  tooManyRows: `O arquivo tem mais de ${IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Divida-o em arquivos menores.`,
  noRows: 'O arquivo não tem linhas de dados abaixo do cabeçalho.',
  targetForbidden: 'Você não tem permissão para importar este tipo de cadastro.',
  unknownColumn: 'Esta coluna não existe no arquivo.',
  unknownField: (field: string) => `Campo desconhecido: ${field}.`,
  fieldTwice: (label: string) => `O campo "${label}" está associado a mais de uma coluna.`,
  missing: (labels: string[]) => `Associe uma coluna aos campos obrigatórios: ${labels.join(', ')}.`,
  running: 'Esta importação já está em andamento.',
  done: 'Esta importação já foi executada.',
  notMapped: 'Associe as colunas do arquivo antes de importar.',
} as const;

const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge, { file: [IMPORT_MESSAGES.tooLarge] });

/** The original file name, for display only: no path, no control characters, bounded. */
export function displayName(name: string, kind: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f<>"]/g, '').trim().slice(0, 200);
  return clean || `arquivo.${kind}`;
}

interface BatchRow {
  id: string;
  status: string;
  resource_type: ImportResourceType;
  columns: unknown;
  mapping: unknown;
  rows: unknown;
  processed: number;
  version: number;
}

/** The routes, mounted under the finance prefix; `jobs` is the job queue (created by buildApp). */
export function importRoutes(ctx: AppContext, jobs: JobQueue) {
  return async function imports(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    const access = (scope: string) => ({ onRequest: app.requireAccess, preValidation: app.requireScope('importBatches', scope) });

    const user = (request: FastifyRequest) => {
      const auth = request.auth!;
      return { id: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel };
    };
    /** Importing a type needs create AND update on the target's own permission. */
    async function requireTarget(request: FastifyRequest, type: ImportResourceType): Promise<void> {
      const permission = findResource(IMPORT_TARGETS[type].resource)!.permission;
      for (const scope of ['create', 'update']) if (!(await hasScope(ctx.db, user(request), permission, scope))) throw forbidden(IMPORT_MESSAGES.targetForbidden);
    }

    /** The batches' service: every change of status is a transition of their workflow (history and audit). */
    const batches = () => ctx.records(importBatches.name);
    const callOf = (request: FastifyRequest): Call => {
      const auth = request.auth!;
      return batches().makeCall({ userId: auth.userId, orgId: auth.orgId, accessLevel: auth.accessLevel }, { request });
    };
    const log = (trx: Trx, call: Call, action: string, entityId: string, before?: WireRecord, after?: WireRecord) =>
      audit(trx, ctx.clock(), { orgId: call.tenant, actorUserId: call.userId, entityType: importBatches.name, action, entityId, before, after }, call.request);

    async function lockBatch(trx: Trx, call: Call, id: string): Promise<BatchRow> {
      if (id.length > 64) throw notFound();
      const row = await sql<BatchRow>`SELECT id, status, resource_type, columns, mapping, rows, processed, version FROM import_batches WHERE org_id = ${call.tenant} AND id = ${id} FOR UPDATE`.execute(trx);
      if (!row.rows[0]) throw notFound();
      return row.rows[0];
    }
    /** The batch's type, read before the permission check on it (404 for another tenant's). */
    async function typeOf(request: FastifyRequest, id: string): Promise<ImportResourceType> {
      const call = callOf(request);
      const row = await withTenant(ctx.tenantDb, call.orgId, (trx) =>
        id.length > 64 ? Promise.resolve(undefined) : sql<{ resource_type: ImportResourceType }>`SELECT resource_type FROM import_batches WHERE org_id = ${call.tenant} AND id = ${id}`.execute(trx).then((r) => r.rows[0]),
      );
      if (!row) throw notFound();
      return row.resource_type;
    }

    // ------------------------------------------------------------ upload
    app.post(
      '/import-batches',
      {
        ...access('create'),
        bodyLimit: IMPORT_MAX_BYTES + ENVELOPE,
        schema: {
          tags: TAGS,
          summary: 'Envia um arquivo CSV ou XLSX para importação (multipart: file, resourceType, description)',
          security: BEARER,
          consumes: ['multipart/form-data'],
          response: { 201: z.looseObject({ ...recordSchema(importBatches).shape, sampleRows: z.array(z.array(z.string())) }) },
        },
      },
      async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + ENVELOPE) throw tooLarge();
        if (!request.isMultipart()) throw new HttpError(415, IMPORT_MESSAGES.notMultipart, { file: [IMPORT_MESSAGES.notMultipart] });
        let file: { buffer: Buffer; name: string } | undefined;
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const buffer = await part.toBuffer();
              if (part.fieldname === 'file' && !file) file = { buffer, name: part.filename ?? '' };
            } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
          if (code?.startsWith('FST_')) throw new HttpError(400, MESSAGES.badBody, { file: [IMPORT_MESSAGES.noFile] });
          throw error;
        }
        const type = fields.resourceType as ImportResourceType;
        if (!(IMPORT_RESOURCE_TYPES as readonly string[]).includes(type)) throw new HttpError(400, MESSAGES.validation, { resourceType: [IMPORT_MESSAGES.badType] });
        const description = fields.description?.trim() ? fields.description.trim() : null;
        if (description && description.length > 200) throw new HttpError(400, MESSAGES.validation, { description: ['Use no máximo 200 caracteres.'] });
        if (!file || file.buffer.length === 0) throw new HttpError(400, MESSAGES.validation, { file: [IMPORT_MESSAGES.noFile] });
        if (file.buffer.length > IMPORT_MAX_BYTES) throw tooLarge();
        await requireTarget(request, type);
        const kind = sniff(file.buffer);
        const read = await readFile(kind, file.buffer);
        if (read.rows.length > IMPORT_MAX_ROWS) throw new HttpError(400, IMPORT_MESSAGES.tooManyRows, { file: [IMPORT_MESSAGES.tooManyRows] });
        if (!read.rows.length) throw new HttpError(400, IMPORT_MESSAGES.noRows, { file: [IMPORT_MESSAGES.noRows] });
        const call = callOf(request);
        const id = randomUUID();
        const now = ctx.clock();
        const created = await withTenant(ctx.tenantDb, call.orgId, async (trx) => {
          await sql`INSERT INTO import_batches (id, org_id, resource_type, file_name, file_kind, file_size, description, status, total, columns, rows, created_by, version, created_at, updated_at)
            VALUES (${id}, ${call.tenant}, ${type}, ${displayName(file!.name, kind)}, ${kind}, ${file!.buffer.length}, ${description}, ${importBatchWorkflow.initial}, ${read.rows.length},
              ${JSON.stringify(read.columns.map((name) => ({ name })))}::jsonb, ${JSON.stringify(read.rows.map((r) => [r.line, r.cells]))}::jsonb, ${call.userId}, 1, ${now}, ${now})`.execute(trx);
          const record = (await findRecord(trx, call, importBatchesStorage, id))!;
          await writeHistory(trx, call, { entityType: importBatches.name, entityId: id, action: 'create', from: null, to: importBatchWorkflow.initial, input: null, version: record.version });
          await log(trx, call, 'importBatches.create', id, undefined, record);
          return record;
        });
        const path = request.url.split('?')[0].replace(/\/+$/, '');
        return reply
          .code(201)
          .header('location', `${path}/${encodeURIComponent(id)}`)
          .send({ ...created, sampleRows: read.rows.slice(0, SAMPLE_ROWS).map((r) => r.cells) });
      },
    );

    // ------------------------------------------------------------ mapping + preview
    app.put(
      '/import-batches/:id/mapping',
      {
        ...access('create'),
        schema: {
          tags: TAGS,
          summary: 'Associa as colunas do arquivo aos campos e confere as linhas (prévia)',
          security: BEARER,
          params: z.object({ id: z.string().check(z.maxLength(200)) }),
          querystring: z.strictObject({ only: z.optional(z.enum(['invalid'])) }),
          body: importMappingRequest,
          response: { 200: importPreview },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const onlyInvalid = (request.query as { only?: string }).only === 'invalid';
        const mapping = (request.body as { mapping: Record<string, string> }).mapping;
        await requireTarget(request, await typeOf(request, id));
        const call = callOf(request);
        return withTenant(ctx.tenantDb, call.orgId, async (trx) => {
          const batch = await lockBatch(trx, call, id);
          if (batch.status === 'running') throw new HttpError(409, IMPORT_MESSAGES.running);
          if (batch.status === 'done') throw new HttpError(409, IMPORT_MESSAGES.done);
          const target = importTarget(batch.resource_type);
          const columns = storedColumns(batch.columns);
          checkMapping(mapping, columns, target.fields);
          const saved = Object.entries(mapping).map(([column, field]) => ({ column, field }));
          await batches().runAction(trx, call, id, 'mapping', { mapping: saved }, undefined);
          return preview(trx, call, batch, columns, mapping, onlyInvalid);
        });
      },
    );

    async function preview(trx: Trx, call: Call, batch: BatchRow, columns: string[], mapping: Record<string, string>, onlyInvalid: boolean) {
      const target = importTarget(batch.resource_type);
      const rows = storedRows(batch.rows);
      const targetCall: Call = { ...call, resource: target.resource };
      const plan = await preparePlan(trx, targetCall, target, columns, rows, mapping);
      let valid = 0;
      let invalid = 0;
      let updates = 0;
      const shown: ImportPreviewRow[] = [];
      const byFileOrder = rows.map((_, i) => i);
      for (let offset = 0; offset < byFileOrder.length; offset += PREVIEW_CHUNK) {
        const evaluated = await evaluate(trx, targetCall, plan, byFileOrder.slice(offset, offset + PREVIEW_CHUNK));
        for (const row of evaluated) {
          const ok = Boolean(row.values) && !Object.keys(row.errors).length;
          if (ok) valid++;
          else invalid++;
          if (ok && row.existing) updates++;
          if (shown.length < IMPORT_PREVIEW_ROWS && (!onlyInvalid || !ok)) shown.push({ line: row.line, values: row.input, errors: row.errors });
        }
      }
      return { rows: shown, valid, invalid, updates };
    }

    // ------------------------------------------------------------ run
    app.post(
      '/import-batches/:id/run',
      {
        ...access('create'),
        schema: {
          tags: TAGS,
          summary: 'Inicia a importação em segundo plano (acompanhe pelo GET da importação)',
          security: BEARER,
          params: z.object({ id: z.string().check(z.maxLength(200)) }),
          response: { 202: recordSchema(importBatches) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        await requireTarget(request, await typeOf(request, id));
        const call = callOf(request);
        const started = await withTenant(ctx.tenantDb, call.orgId, async (trx) => {
          const batch = await lockBatch(trx, call, id);
          if (batch.status === 'uploaded') throw new HttpError(409, IMPORT_MESSAGES.notMapped);
          if (batch.status === 'running') throw new HttpError(409, IMPORT_MESSAGES.running);
          if (batch.status === 'done') throw new HttpError(409, IMPORT_MESSAGES.done);
          const after = await batches().runAction(trx, call, id, 'run', {}, undefined);
          // The first step, queued with the status change (resumes at `processed` after a failure).
          await jobs.send(trx, IMPORT_JOB, { batchId: id, orgId: call.orgId, offset: Number(batch.processed) } satisfies ImportStep);
          return after;
        });
        jobs.wake(IMPORT_JOB);
        return reply.code(202).send(started);
      },
    );

    // ------------------------------------------------------------ template
    app.get(
      '/import-batches/templates/:type',
      {
        ...access('read'),
        schema: { tags: TAGS, summary: 'Planilha modelo (XLSX) de um tipo de importação', security: BEARER, params: z.object({ type: z.enum(IMPORT_RESOURCE_TYPES) }), produces: [XLSX_TYPE] },
      },
      async (request, reply) => {
        const { type } = request.params as { type: ImportResourceType };
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="modelo-importacao-${IMPORT_FILE_NAMES[type]}.xlsx"`)
          .send(await importTemplate(type));
      },
    );

    // ------------------------------------------------------------ error report
    app.get(
      '/import-batches/:id/errors.csv',
      {
        ...access('read'),
        schema: { tags: TAGS, summary: 'Relatório das linhas com erro (CSV)', security: BEARER, params: z.object({ id: z.string().check(z.maxLength(200)) }), produces: ['text/csv'] },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const call = callOf(request);
        const csv = await withTenant(ctx.tenantDb, call.orgId, async (trx) => {
          const batch = id.length > 64 ? undefined : (await sql<BatchRow>`SELECT id, status, resource_type, columns, mapping, rows, version FROM import_batches WHERE org_id = ${call.tenant} AND id = ${id}`.execute(trx)).rows[0];
          if (!batch) throw notFound();
          const errors = await sql<{ line: number; field: string; message: string }>`SELECT line, field, message FROM import_batch_errors WHERE org_id = ${call.tenant} AND batch_id = ${id} ORDER BY line, id`.execute(trx);
          await audit(trx, ctx.clock(), { orgId: call.tenant, actorUserId: call.userId, entityType: importBatches.name, action: 'importBatches.errors', entityId: id, after: { rows: errors.rows.length } }, request);
          return errorReport(batch, errors.rows);
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="erros-importacao-${id.slice(0, 8).replace(/[^0-9a-f-]/gi, '')}.csv"`)
          .send(csv);
      },
    );
  };
}

/** 400 with field errors for a mapping the file or the target cannot take. */
function checkMapping(mapping: Record<string, string>, columns: string[], fields: ReturnType<typeof importTarget>['fields']): void {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const seen = new Map<string, string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (!columns.includes(column)) add(`mapping.${column}`, IMPORT_MESSAGES.unknownColumn);
    const known = byKey.get(field);
    if (!known) add(`mapping.${column}`, IMPORT_MESSAGES.unknownField(field));
    else if (seen.has(field)) add(`mapping.${column}`, IMPORT_MESSAGES.fieldTwice(known.label));
    seen.set(field, column);
  }
  // Required fields count as mapped only on a column of the file.
  const usable = Object.fromEntries(Object.entries(mapping).filter(([column, field]) => columns.includes(column) && byKey.has(field)));
  const missing = missingRequired(usable, fields);
  if (missing.length) add('mapping', IMPORT_MESSAGES.missing(missing.map((f) => f.label)));
  if (Object.keys(errors).length) throw new HttpError(400, MESSAGES.validation, errors);
}

const csvCell = (value: string) => {
  const text = neutralise(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** `linha;campo;mensagem;<original columns…>`, UTF-8 with BOM, CRLF (Excel pt-BR). */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
function errorReport(batch: BatchRow, errors: { line: number; field: string; message: string }[]): Buffer {
  const columns = storedColumns(batch.columns);
  const rows = new Map(storedRows(batch.rows).map((row) => [row.line, row.cells]));
  const labels = new Map(importTarget(batch.resource_type).fields.map((f) => [f.key, f.label]));
  // One line per row of the file with all its errors ("Campo: mensagem | Campo: mensagem"), then its cells.
  const byLine = new Map<number, string[]>();
  for (const error of errors) {
    const text = error.field === ROW ? error.message : `${labels.get(error.field) ?? error.field}: ${error.message}`;
    byLine.set(error.line, [...(byLine.get(error.line) ?? []), text]);
  }
  const lines = [['linha', 'erros', ...columns].map(csvCell).join(';')];
  for (const [line, messages] of byLine) lines.push([String(line), messages.join(' | '), ...(rows.get(line) ?? [])].map(csvCell).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
