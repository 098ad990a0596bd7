/**
 * The date basis a painel reads (`?basis=`, the reports' own filter and labels): competência by
 * default — as before the switch existed, so a painel's address without it shows what it always did
 * (and its drill links carry no basis). Only the painéis whose numbers have a basis show it
 * (painels.ts `basis`): the DRE ones and the DRE by cost centre; the treasury's and the DFC's
 * figures are by due date and by baixa by their nature.
 */
import { useId } from 'react';
import { BASES, BASIS_LABELS, type Basis } from '../../../contracts/reports';
import { t } from '../../../core/i18n';
import { useNavigation, useQuery } from '../../../core/navigation';
import * as ui from '../../../core/ui/ui.css';
import { withPainelQuery } from './painelQuery';

export const DEFAULT_BASIS: Basis = 'competence';

export function useBasis(): Basis {
  const basis = useQuery().get('basis');
  return (BASES as readonly string[]).includes(basis ?? '') ? (basis as Basis) : DEFAULT_BASIS;
}

/** The basis as a query value for the links: absent for the default. */
export const basisParam = (basis: Basis) => (basis === DEFAULT_BASIS ? undefined : basis);

export function BasisPicker({ basis }: { basis: Basis }) {
  const id = useId();
  const navigation = useNavigation();
  const query = useQuery();
  return (
    <div className={ui.field} style={{ maxWidth: 200 }}>
      <label className={ui.label} htmlFor={id}>{t('bi.painel.basis')}</label>
      <select id={id} className={ui.input} value={basis} onChange={(event) => navigation.go(withPainelQuery(navigation.pathname, query, { basis: basisParam(event.target.value as Basis) }), { replace: true })}>
        {BASES.map((b) => <option key={b} value={b}>{BASIS_LABELS[b]}</option>)}
      </select>
    </div>
  );
}
