/**
 * The shape of the code/name trees (cost centres, chart of accounts, categories): a code, a
 * name, a parent in the same resource (`tree`), active flag. Rules across records (server): no
 * cycle, a parent of the same tenant, the code unique in the tenant.
 */
import * as z from 'zod/mini';
import { optional, requiredText, type FieldDef } from '../../resource';
import { code, notes } from './common';

export const treeShape = {
  code: code(),
  name: requiredText(120),
  parentId: optional(z.string().check(z.maxLength(64))),
  isActive: z.boolean(),
  description: notes(2000),
};

export const treeFields = {
  code: { type: 'text', label: 'Código', help: 'Ex.: 1.01.002' },
  name: { type: 'text', label: 'Nome' },
  parentId: { type: 'tree', label: 'Pertence a' },
  isActive: { type: 'boolean', label: 'Ativo', initial: true },
  description: { type: 'longText', label: 'Descrição' },
} as const satisfies Record<keyof typeof treeShape, FieldDef>;

export const CODE_TAKEN = 'Já existe um registro com este código.';
