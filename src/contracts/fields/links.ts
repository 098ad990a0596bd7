/**
 * Builders of the fields that hold ids: `reference` / `references` (records of another
 * declaration), `tree` (the parent in the same one) and `file` (a stored file). The value is
 * always an id string (at most 64 characters), whatever the screen shows.
 */
import type * as z from 'zod/mini';
import type { FileType } from '../files';
import type { Rule, RuleKit } from '../validation/rules';
import { field, type Common, type MayBeEmpty } from './field';

export interface IdOptions extends Common, MayBeEmpty {
  /** Message when a required one is empty (default "Escolha uma opção."). */
  required?: string;
}

const id = ({ z }: RuleKit, options: IdOptions | undefined, empty: string) =>
  options?.optional ? z.string().check(z.maxLength(64)) : z.string().check(z.minLength(1, options?.required ?? empty), z.maxLength(64));

export interface ReferenceOptions extends IdOptions {
  /** Path parameters of a nested target (`{applicationId: 'current'}`). */
  params?: Readonly<Record<string, string>>;
}

/** The id of a record of `resource` (a key of `resources/index.ts`). */
export const reference = <const O extends ReferenceOptions>(label: string, resource: string, options?: O) =>
  field((kit) => id(kit, options, 'Escolha uma opção.'), { type: 'reference', label, resource, ...(options?.params ? { params: options.params } : {}) }, options);

/** Ids of records of `resource` (at most `max`, default 1000). */
export const references = <const O extends Common & { params?: Readonly<Record<string, string>>; max?: number }>(label: string, resource: string, options?: O) =>
  field((kit) => kit.idList(options?.max), { type: 'references', label, resource, ...(options?.params ? { params: options.params } : {}) }, options);

/** The parent in the same resource (always optional: a root has none). */
export const tree = <const O extends Common>(label: string, options?: O) => field(({ z }) => z.string().check(z.maxLength(64)), { type: 'tree', label }, { ...options, optional: true as const });

export interface FileOptions extends IdOptions {
  /** Content types taken (default: every one of `FILE_TYPES`). */
  accept?: readonly FileType[];
  /** The value's own rule (a server-managed file: `rule: ({ z }) => z.string()`). */
  rule?: Rule<z.core.$ZodType<string, string>>;
}

/** The id of a stored file (uploaded in parts, files.ts). */
export const file = <const O extends FileOptions>(label: string, options?: O) =>
  field((kit) => options?.rule?.(kit) ?? id(kit, options, 'Envie o arquivo.'), { type: 'file', label, ...(options?.accept ? { accept: options.accept } : {}) }, options);
