/**
 * Stored files on the client (contracts/files.ts): `uploadFile` checks the file, then sends it
 * in parts of `FILE_CHUNK_BYTES` (spec §9 "Upload chunks of 64 KB"), one after the other, each
 * retried on a network failure or a 5xx, and completes the upload. The content needs the bearer
 * token like every call, so a preview goes through `fetchFileObjectUrl` (an object URL the
 * caller revokes).
 */
import type { ApiFamily } from '../contracts/resource';
import {
  FILE_CHUNK_BYTES,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILE_PATHS,
  FILE_TYPES,
  chunkCount,
  isFileType,
  type FileType,
  type StoredFile,
} from '../contracts/files';
import { ApiError, buildUrl, request, type HttpStatus } from './api';
import { apiUrl, ensureAppConfig } from './config';

export { fileFamily, type FileFamily } from '../contracts/files';

/** Retries of one part after the first attempt (network failure or 5xx). */
export const PART_RETRIES = 3;

export type FileRefusalReason = 'notSupported' | 'notAccepted' | 'empty' | 'tooLarge';

/**
 * A file refused before anything is sent; `message` is the pt-BR text of `FILE_MESSAGES`, shown
 * as the field's error. `status` mirrors what the server would answer (415/413/400).
 */
export class FileRefusedError extends Error {
  readonly reason: FileRefusalReason;
  readonly status: HttpStatus;

  constructor(reason: FileRefusalReason) {
    super(FILE_MESSAGES[reason]);
    this.name = 'FileRefusedError';
    this.reason = reason;
    this.status = reason === 'tooLarge' ? 413 : reason === 'empty' ? 400 : 415;
  }
}

export function isFileRefused(value: unknown): value is FileRefusedError {
  return value instanceof FileRefusedError;
}

export type UploadSource = Blob & { name?: string };

export interface UploadOptions {
  /** API family (default `commons`). */
  api?: ApiFamily;
  /** Types the field takes (default: every one of `FILE_TYPES`). */
  accept?: readonly FileType[];
  /** After the upload starts (0) and after each part is stored. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** Wait before retry `attempt` (1-based) of a part, in ms. Default 300 ms × 2^(attempt−1). */
  retryDelay?: (attempt: number) => number;
}

/** Content type of a file: its own, or from its extension when the browser gave none. */
export function fileTypeOf(file: UploadSource): string {
  if (file.type) return file.type.toLowerCase();
  const name = (file.name ?? '').toLowerCase();
  for (const [type, extensions] of Object.entries(FILE_TYPES)) {
    if ((extensions as readonly string[]).some((extension) => name.endsWith(extension))) return type;
  }
  return '';
}

/** The refusal of `file` for a field taking `accept`, or null when it may be sent. */
export function checkFile(file: UploadSource, accept?: readonly FileType[]): FileRefusedError | null {
  const type = fileTypeOf(file);
  if (!isFileType(type)) return new FileRefusedError('notSupported');
  if (accept && !accept.includes(type)) return new FileRefusedError('notAccepted');
  if (file.size <= 0) return new FileRefusedError('empty');
  if (file.size > FILE_MAX_BYTES) return new FileRefusedError('tooLarge');
  return null;
}

/** `accept` attribute of a file input: the types and their extensions. */
export function acceptAttribute(accept?: readonly FileType[]): string {
  const types = accept ?? (Object.keys(FILE_TYPES) as FileType[]);
  return types.flatMap((type) => [type, ...FILE_TYPES[type]]).join(',');
}

/** Short names of the types ("JPG, PNG, WebP, GIF"), for hints. */
export function acceptedNames(accept?: readonly FileType[]): string {
  const names: Record<FileType, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF', 'application/pdf': 'PDF' };
  return (accept ?? (Object.keys(FILE_TYPES) as FileType[])).map((type) => names[type]).join(', ');
}

/** Name sent to the server: the file's (at most 255 characters, extension kept), or "arquivo". */
function uploadName(file: UploadSource): string {
  const name = (file.name ?? '').trim() || 'arquivo';
  if (name.length <= 255) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 255 - extension.length) + extension;
}

