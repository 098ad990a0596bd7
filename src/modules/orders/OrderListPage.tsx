/** The pedidos list: the generic registry list with a way into the catalogue in its header. */
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import type { RegistryPageProps } from '../registry/spec';
import { useCart } from './cart';

export default function OrderListPage(props: RegistryPageProps) {
  const { go } = useNavigation();
  const cart = useCart();
  return (
    <ListPage
      {...props}
      headerActions={
        <button type="button" className={ui.button.secondary} onClick={() => go('/pedidos/catalogo')}>
          {cart.count ? `${t('orders.catalogue')} · ${t('orders.cart.count', { count: cart.count })}` : t('orders.catalogue')}
        </button>
      }
    />
  );
}
