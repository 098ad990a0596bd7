/** The ordens de compra list: the generic registry list with the way into the ordens waiting for the buyer. */
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { purchasingTexts } from './catalogue';

registerCatalogue(purchasingTexts);

export default function PurchaseOrderListPage(props: RegistryPageProps) {
  const { go } = useNavigation();
  return (
    <ListPage {...props}
      headerActions={<button type="button" className={ui.button.secondary} onClick={() => go('/ordens-de-compra/fila')}>{t('purchasing.queue.link')}</button>} />
  );
}
