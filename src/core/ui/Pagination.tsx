import type { Pagination as Pages } from '../api';
import { t } from '../i18n';
import * as ui from './ui.css';
import * as css from './data.css';

/** First / previous / next / last from the `Link` header (spec §3), in a labelled nav. */
export function Pagination({ pagination, onPage }: { pagination: Pages; onPage: (page: number) => void }) {
  const { firstPage, prevPage, nextPage, lastPage, currentPage } = pagination;
  if (prevPage === null && nextPage === null && (lastPage === null || lastPage <= firstPage)) return null;
  const button = (key: string, page: number | null, symbol: string, disabled = page === null) => (
    <button type="button" className={ui.button.secondary} aria-label={t(`registry.pagination.${key}`)} disabled={disabled} onClick={() => page !== null && onPage(page)}>
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <nav aria-label={t('registry.pagination.label')} className={css.pagination}>
      {button('first', firstPage, '«', currentPage <= firstPage)}
      {button('prev', prevPage, '‹')}
      <span aria-current="page">
        {lastPage !== null ? t('registry.pagination.current', { page: currentPage, last: lastPage }) : t('registry.pagination.currentOnly', { page: currentPage })}
      </span>
      {button('next', nextPage, '›')}
      {button('last', lastPage, '»', lastPage === null || currentPage >= lastPage)}
    </nav>
  );
}
