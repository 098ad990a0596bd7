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
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page, so a reload or a bookmark opens it again (`route-param="ordens"` → `?ordens=/ordens-de-compra/7` is ordem 7). The element writes only that parameter (replaceState) and removes it on its home; the page's path, its other parameters and its hash are never changed. Without it the element navigates in memory and starts at the list on every load.
 * @fires bo-receipt-created - An entrega was registered; `detail` is `{id, number, purchaseOrderId}`.
 * @fires bo-forbidden - The signed-in user may not open this area (no scope on its modules): the element shows nothing but its `forbidden` slot; `detail.resources` names the modules' permission resources.
 * @slot forbidden - What the element shows instead of the area to a user who may not open it (nothing by default).
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

export const BoOrdensDeCompra = defineElement('bo-ordens-de-compra', OrdensDeCompraElement, { routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-ordens-de-compra': HTMLElement & { routeParam?: string };
  }
}
