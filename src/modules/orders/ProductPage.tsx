/** /pedidos/produto/{productId*}: a product's media, price and "Adicionar ao carrinho" (the last segment is the id). */
import { useId, useState } from 'react';
import { formatMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { Alert } from '../../core/ui/Alert';
import { Spinner } from '../../core/ui/Spinner';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { NavLink } from '../registry/PageHeader';
import { useCart } from './cart';
import { CartPanel } from './CartPanel';
import { useProduct } from './catalogueApi';
import * as css from './orders.css';
import { ProductImage, type MediaItem } from './ProductImage';

export default function ProductPage({ productId }: { productId?: string }) {
  const id = productId?.split('/').filter(Boolean).pop();
  const product = useProduct(id);
  const cart = useCart();
  const [quantity, setQuantity] = useState(1);
  const [shown, setShown] = useState(0);
  const titleId = useId();
  if (product.loading && !product.data) return <Spinner />;
  if (product.error || !product.data) return <Alert>{t('orders.product.notFound')}</Alert>;
  const record = product.data;
  const name = String(record.name);
  const media = (Array.isArray(record.media) ? (record.media as MediaItem[]) : []).slice().sort((a, b) => Number(Boolean(b.isCover)) - Number(Boolean(a.isCover)));
  const current = media[shown] ?? media[0];
  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <NavLink href="/pedidos/catalogo" className={data.muted}>← {t('orders.product.back')}</NavLink>
      <div className={ui.card}>
        <div className={css.productLayout}>
          <div className={ui.stack} style={{ gap: 8 }}>
            <ProductImage fileId={current?.fileId} alt={current?.caption || t('orders.product.image', { name })} className={css.bigImage} />
            {media.length > 1 && (
              <ul className={css.thumbs}>
                {media.map((item, index) => (
                  <li key={item.fileId}>
                    <button type="button" className={ui.button.link} aria-pressed={index === shown} onClick={() => setShown(index)} aria-label={item.caption || t('orders.product.image', { name })}>
                      <ProductImage fileId={item.fileId} alt="" className={css.thumb} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={ui.stack}>
            <h1 id={titleId} style={{ margin: 0 }}>{name}</h1>
            <dl className={data.dl}>
              <dt className={data.dt}>{t('orders.product.price')}</dt><dd className={data.dd}><span className={css.price}>{formatMoney(Number(record.price ?? 0))}</span></dd>
              <dt className={data.dt}>{t('orders.product.unit')}</dt><dd className={data.dd}>{String(record.unit ?? '')}</dd>
              <dt className={data.dt}>{t('orders.product.sku')}</dt><dd className={data.dd}>{String(record.sku ?? '')}</dd>
            </dl>
            {typeof record.description === 'string' && record.description && <p>{record.description}</p>}
            <div className={css.searchForm}>
              <div className={ui.field}>
                <label className={ui.label} htmlFor={`${titleId}-qty`}>{t('orders.product.quantity')}</label>
                <input id={`${titleId}-qty`} type="number" min={1} step={1} className={`${ui.input} ${css.qty}`} value={quantity} onChange={(event) => setQuantity(Math.max(1, Math.floor(Number(event.target.value) || 1)))} />
              </div>
              <button type="button" className={ui.button.primary} onClick={() => {
                cart.add({ key: record.id, productId: record.id, description: name, unit: String(record.unit ?? 'UN'), unitPrice: Number(record.price ?? 0), quantity });
                notify({ type: 'success', message: t('orders.product.added', { name }) });
              }}>{t('orders.product.add')}</button>
            </div>
          </div>
        </div>
      </div>
      <CartPanel />
    </section>
  );
}
