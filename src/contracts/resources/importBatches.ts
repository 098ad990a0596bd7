/**
 * Importações em lote (/configuracoes/importacoes-em-lote): one record per uploaded CSV/XLSX.
 * Created by the multipart upload, never by the generic POST; mapped, previewed and run through
 * the endpoints of contracts/imports.ts; the record tracks status and counters while the
 * server's job runs. API: finance `import-batches`.
 */
import * as z from 'zod/mini';
import { defineResource } from '../define';
import { datetime, enumOf, file, integer, list, text } from '../fields';
import { IMPORT_RESOURCE_TYPES, IMPORT_RESOURCE_LABELS, IMPORT_STATUSES } from '../imports';
import { deleteAction } from './parts/common';

/** A counter the import job keeps (server-managed). */
const count = (label: string) => integer(label, { rule: z.int().check(z.minimum(0)), readOnly: true });
/** Any string (server-managed). */
const anyText = (label: string) => text(label, { rule: z.string() });

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
    fileName: text('Arquivo', { rule: z.string(), readOnly: true }),
    fileId: file('Arquivo original', { rule: z.string(), optional: true, readOnly: true }),
    description: text('Descrição', { max: 200, optional: true, trim: false }),
    status: enumOf(
      'Situação',
      IMPORT_STATUSES,
      { uploaded: 'Enviado', mapped: 'Colunas associadas', running: 'Importando', done: 'Concluída', failed: 'Falhou' },
      { readOnly: true, tones: { uploaded: 'neutral', mapped: 'info', running: 'info', done: 'success', failed: 'danger' } },
    ),
    total: count('Linhas'),
    processed: count('Processadas'),
    created: count('Criadas'),
    updated: count('Atualizadas'),
    failed: count('Com erro'),
    columns: list('Colunas do arquivo', { name: anyText('Coluna') }, { readOnly: true }),
    mapping: list('Associação de colunas', { column: anyText('Coluna'), field: anyText('Campo') }, { readOnly: true }),
    startedAt: datetime('Início', { optional: true, readOnly: true }),
    finishedAt: datetime('Fim', { optional: true, readOnly: true }),
    errorMessage: text('Motivo da falha', { rule: z.string(), optional: true, readOnly: true }),
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
});
