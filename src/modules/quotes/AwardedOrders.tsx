/** The ordens de compra a concluded cotação made, as links (number and supplier). */
import { t } from '../../core/i18n';
import { Link } from '../../core/ui/Link';
import * as ui from '../../core/ui/ui.css';
import { usePurchaseOrders } from './api';

export function AwardedOrders({ awards }: { awards: readonly { purchaseOrderId?: string | null }[] }) {
  const ids = [...new Set(awards.map((award) => award.purchaseOrderId).filter((id): id is string => Boolean(id)))];
  const orders = usePurchaseOrders(ids);
  if (!ids.length) return null;
  return (
    <section className={ui.stack} aria-labelledby="quote-awards">
      <h2 id="quote-awards" style={{ margin: 0, fontSize: 18 }}>{t('quotes.awards.title')}</h2>
      <ul style={{ margin: 0 }}>
        {(orders.data ?? []).map((order) => (
          <li key={order.id}>
            <Link href={`/ordens-de-compra/${encodeURIComponent(order.id)}`}>{t('quotes.awards.order', { number: String(order.number) })}</Link>
            {' — '}{order._refs?.supplierId?.[0]?.label ?? ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
