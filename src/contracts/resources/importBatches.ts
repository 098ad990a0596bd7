/**
 * Importações em lote (/configuracoes/importacoes-em-lote): one record per uploaded CSV/XLSX.
 * Created by the multipart upload, never by the generic POST; mapped, previewed and run through
 * the endpoints of contracts/imports.ts; the record tracks status and counters while the
 * server's job runs. API: finance `import-batches`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { datetime, enumOf, file, integer, list, text } from '../fields';
import { IMPORT_RESOURCE_TYPES, IMPORT_RESOURCE_LABELS, IMPORT_STATUSES, type ImportStatus } from '../imports';
import { defineWorkflow, stateLabels } from '../workflow';
import { deleteAction } from './parts/common';

/**
 * A batch's life: sent (`uploaded`), its columns associated (`mapped`, again after a failure),
 * imported in the background (`running`) until `done` — or `failed`, to be run again from where it
 * stopped. The mapping and the run are the user's, through the import routes (server/finance/
 * imports/routes.ts: they check the target's permission and queue the job); the job's steps end
 * the run as the system, in the name of who started it. Each change writes history and audit.
 */
export const importBatchWorkflow = defineWorkflow<ImportStatus>({
  field: 'status',
  initial: 'uploaded',
  states: {
    uploaded: { label: 'Enviado', tone: 'neutral', phase: 'draft' },
    mapped: { label: 'Colunas associadas', tone: 'info', phase: 'draft' },
    running: { label: 'Importando', tone: 'info', phase: 'open', locked: 'all', deleteRefusal: 'Esta importação está em andamento e não pode ser excluída agora.' },
    done: { label: 'Concluída', tone: 'success', phase: 'done', locked: 'all' },
    failed: { label: 'Falhou', tone: 'danger', phase: 'draft' },
  },
  transitions: [
    { name: 'mapping', label: 'Associar colunas', verb: 'associar as colunas de', from: ['uploaded', 'mapped', 'failed'], to: 'mapped', scope: 'create', ownRoute: true },
    { name: 'run', label: 'Importar', verb: 'executar', from: ['mapped', 'failed'], to: 'running', scope: 'create', ownRoute: true },
    { name: 'finish', label: 'Concluir', verb: 'concluir', from: ['running'], to: 'done', scope: 'create', system: true },
    { name: 'fail', label: 'Interromper por falha', verb: 'interromper', from: ['running'], to: 'failed', scope: 'create', system: true },
  ],
  // Deleting a batch deletes its history, never the records it imported; only a running one stays.
  deletable: ['uploaded', 'mapped', 'done', 'failed'],
});

/** A counter the import job keeps (server-managed). */
const count = (label: string) => integer(label, { rule: ({ z }) => z.int().check(z.minimum(0)), readOnly: true });
/** Any string (server-managed). */
const anyText = (label: string) => text(label, { rule: ({ z }) => z.string() });

export const importBatches = defineResource({
  name: 'importBatches',
  api: 'finance',
  path: 'import-batches',
  route: { base: '/configuracoes/importacoes-em-lote', idParam: 'importBatchId' },
  permission: 'importBatches',
  labels: { one: 'Importação', many: 'Importações em Lote', gender: 'f' },
  titleField: 'fileName',
  fields: {
    resourceType: enumOf('Tipo de cadastro', IMPORT_RESOURCE_TYPES, IMPORT_RESOURCE_LABELS, { readOnly: true }),
    fileName: text('Arquivo', { rule: ({ z }) => z.string(), readOnly: true }),
    fileId: file('Arquivo original', { rule: ({ z }) => z.string(), optional: true, readOnly: true }),
    description: text('Descrição', { max: 200, optional: true, trim: false }),
    status: enumOf('Situação', IMPORT_STATUSES, stateLabels(IMPORT_STATUSES, importBatchWorkflow), {
      readOnly: true,
      tones: { uploaded: 'neutral', mapped: 'info', running: 'info', done: 'success', failed: 'danger' },
    }),
    total: count('Linhas'),
    processed: count('Processadas'),
    created: count('Criadas'),
    updated: count('Atualizadas'),
    failed: count('Com erro'),
    columns: list('Colunas do arquivo', { name: anyText('Coluna') }, { readOnly: true }),
    mapping: list('Associação de colunas', { column: anyText('Coluna'), field: anyText('Campo') }, { readOnly: true }),
    startedAt: datetime('Início', { optional: true, readOnly: true, hiddenWhenEmpty: true }),
    finishedAt: datetime('Fim', { optional: true, readOnly: true, hiddenWhenEmpty: true }),
    errorMessage: text('Motivo da falha', { rule: ({ z }) => z.string(), optional: true, readOnly: true, hiddenWhenEmpty: true }),
  },
  list: {
    columns: [
      { field: 'fileName', sortable: true },
      { field: 'resourceType', sortable: true },
      { field: 'status', sortable: true },
      { field: 'total' },
      { field: 'created' },
      { field: 'updated' },
      { field: 'failed' },
      { field: 'createdAt', sortable: true },
    ],
    defaultSort: '-createdAt',
    searchFields: ['fileName', 'description'],
    filters: [{ field: 'resourceType' }, { field: 'status' }, { field: 'createdAt' }],
  },
  form: {
    sections: [
      { key: 'file', title: 'Arquivo', fields: ['fileName', 'resourceType', 'description', 'status', 'errorMessage'] },
      { key: 'counters', title: 'Resultado', fields: ['total', 'processed', 'created', 'updated', 'failed', 'startedAt', 'finishedAt'] },
      { key: 'mapping', title: 'Colunas', fields: ['mapping'] },
    ],
  },
  actions: [deleteAction('Excluir o histórico das importações selecionadas? Os registros importados são mantidos.')],
  workflow: importBatchWorkflow,
});
