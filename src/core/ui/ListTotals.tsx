/**
 * The list's totals footer (`list.totals` of a declaration): "N registros · Valor R$ … · Saldo em
 * aberto R$ …" over every filtered row, and, when asked, the same per group (per due date, per
 * bank account: the payment queue's "how much leaves on each day, from each account").
 */
import type { AnyResource, TotalsResult } from '../../contracts/resource';
import { formatDate } from '../format/dates';
import { formatInteger, formatMoney } from '../format/money';
import { t } from '../i18n';
import type { RefLabel } from '../../contracts/resource';
import * as css from './data.css';

export interface ListTotalsProps {
  resource: AnyResource;
  totals: TotalsResult;
  /** Show the declaration's `groupBy` breakdowns too. */
  groups?: boolean;
  /** Labels of referenced records by id (the bank accounts of the groups). */
  refLabel?: (field: string, id: string) => string | undefined;
}

const fieldLabel = (resource: AnyResource, field: string) => resource.fields[field]?.label ?? field;

function Sums({ resource, sums }: { resource: AnyResource; sums: Record<string, number> }) {
  return (
    <>
      {(resource.list?.totals?.sum ?? []).map((field) => (
        <span key={field} className={css.totalsItem}>
          {fieldLabel(resource, field)} <strong className={css.money}>{formatMoney(sums[field] ?? 0)}</strong>
        </span>
      ))}
    </>
  );
}

const countText = (count: number) => (count === 1 ? t('registry.totals.one') : t('registry.totals.count', { count: formatInteger(count) }));

export function ListTotals({ resource, totals, groups, refLabel }: ListTotalsProps) {
  const groupBy = groups ? (resource.list?.totals?.groupBy ?? []) : [];
  return (
    <div className={css.totals} part="totals">
      <p className={css.totalsLine} data-totals="all">
        <span className={css.totalsItem}>{countText(totals.count)}</span>
        <Sums resource={resource} sums={totals.sums} />
      </p>
      {groupBy.map((field) => {
        const rows = totals.groups[field] ?? [];
        if (!rows.length) return null;
        const type = resource.fields[field]?.type;
        const label = (key: string | null) =>
          key === null ? t('registry.totals.none') : type === 'date' ? formatDate(key) : (refLabel?.(field, key) ?? key);
        return (
          <div key={field} className={css.totalsWrap} tabIndex={0} role="region" aria-label={t('registry.totals.by', { field: fieldLabel(resource, field) })}>
          <table className={css.totalsTable} data-totals={field}>
            <caption className={css.totalsCaption}>{t('registry.totals.by', { field: fieldLabel(resource, field) })}</caption>
            <thead>
              <tr>
                <th scope="col" className={css.th}>{fieldLabel(resource, field)}</th>
                <th scope="col" className={`${css.th} ${css.money}`}>{t('registry.totals.records')}</th>
                {(resource.list?.totals?.sum ?? []).map((sum) => <th key={sum} scope="col" className={`${css.th} ${css.money}`}>{fieldLabel(resource, sum)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key ?? ''}>
                  <td className={css.td}>{label(row.key)}</td>
                  <td className={`${css.td} ${css.money}`}>{formatInteger(row.count)}</td>
                  {(resource.list?.totals?.sum ?? []).map((sum) => <td key={sum} className={`${css.td} ${css.money}`}>{formatMoney(row.sums[sum] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        );
      })}
    </div>
  );
}

export type { RefLabel };
