/**
 * /contas-financeiras/{bankAccountId}/saldo: "saldo em <data>" of one account — realised (opening
 * balance + baixas up to the date) and projected (+ the open parcelas due up to it), from
 * GET bank-accounts/{id}/balance (server/finance/balanceRoutes.ts).
 */
import { DateInput } from '../../core/ui/DateInput';
import { saoPauloToday } from '../../contracts/today';
import { useEffect, useId, useState } from 'react';
import { request } from '../../core/api';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { balanceTexts } from './remittanceCatalogue';

registerCatalogue(balanceTexts);

interface Balance { on: string; balance: number; projected: number; toPay: number; toReceive: number }


export default function AccountBalancePage({ record }: SubPageProps) {
  const id = useId();
  const [on, setOn] = useState(() => saoPauloToday());
  const [balance, setBalance] = useState<Balance | null>(null);

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) return;
    let live = true;
    void request<Balance>('finance', `bank-accounts/${encodeURIComponent(record.id)}/balance`, { query: { on } }).then((answer) => {
      if (live) setBalance(answer);
    });
    return () => {
      live = false;
    };
  }, [on, record.id]);

  const rows: [string, number | undefined, string?][] = [
    ['balances.realised', balance?.balance, 'balances.realisedHelp'],
    ['balances.toReceive', balance?.toReceive],
    ['balances.toPay', balance ? -balance.toPay : undefined],
    ['balances.projected', balance?.projected, 'balances.projectedHelp'],
  ];
  return (
    <section className={ui.stack} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ margin: 0 }}>{t('balances.title', { date: formatDate(on) })}</h2>
      <div className={ui.field} style={{ maxWidth: '224px' }}>
        <label className={ui.label} htmlFor={`${id}-on`}>{t('balances.date')}</label>
        <DateInput id={`${id}-on`} value={on} onChange={(date) => date && setOn(date)} />
      </div>
      {!balance ? <Spinner /> : (
        <dl className={css.dl} aria-live="polite">
          {rows.map(([label, value, help]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt className={css.dt}>{t(label)}</dt>
              <dd className={css.dd}>
                <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value ?? 0)}</strong>
                {help && <><br /><span className={ui.hint}>{t(help)}</span></>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
