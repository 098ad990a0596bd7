/**
 * /cotacoes/fila: approved pedidos waiting for a cotação (the pedidos' list with a fixed filter);
 * a selection of them → "Iniciar cotação" (`POST quotes/from-orders`) → the new cotação.
 */
import { useState } from 'react';
import { quoteFromOrdersEndpoint } from '../../contracts/quoting';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { notify } from '../../core/notices';
import { callEndpoint } from '../../core/resources/endpoint';
import { invalidate } from '../../core/resources/cache';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { quotesTexts } from './catalogue';

registerCatalogue(quotesTexts);

export default function QuoteQueuePage(props: RegistryPageProps) {
  const { go } = useNavigation();
  const [busy, setBusy] = useState(false);
  const start = async (orderIds: string[]) => {
    setBusy(true);
    try {
      const opened = await callEndpoint(quoteFromOrdersEndpoint, { body: { orderIds } });
      void invalidate(['orders']);
      void invalidate(['quotes']);
      notify({ type: 'success', message: t('quotes.queue.started', { number: String(opened.number) }) });
      go(`/cotacoes/${encodeURIComponent(opened.id)}`);
    } catch {
      // the HTTP notice already explains it (a pedido no longer approved: 409)
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={ui.stack}>
      <p className={ui.hint} style={{ margin: 0 }}>{t('quotes.queue.hint')}</p>
      <ListPage
        {...props}
        selectionActions={(selected: ReadonlySet<string>) => (
          <button type="button" className={ui.button.primary} disabled={busy} onClick={() => void start([...selected])}>
            {t('quotes.queue.start')}
          </button>
        )}
      />
    </div>
  );
}
