/**
 * Bancos (/configuracoes/bancos): seeded per organisation from the official COMPE/ISPB list
 * (contracts/brazil/banks.ts `officialBanks()`, never typed by hand); editable (short name,
 * active) and extendable. API: finance `banks`.
 */
import * as z from 'zod/mini';
import { schemas } from '../brazil';
import { defineResource, requiredText } from '../resource';
import { deleteAction, shortText } from './parts/common';

export const banks = defineResource({
  name: 'banks',
  api: 'finance',
  path: 'banks',
  route: { base: '/configuracoes/bancos', idParam: 'bankId' },
  permission: 'banks',
  labels: { one: 'Banco', many: 'Bancos', gender: 'm' },
  titleField: 'name',
  schema: z.object({
    code: schemas.bankCode(),
    ispb: schemas.ispb(),
    name: requiredText(160),
    shortName: shortText(60),
    isActive: z.boolean(),
  }),
  fields: {
    code: { type: 'text', label: 'Código (COMPE)' },
    ispb: { type: 'text', label: 'ISPB' },
    name: { type: 'text', label: 'Nome' },
    shortName: { type: 'text', label: 'Nome curto' },
    isActive: { type: 'boolean', label: 'Ativo', initial: true },
  },
  list: {
    columns: [{ field: 'code', sortable: true, width: '8rem' }, { field: 'name', sortable: true }, { field: 'shortName' }, { field: 'ispb' }, { field: 'isActive' }],
    defaultSort: 'code',
    searchFields: ['code', 'name', 'shortName', 'ispb'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Dados do banco', fields: ['code', 'ispb', 'name', 'shortName', 'isActive'] }] },
  unique: [{ fields: ['code'], message: 'Já existe um banco com este código.' }],
  actions: [deleteAction('Excluir os bancos selecionados?')],
});
