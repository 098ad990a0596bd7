/**
 * Configurações de compras (/configuracoes/compras): the organisation's tolerances of the buying
 * cycle, one record per tenant (singleton). Percentages in basis points; an amount in centavos.
 * - entregas: how much more than ordered a line may receive;
 * - faturamentos: how far an invoiced unit price may stray from the ordem's (the larger of the
 *   percentage and the amount), and how much more than received may be invoiced — beyond them the
 *   faturamento is divergent and needs its approval.
 */
import { defineResource } from '../define';
import { money, percent } from '../fields';

const tolerance = (label: string, help: string) => percent(label, { min: 0, max: 10_000, initial: 0, help });

export const purchasingSettings = defineResource({
  name: 'purchasingSettings',
  api: 'pricing',
  path: 'settings',
  kind: 'singleton',
  route: { base: '/configuracoes/compras' },
  permission: 'purchasingSettings',
  labels: { one: 'Configurações de compras', many: 'Configurações de compras', gender: 'f' },
  titleField: 'receiptTolerance',
  fields: {
    receiptTolerance: tolerance('Tolerância de entrega a mais', 'Quanto uma entrega pode passar da quantidade pedida (0% recusa qualquer excesso).'),
    priceTolerance: tolerance('Tolerância de preço no faturamento (%)', 'Diferença de preço unitário aceita sem aprovação, em percentual do preço da ordem.'),
    priceToleranceAmount: money('Tolerância de preço no faturamento (R$)', { min: 0, minMessage: 'O valor não pode ser negativo.', help: 'Diferença aceita em reais por unidade; vale a maior das duas.' }),
    quantityTolerance: tolerance('Tolerância de quantidade no faturamento', 'Quanto se pode faturar além do recebido sem aprovação.'),
  },
  form: {
    sections: [
      { key: 'receipts', title: 'Entregas', fields: ['receiptTolerance'] },
      { key: 'invoices', title: 'Faturamentos (conferência com a ordem e as entregas)', fields: ['priceTolerance', 'priceToleranceAmount', 'quantityTolerance'] },
    ],
  },
});
