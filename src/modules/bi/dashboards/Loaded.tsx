/** A painel's data through the query cache: the spinner while it loads, a pt-BR alert when it fails, else `children(data)`. */
import type { ReactNode } from 'react';
import { t } from '../../../core/i18n';
import { useQuery, type QueryKey } from '../../../core/resources/cache';
import { Spinner } from '../../../core/ui/Spinner';
import * as ui from '../../../core/ui/ui.css';

export function Loaded<T>({ query, fetch, children }: { query: QueryKey; fetch: (signal: AbortSignal) => Promise<T>; children: (data: T) => ReactNode }) {
  const { data, error } = useQuery(query, fetch);
  if (error && !data) return <p role="alert" className={ui.alert.error}>{t('bi.painel.error')}</p>;
  if (!data) return <Spinner />;
  return <>{children(data)}</>;
}
