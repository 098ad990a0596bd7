/** The cotações list: the generic registry list with the way into the queue of pedidos waiting for a cotação. */
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { quotesTexts } from './catalogue';

registerCatalogue(quotesTexts);

export default function QuoteListPage(props: RegistryPageProps) {
  const { go } = useNavigation();
  return (
    <ListPage {...props}
      headerActions={<button type="button" className={ui.button.secondary} onClick={() => go('/cotacoes/fila')}>{t('quotes.queue.link')}</button>} />
  );
}
