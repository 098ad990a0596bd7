/**
 * A line with no parcela behind it (a bank fee, an unannounced receipt): "Criar lançamento quitado"
 * — the fornecedor (debit) or cliente (credit), the category and the cost centre; the server
 * creates the lançamento through its own service, settled by the line, and reconciles it
 * (server/finance/reconciliationEntries.ts), or says why not (an approval queue applies). A saved
 * rule whose text the line's memo contains (regras de conciliação) fills what it names first.
 */
import { useId, useState } from 'react';
import type { CreateSettledInput, RuleSuggestion, StatementLine } from '../../contracts/bankStatements';
import { CATALOGUE } from '../../core/catalogue';
import { t } from '../../core/i18n';
import ReferenceSelect from '../../core/ui/ReferenceSelect';
import * as ui from '../../core/ui/ui.css';

type Field = 'partyId' | 'categoryId' | 'costCenterId';

export function CreateSettledFromLine({ line, rule, busy, onCreate }: { line: StatementLine; rule?: RuleSuggestion; busy: boolean; onCreate: (input: CreateSettledInput) => Promise<void> }) {
  const id = useId();
  const debit = line.amount < 0;
  const known: Record<Field, { id: string; label: string }[]> = {
    partyId: rule?.party ? [rule.party] : [],
    categoryId: rule ? [rule.category] : [],
    costCenterId: rule?.costCenter ? [rule.costCenter] : [],
  };
  const [values, setValues] = useState<Record<Field, string[]>>(() => ({
    partyId: known.partyId.map((o) => o.id),
    categoryId: known.categoryId.map((o) => o.id),
    costCenterId: known.costCenterId.map((o) => o.id),
  }));
  const [description, setDescription] = useState(line.memo ?? line.name ?? '');
  const [missing, setMissing] = useState<Set<Field>>(new Set());
  const targets: Record<Field, { label: string; target: (typeof CATALOGUE)[keyof typeof CATALOGUE] }> = {
    partyId: debit ? { label: t('reconciliation.create.supplier'), target: CATALOGUE.suppliers } : { label: t('reconciliation.create.customer'), target: CATALOGUE.customers },
    categoryId: debit ? { label: t('reconciliation.create.expenseCategory'), target: CATALOGUE.expenseCategories } : { label: t('reconciliation.create.revenueCategory'), target: CATALOGUE.revenueCategories },
    costCenterId: { label: t('reconciliation.create.costCenter'), target: CATALOGUE.costCenters },
  };
  const submit = () => {
    const empty = new Set((Object.keys(values) as Field[]).filter((field) => !values[field][0]));
    setMissing(empty);
    if (empty.size) return;
    void onCreate({ partyId: values.partyId[0], categoryId: values.categoryId[0], costCenterId: values.costCenterId[0], description: description.trim() || null });
  };
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>{t('reconciliation.create.open')}{rule && ` — ${t('reconciliation.create.rule', { pattern: rule.pattern })}`}</summary>
      <div className={ui.stack} style={{ gap: '8px', marginTop: '4px' }}>
        <span className={ui.hint}>{t(debit ? 'reconciliation.create.helpPayable' : 'reconciliation.create.helpReceivable')}</span>
        {(Object.keys(targets) as Field[]).map((field) => (
          <div key={field} className={ui.field} data-field={field}>
            <label className={ui.label} htmlFor={`${id}-${field}`}>{targets[field].label}</label>
            <ReferenceSelect id={`${id}-${field}`} label={targets[field].label} target={targets[field].target} params={{}} value={values[field]} known={known[field]} activeOnly onChange={(ids) => {
                setValues({ ...values, [field]: ids });
                setMissing(new Set([...missing].filter((other) => other !== field)));
              }}
              invalid={missing.has(field)} describedBy={missing.has(field) ? `${id}-${field}-error` : undefined} />
            {missing.has(field) && <ul id={`${id}-${field}-error`} className={ui.fieldError}><li>{t(`reconciliation.create.missing.${field}`)}</li></ul>}
          </div>
        ))}
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-description`}>{t('reconciliation.create.description')}</label>
          <input id={`${id}-description`} className={ui.input} value={description} maxLength={240} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div><button type="button" className={ui.button.secondary} disabled={busy} onClick={submit}>{t('reconciliation.create.send')}</button></div>
      </div>
    </details>
  );
}
