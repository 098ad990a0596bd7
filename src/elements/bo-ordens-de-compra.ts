/**
 * The whole ordens de compra area for any page, entregas included: the ordens (from a cotação's
 * award or typed in) with their workflow (aprovação, envio ao fornecedor, cancelamento), the
 * printable ordem whose number suppliers put on their NF-e (`xPed`), what each line received and
 * rejected, the queue of ordens waiting for the buyer, and the entregas registered against an
 * ordem with its lines prefilled. Routes: /ordens-de-compra/**, /receipts/**. Shares the session
 * with every other Retaguarda element on the page and loads only its own chunk.
 *
 * @tag bo-ordens-de-compra
 * @summary Ordens de compra e entregas: fila, ordem imprimível, envio ao fornecedor e recebimento parcial.
 * @attr {string} base-path - Path prefix of the page under which the element keeps its location (`/compras/ordens` → `/compras/ordens/7` is ordem 7); without it the element navigates in memory, starting at the list.
 * @fires bo-receipt-created - An entrega was registered; `detail` is `{id, number, purchaseOrderId}`.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path (`/ordens-de-compra/…`, `/receipts/…`).
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @csspart table - Every list table (it scrolls inside its own box).
 * @csspart actions - The workflow buttons of an ordem.
 * @csspart history - The "Histórico" timeline of an ordem.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, inputs and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards.
 */
import { defineElement } from '../core/elements/define';
import { OrdensDeCompraElement } from '../modules/purchasing/OrdensDeCompraElement';

export const BoOrdensDeCompra = defineElement('bo-ordens-de-compra', OrdensDeCompraElement, { basePath: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-ordens-de-compra': HTMLElement & { basePath?: string };
  }
}
