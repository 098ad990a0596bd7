/**
 * A small declaration for the style guide's form: the kit's field inputs (text with help, CNPJ,
 * money, date, a choice, a yes/no) drawn by the same `Field` the registry forms use. Built on
 * demand (its labels are catalogue texts, registered with the guide). Not served, not listed.
 */
import { defineResource } from '../../../contracts/define';
import { boolean, cnpj, date, enumOf, money, text } from '../../../contracts/fields';
import { t } from '../../../core/i18n';

export function sampleResource() {
  return defineResource({
    name: 'styleGuideSample',
    api: 'identity',
    path: 'style-guide',
    route: { base: '/tests' },
    permission: 'settings',
    labels: { one: t('settings.guide.sample.one'), many: t('settings.guide.sample.many'), gender: 'm' },
    titleField: 'tradeName',
    fields: {
      tradeName: text(t('settings.guide.sample.fieldLabel'), { max: 80, help: t('settings.guide.sample.fieldHint') }),
      document: cnpj(t('settings.guide.sample.errorLabel')),
      amount: money(t('settings.guide.sample.amount')),
      dueDate: date(t('settings.guide.sample.dueDate')),
      kind: enumOf(t('settings.guide.sample.kind'), ['goods', 'services'], { goods: t('settings.guide.sample.kind.goods'), services: t('settings.guide.sample.kind.services') }),
      byEmail: boolean(t('settings.guide.sample.checkbox')),
    },
    list: { columns: [{ field: 'tradeName' }], defaultSort: 'tradeName', searchFields: ['tradeName'] },
    form: { sections: [{ key: 'general', title: t('settings.guide.components.fields'), fields: ['tradeName', 'document', 'amount', 'dueDate', 'kind', 'byEmail'] }] },
  });
}
