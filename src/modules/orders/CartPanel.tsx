/** The cart beside the catalogue: quantities, free-text items, the estimated total, and "criar pedido". */
import { useId, useState, type FormEvent } from 'react';
import { lineAmount, sumAmounts } from '../../contracts/money';
import { formatMoney, parseMoney } from '../../core/format/money';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useCart } from './cart';
import * as css from './orders.css';

/** The cart's section, where the catalogue's cart bar leads. */
export const CART_ID = 'carrinho';

/**
 * While the cart holds something: a bar stuck to the bottom of the catalogue with its count and
 * total, whose button brings the cart (below every product) into view — on a phone the cart is
 * thousands of pixels down.
 */
export function CartBar() {
  const cart = useCart();
  if (!cart.lines.length) return null;
  const total = sumAmounts(cart.lines.map((line) => lineAmount(line.quantity, line.unitPrice)));
  const open = (event: { currentTarget: HTMLElement }) => {
    const panel = (event.currentTarget.getRootNode() as Document | ShadowRoot).getElementById(CART_ID);
    panel?.scrollIntoView({ block: 'start' });
    panel?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <div className={css.cartBar} role="region" aria-label={t('orders.cart.bar')}>
      <span aria-live="polite">{t('orders.cart.barSummary', { count: cart.count, total: formatMoney(total) })}</span>
      <button type="button" className={ui.button.primary} onClick={open}>{t('orders.cart.open')}</button>
    </div>
  );
}

export function CartPanel() {
  const cart = useCart();
  const { go } = useNavigation();
  const titleId = useId();
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const total = sumAmounts(cart.lines.map((line) => lineAmount(line.quantity, line.unitPrice)));

  const addFree = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setError(t('orders.cart.freeRequired'));
      return;
    }
    setError(null);
    cart.add({ key: `free-${Date.now().toString(36)}`, productId: null, description: description.trim(), unit: 'UN', unitPrice: parseMoney(price) ?? 0, quantity: 1 });
    setDescription('');
    setPrice('');
  };

  return (
    <section className={ui.card} aria-labelledby={titleId} part="cart" id={CART_ID}>
      <div className={ui.stack} style={{ gap: 8 }}>
        <h2 id={titleId} tabIndex={-1} style={{ margin: 0 }}>{t('orders.cart.count', { count: cart.count })}</h2>
        {cart.lines.length === 0 ? (
          <p className={data.muted}>{t('orders.cart.empty')}</p>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {cart.lines.map((line) => (
              <li key={line.key} className={css.cartLine}>
                <span>
                  {line.description}
                  <br />
                  <span className={data.muted}>{t('orders.cart.line', { quantity: line.quantity, price: formatMoney(line.unitPrice) })}</span>
                </span>
                <input type="number" min={1} step={1} className={`${ui.input} ${css.qty}`} value={line.quantity} aria-label={t('orders.cart.quantity', { name: line.description })}
                  onChange={(event) => {
                    const quantity = Math.max(1, Math.floor(Number(event.target.value) || 1));
                    cart.set(cart.lines.map((l) => (l.key === line.key ? { ...l, quantity } : l)));
                  }} />
                <button type="button" className={ui.button.link} aria-label={t('orders.cart.remove', { name: line.description })}
                  onClick={() => cart.set(cart.lines.filter((l) => l.key !== line.key))}>✕</button>
              </li>
            ))}
          </ul>
        )}
        <p className={data.totalLine}><span>{t('orders.cart.total')}:</span><span>{formatMoney(total)}</span></p>
        <form className={ui.stack} style={{ gap: 8 }} onSubmit={addFree} noValidate aria-label={t('orders.cart.free')}>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={`${titleId}-free`}>{t('orders.cart.freeDescription')}</label>
            <input id={`${titleId}-free`} className={ui.input} value={description} onChange={(event) => setDescription(event.target.value)}
              aria-invalid={error ? true : undefined} aria-describedby={error ? `${titleId}-free-error` : undefined} />
            {error && <ul id={`${titleId}-free-error`} className={ui.fieldError}><li>{error}</li></ul>}
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor={`${titleId}-price`}>{t('orders.cart.freePrice')}</label>
            <input id={`${titleId}-price`} className={ui.input} inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
          </div>
          <div><button type="submit" className={ui.button.secondary}>{t('orders.cart.freeAdd')}</button></div>
        </form>
        {cart.lines.length > 0 && (
          <div className={ui.row}>
            <button type="button" className={ui.button.primary} onClick={() => go('/pedidos/adicionar?carrinho=1')}>{t('orders.cart.checkout')}</button>
            <button type="button" className={ui.button.secondary} onClick={cart.clear}>{t('orders.cart.clear')}</button>
          </div>
        )}
      </div>
    </section>
  );
}
