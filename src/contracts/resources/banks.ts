/**
 * Bancos (/configuracoes/bancos): seeded per organisation from the official COMPE/ISPB list
 * (contracts/brazil/banks.ts `officialBanks()`, never typed by hand); editable (short name,
 * active) and extendable. API: finance `banks`.
 */
import { defineResource } from '../define';
import { boolean, text } from '../fields';
import { activationActions, deleteAction } from './parts/common';

export const banks = defineResource({
  name: 'banks',
  api: 'finance',
  path: 'banks',
  route: { base: '/configuracoes/bancos', idParam: 'bankId' },
  permission: 'banks',
  labels: { one: 'Banco', many: 'Bancos', gender: 'm' },
  titleField: 'name',
  fields: {
    code: text('Código (COMPE)', { rule: ({ brazil }) => brazil.bankCode() }),
    ispb: text('ISPB', { rule: ({ brazil }) => brazil.ispb() }),
    name: text('Nome', { max: 160 }),
    shortName: text('Nome curto', { max: 60, optional: true }),
    isActive: boolean('Ativo', { initial: true }),
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '128px' }, { field: 'name', sortable: true }, { field: 'shortName' }, { field: 'ispb' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name', 'shortName', 'ispb'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Dados do banco', fields: ['code', 'ispb', 'name', 'shortName', 'isActive'] }] },
  unique: [{ fields: ['code'], message: 'Já existe um banco com este código.' }],
  actions: [...activationActions('Inativar os bancos selecionados?'), deleteAction('Excluir os bancos selecionados?')],
});