const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError && !error.aborted && (error.status === 'UNK' || error.status >= 500);

/** Upload errors are shown by the field; only the session ones (401/403) become notices. */
const fieldShowsIt = (error: ApiError) => error.status !== 401 && error.status !== 403;

function abortError(): ApiError {
  return new ApiError({ status: 'UNK', message: 'aborted', aborted: true });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const defaultRetryDelay = (attempt: number) => 300 * 2 ** (attempt - 1);

/**
 * Uploads `file` in 64 KB parts and resolves with the ready `StoredFile`. Rejects with a
 * `FileRefusedError` (nothing sent) when the type or size is refused, or with the `ApiError` of
 * the call that failed (an unfinished upload is then cancelled).
 */
export async function uploadFile(file: UploadSource, options: UploadOptions = {}): Promise<StoredFile> {
  const refusal = checkFile(file, options.accept);
  if (refusal) throw refusal;
  const api = options.api ?? 'commons';
  const { signal } = options;
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const total = file.size;

  const started = await request<StoredFile>(api, FILE_PATHS.files, {
    method: 'POST',
    body: { name: uploadName(file), size: total, contentType: fileTypeOf(file) },
    silent: fieldShowsIt,
    signal,
  });
  let completed = false;
  try {
    options.onProgress?.(0, total);
    let sent = 0;
    for (let index = 0; index < chunkCount(total); index++) {
      const start = index * FILE_CHUNK_BYTES;
      const part = file.slice(start, Math.min(start + FILE_CHUNK_BYTES, total));
      for (let attempt = 0; ; attempt++) {
        if (signal?.aborted) throw abortError();
        try {
          await request<StoredFile>(api, FILE_PATHS.chunk(started.id, index), {
            method: 'PUT',
            body: part,
            headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
            silent: fieldShowsIt,
            signal,
          });
          break;
        } catch (error) {
          if (attempt >= PART_RETRIES || !isRetryable(error) || signal?.aborted) throw error;
          await wait(retryDelay(attempt + 1), signal);
        }
      }
      sent += part.size;
      options.onProgress?.(sent, total);
    }
    if (signal?.aborted) throw abortError();
    try {
      const stored = await request<StoredFile>(api, FILE_PATHS.complete(started.id), { method: 'POST', silent: fieldShowsIt, signal });
      completed = true;
      return stored;
    } catch (error) {
      // A content refused on complete (415) is dropped by the server: nothing left to cancel.
      if (error instanceof ApiError && error.status === 415) completed = true;
      throw error;
    }
  } finally {
    if (!completed) void cancelUpload(started.id, api);
  }
}

/** DELETE of an unfinished upload (best effort: failures are ignored). */
export async function cancelUpload(id: string, api: ApiFamily = 'commons'): Promise<void> {
  try {
    await request(api, FILE_PATHS.file(id), { method: 'DELETE', silent: true });
  } catch {
    // dropped by the server after FILE_ABANDONED_MS anyway
  }
}

/** GET files/{id}. */
export function getStoredFile(id: string, options: { api?: ApiFamily; signal?: AbortSignal; silent?: boolean } = {}): Promise<StoredFile> {
  return request<StoredFile>(options.api ?? 'commons', FILE_PATHS.file(id), { signal: options.signal, silent: options.silent ?? true });
}

/** Absolute URL of a file's content (it needs the bearer token: use `fetchFileObjectUrl` for `<img>`). */
export async function fileContentUrl(id: string, api: ApiFamily = 'commons'): Promise<string> {
  return buildUrl(apiUrl(await ensureAppConfig(), api), FILE_PATHS.content(id));
}

/** The content of a file, fetched with the token, as an object URL; the caller revokes it. */
export async function fetchFileObjectUrl(id: string, options: { api?: ApiFamily; signal?: AbortSignal } = {}): Promise<string> {
  const blob = await request<Blob>(options.api ?? 'commons', FILE_PATHS.content(id), {
    responseType: 'blob',
    signal: options.signal,
    silent: true,
  });
  return URL.createObjectURL(blob);
}
