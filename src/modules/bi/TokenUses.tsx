/**
 * "Últimos usos" on /bi/tokens-de-conta/{id}: the token's uses, newest first, paged
 * (`GET account-tokens/{id}/uses`, contracts/tokenUses.ts) — when, report, format, outcome (granted,
 * or why it was refused), address. A BI tool pulling on schedule shows here; so does somebody
 * trying a revoked or expired token.
 */
import { useId, useState } from 'react';
import { TOKEN_REPORT_LABELS } from '../../contracts/resources/accountTokens';
import { TOKEN_USE_FORMAT_LABELS, TOKEN_USE_OUTCOME_LABELS, TOKEN_USES_PER_PAGE, tokenUsesPath, type TokenUse } from '../../contracts/tokenUses';
import { requestPage } from '../../core/api';
import { formatDateTime } from '../../core/format/dates';
import { t } from '../../core/i18n';
import { useQuery } from '../../core/resources/cache';
import { Alert } from '../../core/ui/Alert';
import { Pagination } from '../../core/ui/Pagination';
import { Spinner } from '../../core/ui/Spinner';
import { visuallyHidden } from '../../core/styles/base.css';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';

export function TokenUses({ id }: { id: string }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useQuery(['accountTokens', 'uses', id, String(page)], (signal) =>
    requestPage<TokenUse>('financeReporting', tokenUsesPath(id), { page, perPage: TOKEN_USES_PER_PAGE, signal, silent: true }),
  );
  const uses = query.data?.items ?? [];
  const total = query.data?.total;
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby={titleId}>
      <h2 id={titleId} style={{ margin: 0 }}>{t('bi.tokens.uses.title')}</h2>
      {query.loading && !query.data ? (
        <Spinner />
      ) : query.error && !query.data ? (
        <Alert>{t('bi.tokens.uses.error')}</Alert>
      ) : uses.length === 0 ? (
        <p className={css.muted}>{t('bi.tokens.uses.none')}</p>
      ) : (
        <>
          <p className={css.muted} style={{ margin: 0 }}>
            {total !== null && total !== undefined && `${t(total === 1 ? 'bi.tokens.uses.countOne' : 'bi.tokens.uses.count', { count: String(total) })} `}
            {t('bi.tokens.uses.caption')}
          </p>
          <div className={css.tableWrap} tabIndex={0} role="region" aria-label={t('bi.tokens.uses.table')}>
            <table className={css.table}>
              <caption className={visuallyHidden}>{t('bi.tokens.uses.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={css.th}>{t('bi.tokens.uses.at')}</th>
                  <th scope="col" className={css.th}>{t('bi.tokens.uses.report')}</th>
                  <th scope="col" className={css.th}>{t('bi.tokens.uses.format')}</th>
                  <th scope="col" className={css.th}>{t('bi.tokens.uses.outcome')}</th>
                  <th scope="col" className={css.th}>{t('bi.tokens.uses.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {uses.map((use) => (
                  <tr key={use.id}>
                    <td className={css.td}><time dateTime={use.at}>{formatDateTime(use.at)}</time></td>
                    <td className={css.td}>{TOKEN_REPORT_LABELS[use.report as keyof typeof TOKEN_REPORT_LABELS] ?? use.report}</td>
                    <td className={css.td}>{TOKEN_USE_FORMAT_LABELS[use.format]}</td>
                    <td className={css.td}>{TOKEN_USE_OUTCOME_LABELS[use.outcome] ?? use.outcome}</td>
                    <td className={css.td}>{use.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.data && <Pagination pagination={query.data.pagination} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
