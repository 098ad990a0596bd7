/**
 * Stored files (spec §7 "files" of the commons, cart and pricing families; §9 "Upload chunks of
 * 64 KB"). A file is uploaded in parts of `FILE_CHUNK_BYTES`, so a slow or broken connection
 * only resends the part it lost, and records keep the file's id (`file` fields).
 *
 * | Call | Request | Answer |
 * |---|---|---|
 * | start | `POST files` JSON `FileStart` | 201 `StoredFile` (`status: uploading`, every part `missing`); 413 over `FILE_MAX_BYTES`; 415 type not in `FILE_TYPES` |
 * | part | `PUT files/{id}/chunks/{index}` body: the part's bytes (`application/octet-stream`) | 200 `StoredFile`; every part is `FILE_CHUNK_BYTES` except the last (`size` decides); resending a part replaces it; 400 wrong index or length; 409 upload already finished; 413 body over a part |
 * | finish | `POST files/{id}/complete` | 200 `StoredFile` (`status: ready`, `sha256`); 400 parts missing; 415 the bytes are not of the declared type (checked by their signature) — the upload is then deleted (a later call on it is a 404) |
 * | read | `GET files/{id}` | 200 `StoredFile` |
 * | content | `GET files/{id}/content` | 200 the bytes, `Content-Type` of the file, `nosniff`, `attachment` under a server-made name (`arquivo-<id>.<ext>`; `name` is only a label); 404 until ready |
 * | cancel | `DELETE files/{id}` | 204; only an upload still in progress (a stored file is deleted with nothing pointing at it — not shown: kept) |
 *
 * Any signed-in user of the organisation may upload and read its files; another tenant's file is
 * a 404 like a missing one. Unfinished uploads are dropped after `FILE_ABANDONED_MS`.
 */

export const FILE_CHUNK_BYTES = 64 * 1024;
/** 10 MiB per file. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_ABANDONED_MS = 24 * 3600_000;

/** Accepted content types, with the extensions a picker offers. */
export const FILE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'application/pdf': ['.pdf'],
} as const;
export type FileType = keyof typeof FILE_TYPES;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const satisfies readonly FileType[];

export const FILE_MESSAGES = {
  tooLarge: 'O arquivo é grande demais: o limite é de 10 MB.',
  notSupported: 'Tipo de arquivo não suportado. Envie JPG, PNG, WebP, GIF ou PDF.',
  notAccepted: 'Tipo de arquivo não aceito neste campo.',
  contentMismatch: 'O conteúdo do arquivo não corresponde ao tipo informado.',
  empty: 'O arquivo está vazio.',
  badChunk: 'Parte do arquivo inválida.',
  incomplete: (missing: number) => `O envio não terminou: falta${missing === 1 ? '' : 'm'} ${missing} parte${missing === 1 ? '' : 's'}.`,
  finished: 'O envio deste arquivo já foi concluído.',
  notReady: 'Arquivo não encontrado ou com envio não concluído.',
} as const;

export const FILE_STATUSES = ['uploading', 'ready'] as const;

export type { FileStart, StoredFile } from './fileSchemas';

export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES));

/** Length part `index` of a file of `size` bytes must have. */
export function chunkLength(size: number, index: number): number {
  return Math.max(0, Math.min(FILE_CHUNK_BYTES, size - index * FILE_CHUNK_BYTES));
}

export const isFileType = (value: string): value is FileType => Object.prototype.hasOwnProperty.call(FILE_TYPES, value);

/** The type the first bytes of a file show (its signature), or null for none we accept. */
export function sniffFileType(head: Uint8Array): FileType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

/** Families that serve the files API (spec §7). */
export const FILE_FAMILIES = ['commons', 'cart', 'pricing'] as const;
export type FileFamily = (typeof FILE_FAMILIES)[number];

/** The family a resource of `api` keeps its files in: its own when it serves files, else commons. */
export function fileFamily(api: string | undefined): FileFamily {
  return (FILE_FAMILIES as readonly string[]).includes(api ?? '') ? (api as FileFamily) : 'commons';
}

/** Paths of the files API inside a family (`commons`, `cart`, `pricing`). */
export const FILE_PATHS = {
  files: 'files',
  file: (id: string) => `files/${encodeURIComponent(id)}`,
  chunk: (id: string, index: number) => `files/${encodeURIComponent(id)}/chunks/${index}`,
  complete: (id: string) => `files/${encodeURIComponent(id)}/complete`,
  content: (id: string) => `files/${encodeURIComponent(id)}/content`,
} as const;
