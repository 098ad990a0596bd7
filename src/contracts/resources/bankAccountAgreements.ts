/**
 * Convênios of a bank account (/contas-financeiras/{bankAccountId}/convenios): the CNAB 240
 * agreement with the bank — convênio code, layout (FEBRABAN 240 or a bank's overlay, as data),
 * services, and the next file sequence number (NSA) the next remessa takes; the server
 * increments it when it generates a file. API: finance `bank-accounts/{bankAccountId}/agreements`.
 */
import type * as z from 'zod/mini';
import { defineResource } from '../define';
import { boolean, enumList, enumOf, integer, text } from '../fields';
import { activationActions, deleteAction, notes, positiveInt } from './parts/common';

export const CNAB_LAYOUTS = ['febraban240', 'itau240', 'bradesco240', 'bb240', 'santander240', 'caixa240', 'sicoob240'] as const;
export const CNAB_LAYOUT_LABELS = {
  febraban240: 'FEBRABAN 240 (padrão)',
  itau240: 'Itaú SISPAG',
  bradesco240: 'Bradesco Multipag',
  bb240: 'Banco do Brasil',
  santander240: 'Santander',
  caixa240: 'Caixa',
  sicoob240: 'Sicoob',
} as const;
export const AGREEMENT_SERVICES = ['supplierPayments', 'boletoPayments', 'taxPayments', 'pix'] as const;

export const bankAccountAgreements = defineResource({
  name: 'bankAccountAgreements',
  api: 'finance',
  path: 'bank-accounts/{bankAccountId}/agreements',
  route: { base: '/contas-financeiras/{bankAccountId}/convenios', idParam: 'bankAccountAgreementId' },
  permission: 'bankAccounts',
  parent: { resource: 'bankAccounts', param: 'bankAccountId' },
  labels: { one: 'Convênio', many: 'Convênios', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Descrição', { max: 80 }),
    agreementCode: text('Código do convênio', {
      rule: ({ z }) => z.string().check(z.trim(), z.minLength(1, 'Informe o código do convênio.'), z.maxLength(20, 'Use no máximo 20 caracteres.'), z.regex(/^[0-9A-Za-z]+$/, 'Use somente letras e números.')),
      help: 'Como o banco informou (até 20 caracteres).',
    }),
    layout: enumOf('Layout CNAB 240', CNAB_LAYOUTS, CNAB_LAYOUT_LABELS),
    services: enumList(
      'Serviços',
      AGREEMENT_SERVICES,
      { supplierPayments: 'Pagamento a fornecedores (TED/crédito)', boletoPayments: 'Pagamento de boletos', taxPayments: 'Tributos e concessionárias', pix: 'PIX' },
      { atLeastOne: 'Escolha ao menos um serviço.' },
    ),
    nextFileSequence: integer('Próximo número sequencial do arquivo (NSA)', { rule: positiveInt() }),
    isActive: boolean('Ativo', { initial: true }),
    notes: notes('Observações'),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'agreementCode', sortable: true }, { field: 'layout' }, { field: 'nextFileSequence' }, { field: 'isActive' }],
    defaultSort: 'name',
    searchFields: ['name', 'agreementCode'],
    filters: [{ field: 'layout' }, { field: 'isActive' }],
  },
  form: {
    sections: [
      { key: 'general', title: 'Convênio', fields: ['name', 'agreementCode', 'layout', 'services', 'isActive'] },
      { key: 'files', title: 'Arquivos de remessa', fields: ['nextFileSequence'] },
      { key: 'notes', title: 'Observações', fields: ['notes'] },
    ],
  },
  unique: [{ fields: ['agreementCode'], message: 'Esta conta já tem um convênio com este código.' }],
  actions: [...activationActions('Inativar os convênios selecionados?'), deleteAction('Excluir os convênios selecionados?')],
});
