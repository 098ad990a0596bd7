/**
 * Builders of the fields that hold ids: `reference` / `references` (records of another
 * declaration), `tree` (the parent in the same one) and `file` (a stored file). The value is
 * always an id string (at most 64 characters), whatever the screen shows.
 */
import * as z from 'zod/mini';
import type { FileType } from '../files';
import { idList } from '../resource';
import { field, type Common, type MayBeEmpty } from './field';

export interface IdOptions extends Common, MayBeEmpty {
  /** Message when a required one is empty (default "Escolha uma opção."). */
  required?: string;
}

const id = (options: IdOptions | undefined, empty: string) =>
  options?.optional ? z.string().check(z.maxLength(64)) : z.string().check(z.minLength(1, options?.required ?? empty), z.maxLength(64));

export interface ReferenceOptions extends IdOptions {
  /** Path parameters of a nested target (`{applicationId: 'current'}`). */
  params?: Readonly<Record<string, string>>;
}

/** The id of a record of `resource` (a key of `resources/index.ts`). */
export const reference = <const O extends ReferenceOptions>(label: string, resource: string, options?: O) =>
  field(() => id(options, 'Escolha uma opção.'), { type: 'reference', label, resource, ...(options?.params ? { params: options.params } : {}) }, options);

/** Ids of records of `resource` (at most `max`, default 1000). */
export const references = <const O extends Common & { params?: Readonly<Record<string, string>>; max?: number }>(label: string, resource: string, options?: O) =>
  field(() => idList(options?.max), { type: 'references', label, resource, ...(options?.params ? { params: options.params } : {}) }, options);

/** The parent in the same resource (always optional: a root has none). */
export const tree = <const O extends Common>(label: string, options?: O) => field(() => z.string().check(z.maxLength(64)), { type: 'tree', label }, { ...options, optional: true as const });

export interface FileOptions extends IdOptions {
  /** Content types taken (default: every one of `FILE_TYPES`). */
  accept?: readonly FileType[];
  /** The value's own rule (a server-managed file: `rule: z.string()`). */
  rule?: z.core.$ZodType<string, string>;
}

/** The id of a stored file (uploaded in parts, files.ts). */
export const file = <const O extends FileOptions>(label: string, options?: O) =>
  field(() => options?.rule ?? id(options, 'Envie o arquivo.'), { type: 'file', label, ...(options?.accept ? { accept: options.accept } : {}) }, options);
