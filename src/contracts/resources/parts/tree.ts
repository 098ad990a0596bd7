/**
 * The fields of the code/name trees (cost centres, chart of accounts, categories): a code, a
 * name, a parent in the same resource (`tree`), active flag. Rules across records (server): no
 * cycle, a parent of the same tenant, the code unique in the tenant.
 */
import { boolean, text, tree } from '../../fields';
import { code, notes } from './common';

export const treeFields = {
  code: text('Código', { rule: code(), help: 'Ex.: 1.01.002' }),
  name: text('Nome'),
  parentId: tree('Pertence a'),
  isActive: boolean('Ativo', { initial: true }),
  description: notes('Descrição', 2000),
};

export const CODE_TAKEN = 'Já existe um registro com este código.';
