/**
 * Batch imports (importações em lote): what can be imported, the limits, and the wire shapes of
 * the endpoints beyond the generic CRUD of `importBatches` (finance family, `/api/finance`):
 *
 * | Call | Request | Answer |
 * |---|---|---|
 * | upload | `POST import-batches`, multipart: `file` (CSV or XLSX), `resourceType`, optional `description` | 201 `ImportUploaded` (the batch + `sampleRows`), header `Location`; 413 over `IMPORT_MAX_BYTES`; 415 not CSV/XLSX; 400 no header row, more than `IMPORT_MAX_ROWS` rows, unknown `resourceType` |
 * | mapping + preview | `PUT import-batches/{id}/mapping` body `ImportMappingRequest`; query `only=invalid` to list only rows with errors | 200 `ImportPreview` (first `IMPORT_PREVIEW_ROWS` rows); 400 unknown column or field, a required field unmapped, a field mapped twice; 409 batch already running or done |
 * | run | `POST import-batches/{id}/run` (no body) | 202 the batch (`status: running`); 409 not mapped yet, or already run |
 * | progress | `GET import-batches/{id}` (the generic get) | 200 the batch: `status`, `processed`, `total`, `created`, `updated`, `failed` |
 * | error report | `GET import-batches/{id}/errors.csv` | 200 `text/csv; charset=utf-8` with BOM, `;`-separated: `linha;campo;mensagem` then the row's original columns; `Content-Disposition: attachment` |
 *
 * Rules the server keeps: the CSV is UTF-8 (BOM allowed) or Windows-1252, separator `;` or `,`
 * detected from the header; XLSX reads the first sheet; the first row is the header. Values are
 * normalised like typed input (documents unmasked, `pad` for lost leading zeros, `1.234,56`
 * money, `dd/mm/aaaa` dates, `sim/não` booleans, references by code or name). Each row is
 * validated with the target declaration's write schema and imported on its own: a broken row is
 * counted in `failed` and reported, never aborts the others. A row whose natural key
 * (`IMPORT_TARGETS[type].key`) already exists in the organisation UPDATES that record (mapped
 * fields only) instead of creating a duplicate; two rows of the same file with the same key: the
 * later one wins and the earlier is reported. 10,000 rows in seconds: insert/update in batches
 * inside the job, progress saved every batch.
 */
import * as z from 'zod/mini';

export const IMPORT_RESOURCE_TYPES = ['suppliers', 'customers', 'products', 'costCenters', 'expenseCategories', 'revenueCategories', 'categories'] as const;
export type ImportResourceType = (typeof IMPORT_RESOURCE_TYPES)[number];

export const IMPORT_RESOURCE_LABELS: Readonly<Record<ImportResourceType, string>> = {
  suppliers: 'Fornecedores',
  customers: 'Clientes',
  products: 'Produtos',
  costCenters: 'Centros de custos',
  expenseCategories: 'Categorias de despesas',
  revenueCategories: 'Categorias de receitas',
  categories: 'Departamentos de produtos',
};

/** File-name words of each import type (ASCII, as a download name should be). */
export const IMPORT_FILE_NAMES: Readonly<Record<ImportResourceType, string>> = {
  suppliers: 'fornecedores',
  customers: 'clientes',
  products: 'produtos',
  costCenters: 'centros-de-custos',
  expenseCategories: 'categorias-de-despesas',
  revenueCategories: 'categorias-de-receitas',
  categories: 'departamentos',
};

/** Declaration each type imports into, and the field that identifies an existing record (re-import updates). */
export const IMPORT_TARGETS: Readonly<Record<ImportResourceType, { resource: string; key: string }>> = {
  suppliers: { resource: 'suppliers', key: 'document' },
  customers: { resource: 'customers', key: 'document' },
  products: { resource: 'products', key: 'sku' },
  costCenters: { resource: 'costCenters', key: 'code' },
  expenseCategories: { resource: 'expenseCategories', key: 'code' },
  revenueCategories: { resource: 'revenueCategories', key: 'code' },
  categories: { resource: 'categories', key: 'slug' },
};

export const IMPORT_STATUSES = ['uploaded', 'mapped', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** 10 MiB: over it the upload is 413. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_PREVIEW_ROWS = 200;
/** How often the wizard polls the batch while it runs. */
export const IMPORT_POLL_MS = 1000;

export const IMPORT_FILE_TYPES = {
  csv: { extension: '.csv', mime: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'] },
  xlsx: { extension: '.xlsx', mime: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
} as const;

/** `csv` / `xlsx` by the file's name (the server also sniffs the content), or null when neither. */
export function importFileKind(fileName: string): 'csv' | 'xlsx' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** The upload's answer: the batch record plus the first rows as read (strings, header order). */
export const importUploaded = z.looseObject({
  id: z.string(),
  resourceType: z.enum(IMPORT_RESOURCE_TYPES),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.int(),
  columns: z.array(z.object({ name: z.string() })),
  sampleRows: z.array(z.array(z.string())),
});
export type ImportUploaded = z.infer<typeof importUploaded>;

/** Column header → field key (a declaration field, or `list.0.sub` for the first item of a list field). Unmapped columns are ignored. */
export const importMappingRequest = z.strictObject({
  mapping: z.record(z.string().check(z.maxLength(200)), z.string().check(z.maxLength(120))),
});
export type ImportMappingRequest = z.infer<typeof importMappingRequest>;

export const importPreviewRow = z.object({
  /** Line in the file (the header is line 1, so the first data row is 2). */
  line: z.int(),
  /** Mapped values as read from the file, by field key. */
  values: z.record(z.string(), z.string()),
  /** Field key → pt-BR messages; empty when the row is valid. `_row` for errors of the whole row. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importPreview = z.object({
  rows: z.array(importPreviewRow),
  valid: z.int(),
  invalid: z.int(),
  /** Rows that will update an existing record (natural key found). */
  updates: z.optional(z.int()),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** Progress fields of the batch (GET `import-batches/{id}`). */
export const importProgress = z.looseObject({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  processed: z.int(),
  total: z.int(),
  created: z.int(),
  updated: z.int(),
  failed: z.int(),
  errorMessage: z.optional(z.nullable(z.string())),
});
export type ImportProgress = z.infer<typeof importProgress>;
