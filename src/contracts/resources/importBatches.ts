/**
 * Importações em lote (/configuracoes/importacoes-em-lote): one record per uploaded CSV/XLSX.
 * Created by the multipart upload, never by the generic POST; mapped, previewed and run through
 * the endpoints of contracts/imports.ts; the record tracks status and counters while the
 * server's job runs. API: finance `import-batches`.
 */
import * as z from 'zod/mini';
import { IMPORT_RESOURCE_TYPES, IMPORT_RESOURCE_LABELS, IMPORT_STATUSES } from '../imports';
import { defineResource, optional } from '../resource';
import { deleteAction } from './parts/common';

const count = () => z.int().check(z.minimum(0));

export const importBatches = defineResource({
  name: 'importBatches',
  api: 'finance',
  path: 'import-batches',
  route: { base: '/configuracoes/importacoes-em-lote', idParam: 'importBatchId' },
  permission: 'importBatches',
  labels: { one: 'Importação', many: 'Importações em Lote', gender: 'f' },
  titleField: 'fileName',
  schema: z.object({
    resourceType: z.enum(IMPORT_RESOURCE_TYPES),
    fileName: z.string(),
    fileId: optional(z.string()),
    description: optional(z.string().check(z.maxLength(200, 'Use no máximo 200 caracteres.'))),
    status: z.enum(IMPORT_STATUSES),
    total: count(),
    processed: count(),
    created: count(),
    updated: count(),
    failed: count(),
    columns: z.array(z.object({ name: z.string() })),
    mapping: z.array(z.object({ column: z.string(), field: z.string() })),
    startedAt: optional(z.string()),
    finishedAt: optional(z.string()),
    errorMessage: optional(z.string()),
  }),
  fields: {
    resourceType: { type: 'enum', label: 'Tipo de cadastro', options: IMPORT_RESOURCE_TYPES, optionLabels: IMPORT_RESOURCE_LABELS, readOnly: true },
    fileName: { type: 'text', label: 'Arquivo', readOnly: true },
    fileId: { type: 'file', label: 'Arquivo original', readOnly: true },
    description: { type: 'text', label: 'Descrição' },
    status: {
      type: 'enum',
      label: 'Situação',
      options: IMPORT_STATUSES,
      optionLabels: { uploaded: 'Enviado', mapped: 'Colunas associadas', running: 'Importando', done: 'Concluída', failed: 'Falhou' },
      readOnly: true,
    },
    total: { type: 'integer', label: 'Linhas', readOnly: true },
    processed: { type: 'integer', label: 'Processadas', readOnly: true },
    created: { type: 'integer', label: 'Criadas', readOnly: true },
    updated: { type: 'integer', label: 'Atualizadas', readOnly: true },
    failed: { type: 'integer', label: 'Com erro', readOnly: true },
    columns: { type: 'list', label: 'Colunas do arquivo', readOnly: true, of: { name: { type: 'text', label: 'Coluna' } } },
    mapping: { type: 'list', label: 'Associação de colunas', readOnly: true, of: { column: { type: 'text', label: 'Coluna' }, field: { type: 'text', label: 'Campo' } } },
    startedAt: { type: 'datetime', label: 'Início', readOnly: true },
    finishedAt: { type: 'datetime', label: 'Fim', readOnly: true },
    errorMessage: { type: 'text', label: 'Motivo da falha', readOnly: true },
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
