/**
 * The pedido's create and edit views: the generic registry form, with the line's product filling
 * the line (description, unit, unit price) and, on `?carrinho=1`, the cart's lines as the start
 * values; the cart is emptied once the pedido exists.
 */
import { useMemo } from 'react';
import { useQuery as useSearchParams } from '../../core/navigation';
import { registerReferenceFill } from '../../core/resources/fills';
import FormPage from '../registry/FormPage';
import type { RegistryPageProps } from '../registry/spec';
import { cartValues, useCart } from './cart';

registerReferenceFill('orders.lines.productId', { description: 'name', unit: 'unit', unitPrice: 'price' });

export default function OrderFormPage(props: RegistryPageProps) {
  const search = useSearchParams();
  const cart = useCart();
  const fromCart = props.view === 'create' && search.get('carrinho') === '1';
  // The cart as it was when the form opened (later changes do not reset what is typed).
  const initial = useMemo(() => (fromCart && cart.lines.length ? cartValues(cart.lines) : undefined), [fromCart]); // eslint-disable-line react-hooks/exhaustive-deps
  return <FormPage {...props} initial={initial} onCreated={fromCart ? () => cart.clear() : undefined} />;
}
