/** The year a painel shows, kept in the address (`?year=`): this year by default. */
import { useId } from 'react';
import { t } from '../../../core/i18n';
import { useNavigation, useQuery } from '../../../core/navigation';
import * as ui from '../../../core/ui/ui.css';
import { withPainelQuery } from './painelQuery';

const thisYear = () => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

export function useYear(): number {
  const year = Number(useQuery().get('year'));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : thisYear();
}

export function YearPicker({ year }: { year: number }) {
  const id = useId();
  const navigation = useNavigation();
  const query = useQuery();
  const years = Array.from({ length: 6 }, (_, i) => thisYear() + 1 - i);
  if (!years.includes(year)) years.push(year);
  return (
    <div className={ui.field} style={{ maxWidth: 160 }}>
      <label className={ui.label} htmlFor={id}>{t('bi.painel.year')}</label>
      <select id={id} className={ui.input} value={year} onChange={(event) => navigation.go(withPainelQuery(navigation.pathname, query, { year: event.target.value }), { replace: true })}>
        {years.map((y) => <option key={y} value={y}>{y}</option>)}
      </select>
    </div>
  );
}
