/** Calls of the arquivos de remessa (finance family; server/finance/remittances). */
import { request, requestRaw } from '../../core/api';
import { saveFile } from '../../core/saveFile';

export interface ReturnLine {
  line: number;
  reference: string;
  installmentId: string | null;
  remittanceNumber: number | null;
  outcome: 'paid' | 'rejected' | 'scheduled' | 'unknown' | 'unchanged' | 'conflict';
  codes: string[];
  reason: string;
}

export interface ReturnResult {
  duplicate: boolean;
  fileName: string;
  sha256: string;
  payments: number;
  paid: number;
  rejected: number;
  scheduled: number;
  unknown: number;
  unchanged: number;
  /** Lines where the bank says otherwise than a person who answered the payment by hand (absent from older imports). */
  conflict?: number;
  lines: ReturnLine[];
}

/** The import record: applied by a job, `processedCount` of `payments` so far. */
export interface ReturnImport extends ReturnResult {
  id: string;
  status: 'processing' | 'processed' | 'failed';
  processedCount: number;
  failureReason: string | null;
}

export interface GeneratedRemittance {
  id: string;
  number: number;
  paymentCount: number;
  total: number;
}

/** Generates the remessa; `key` is kept for one attempt, so a retry after a lost answer gets the same file. */
export const generateRemittance = (body: { bankAccountId: string; agreementId: string; installmentIds: string[] }, key: string): Promise<GeneratedRemittance> =>
  request<GeneratedRemittance>('finance', 'remittances', { method: 'POST', body, headers: { 'Idempotency-Key': key } });

/** Saves the file under the name the server gave it. */
export async function downloadRemittance(id: string, fileName: string): Promise<void> {
  const { data } = await requestRaw<Blob>('finance', `remittances/${encodeURIComponent(id)}/file`, { responseType: 'blob', headers: { Accept: 'application/octet-stream' } });
  saveFile(data, fileName);
}

/** The bytes of a file as base64 (a retorno is at most 8 MB). */
export async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Validated whole by the server, then applied in the background (202, `processing`); the same file again: its first import. */
export const importReturn = async (file: File): Promise<ReturnImport> =>
  request<ReturnImport>('finance', 'remittances/returns', { method: 'POST', body: { fileName: file.name, content: await fileBase64(file) } });

/** The import as it stands (polled while `processing`). */
export const readReturnImport = (id: string): Promise<ReturnImport> => request<ReturnImport>('finance', `remittances/returns/${encodeURIComponent(id)}`);
