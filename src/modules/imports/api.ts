/** Calls of the batch import (finance family; shapes and rules in contracts/imports.ts). */
import { IMPORT_FILE_NAMES, type ImportMappingRequest, type ImportPreview, type ImportProgress, type ImportResourceType, type ImportUploaded } from '../../contracts/imports';
import { request, requestRaw } from '../../core/api';
import { saveFile } from '../../core/saveFile';

const BASE = 'import-batches';
const one = (id: string, suffix = '') => `${BASE}/${encodeURIComponent(id)}${suffix}`;

export function uploadBatch(file: File, resourceType: ImportResourceType, description?: string): Promise<ImportUploaded> {
  const body = new FormData();
  body.append('resourceType', resourceType);
  if (description) body.append('description', description);
  body.append('file', file);
  return request<ImportUploaded>('finance', BASE, { method: 'POST', body });
}

export function saveMapping(id: string, mapping: ImportMappingRequest['mapping'], onlyInvalid = false): Promise<ImportPreview> {
  return request<ImportPreview>('finance', one(id, '/mapping'), { method: 'PUT', body: { mapping }, query: onlyInvalid ? { only: 'invalid' } : undefined });
}

export const runBatch = (id: string): Promise<ImportProgress> => request<ImportProgress>('finance', one(id, '/run'), { method: 'POST' });

export const getBatch = (id: string, silent = false): Promise<ImportProgress & Record<string, unknown>> =>
  request('finance', one(id), { silent });

/** Downloads the error report as a file named after the batch. */
export async function downloadErrors(id: string, fileName = 'erros-da-importacao.csv'): Promise<void> {
  const { data } = await requestRaw<Blob>('finance', one(id, '/errors.csv'), { responseType: 'blob', headers: { Accept: 'text/csv' } });
  saveFile(data, fileName);
}

/** Downloads the import wizard's template spreadsheet of `type` (`GET import-batches/templates/{type}`: one column per importable field, an example row). */
export async function downloadImportTemplate(type: ImportResourceType): Promise<void> {
  const { data } = await requestRaw<Blob>('finance', `${BASE}/templates/${encodeURIComponent(type)}`, { responseType: 'blob' });
  saveFile(data, `modelo-importacao-${IMPORT_FILE_NAMES[type]}.xlsx`);
}
