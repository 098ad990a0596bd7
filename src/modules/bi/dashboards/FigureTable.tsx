/**
 * The numbers of a chart as a table (the chart's accessible form): one row per series, one column
 * per category, every number a link to the report or list behind it (its drill-down).
 */
import { formatMoney } from '../../../core/format/money';
import { t } from '../../../core/i18n';
import { Link } from '../../../core/ui/Link';
import { visuallyHidden } from '../../../core/styles/base.css';
import * as data from '../../../core/ui/data.css';
import * as css from './chart.css';

export interface TableRow {
  label: string;
  values: readonly (number | null)[];
  /** Where column `i`'s number drills to (none: plain text). */
  href?: (i: number) => string | undefined;
}

export function FigureTable({ title, head, columns, rows }: { title: string; head: string; columns: readonly { label: string; future?: boolean }[]; rows: readonly TableRow[] }) {
  return (
    <div className={css.scroller} tabIndex={0} role="region" aria-label={t('bi.painel.tableOf', { title })}>
      <table className={data.table}>
        <caption className={visuallyHidden}>{t('bi.painel.tableOf', { title })}</caption>
        <thead>
          <tr>
            <th scope="col" className={data.th}>{head}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={data.numericHead}>{column.label}{column.future && <span className={data.muted}> ({t('bi.painel.future')})</span>}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={data.td} style={{ textAlign: 'left', fontWeight: 500 }}>{row.label}</th>
              {row.values.map((value, i) => {
                const href = value === null ? undefined : row.href?.(i);
                const text = value === null ? '—' : formatMoney(value);
                return (
                  <td key={columns[i]?.label ?? i} className={data.numericCell}>
                    {href ? (
                      <Link href={href} className={css.cellLink}>
                        <span aria-label={t('bi.painel.cellLink', { series: row.label, column: columns[i].label, value: text })}>{text}</span>
                      </Link>
                    ) : text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
