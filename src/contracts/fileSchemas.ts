/** The zod schemas of the file calls, apart from `files.ts` so a list screen does not load zod. */
import * as z from 'zod/mini';
import { FILE_MESSAGES, FILE_STATUSES } from './files';

export const fileStart = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do arquivo.'), z.maxLength(255, 'No máximo 255 caracteres.')),
  size: z.int().check(z.minimum(1, FILE_MESSAGES.empty)),
  contentType: z.string().check(z.minLength(1, FILE_MESSAGES.notSupported), z.maxLength(100, FILE_MESSAGES.notSupported)),
});
export type FileStart = z.infer<typeof fileStart>;

export const storedFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.int(),
  chunkSize: z.int(),
  chunks: z.int(),
  /** Indexes of the parts not received yet (empty once every part is in). */
  missing: z.array(z.int()),
  status: z.enum(FILE_STATUSES),
  sha256: z.nullable(z.string()),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;
