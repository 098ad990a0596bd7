/**
 * Expense and revenue categories: trees whose every node maps to ONE line of the DRE skeleton
 * (contracts/brazil/dre.ts) and optionally to a ledger account. Rule across records (server):
 * a child's DRE line may differ from its parent's (the line is per node). Each node also names the
 * DFC group its baixas fall in (empty: operacional — docs/decisions.md "DFC groups").
 */
import { DRE_LINE_LABELS, type DreLine } from '../../brazil';
import { DFC_GROUP_LABELS, DFC_GROUPS } from '../../reportPages';
import { enumOf, reference } from '../../fields';
import { activationActions, deleteAction } from './common';
import { CODE_TAKEN, treeFields } from './tree';

export function financeCategoryParts<L extends readonly [DreLine, ...DreLine[]]>(lines: L) {
  return {
    fields: {
      ...treeFields,
      dreLine: enumOf('Linha da DRE', lines, Object.fromEntries(lines.map((line) => [line, DRE_LINE_LABELS[line]])) as Record<L[number], string>, { message: 'Escolha a linha da DRE.' }),
      dfcGroup: enumOf('Grupo da DFC', DFC_GROUPS, DFC_GROUP_LABELS, { optional: true, help: 'Em branco: atividades operacionais.' }),
      ledgerAccountId: reference('Conta contábil', 'ledgerAccounts', { optional: true }),
    },
    list: {
      columns: [{ field: 'code', sortable: true, width: '160px' }, { field: 'name', sortable: true }, { field: 'dreLine', sortable: true }, { field: 'parentId' }, { field: 'isActive' }],
      defaultSort: 'code',
      searchFields: ['code', 'name'],
      filters: [{ field: 'dreLine' }, { field: 'dfcGroup' }, { field: 'parentId' }, { field: 'ledgerAccountId' }, { field: 'isActive' }],
    } as const,
    form: {
      sections: [
        { key: 'general', title: 'Categoria', fields: ['code', 'name', 'parentId', 'isActive'] },
        { key: 'reports', title: 'Relatórios e contabilidade', fields: ['dreLine', 'dfcGroup', 'ledgerAccountId'] },
        { key: 'notes', title: 'Descrição', fields: ['description'] },
      ],
    } as const,
    unique: [{ fields: ['code'], message: CODE_TAKEN }] as const,
    actions: [...activationActions('Inativar as categorias selecionadas?'), deleteAction('Excluir as categorias selecionadas? Categorias com lançamentos ou filhas não podem ser excluídas.')],
  };
}
