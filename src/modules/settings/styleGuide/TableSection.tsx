import type { Tone } from '../../../contracts/workflow';
import { formatDate } from '../../../core/format/dates';
import { formatMoney } from '../../../core/format/money';
import { t } from '../../../core/i18n';
import * as data from '../../../core/ui/data.css';
import { StatusBadge } from '../../../core/ui/StatusBadge';
import * as css from './styleGuide.css';

/** Sample rows (money in integer centavos, dates as ISO strings). */
const ROWS: { id: string; supplier: string; due: string; amount: number; tone: Tone }[] = [
  { id: '1', supplier: 'Papelaria Central Ltda', due: '2026-12-05', amount: 123_456, tone: 'info' },
  { id: '2', supplier: 'Transportes Rápidos S.A.', due: '2026-12-12', amount: 9_870_000, tone: 'success' },
  { id: '3', supplier: 'Limpeza & Cia ME', due: '2026-11-30', amount: 4_990, tone: 'danger' },
];

/**
 * /table: the list cells of the kit — a text cell, a date, money aligned right, a state badge —
 * in the table that turns into cards when narrow (`data.cards`), and the empty state.
 */
export function TableSection() {
  const head = (key: string) => t(`settings.guide.table.${key}`);
  return (
    <div className={css.examples}>
      <section className={css.example} aria-labelledby="guide-table">
        <h2 id="guide-table">{t('settings.guide.table.title')}</h2>
        <div className={data.tableWrap}>
          <table className={`${data.table} ${data.cards}`}>
            <caption className={data.muted}>{t('settings.guide.table.caption')}</caption>
            <thead>
              <tr>
                <th className={data.th} scope="col">{head('supplier')}</th>
                <th className={data.th} scope="col">{head('due')}</th>
                <th className={data.numericHead} scope="col">{head('amount')}</th>
                <th className={data.th} scope="col">{head('state')}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.id}>
                  <td className={data.td}>{row.supplier}</td>
                  <td className={data.td} data-label={head('due')}>{formatDate(row.due)}</td>
                  <td className={data.numericCell} data-label={head('amount')}>{formatMoney(row.amount)}</td>
                  <td className={data.td} data-label={head('state')}><StatusBadge tone={row.tone} label={t(`settings.guide.sample.tone.${row.tone}`)} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={css.example} aria-labelledby="guide-empty">
        <h2 id="guide-empty">{t('settings.guide.table.emptyTitle')}</h2>
        <div className={data.tableWrap}><p className={data.empty}>{t('settings.guide.table.empty')}</p></div>
      </section>
    </div>
  );
}
