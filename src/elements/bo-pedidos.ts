/**
 * The whole pedidos area for any page: the list ("Meus pedidos / Todos"), a pedido with its
 * workflow actions, history, printable request and approval flows, the form with line items
 * and the live total, the product catalogue and the cart. Shares the session with every other
 * Retaguarda element on the page (signing in through `<bo-login>` signs it in) and loads only
 * its own chunk.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-pedidos
 * @summary Pedidos de compra: lista, detalhe, formulário, catálogo e carrinho.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page, so a reload or a bookmark opens it again (`route-param="pedidos"` → `?pedidos=/pedidos/123` is pedido 123). The element writes only that parameter (replaceState, no new history entry) and removes it on its home; the page's path, its other parameters and its hash are never changed. Without it the element navigates in memory and starts at the list on every load.
 * @fires bo-order-created - A pedido was created; `detail` is `{id, number, title}`.
 * @fires bo-order-submitted - A pedido was sent for approval; `detail` is `{id, number, status}` (`approved` when no queue applied).
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path (`/pedidos/…`).
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @fires bo-forbidden - The signed-in user may not open this area (no scope on its modules): the element shows nothing but its `forbidden` slot; `detail.resources` names the modules' permission resources.
 * @slot forbidden - What the element shows instead of the area to a user who may not open it (nothing by default).
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @csspart table - Every list table (it scrolls inside its own box).
 * @csspart actions - The workflow buttons of a pedido.
 * @csspart history - The "Histórico" timeline of a pedido.
 * @csspart cart - The cart beside the catalogue.
 * @csspart departments - The department tree of the catalogue.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, inputs and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards.
 */
import { defineElement } from '../core/elements/define';
import { PedidosElement } from '../modules/orders/PedidosElement';

export const BoPedidos = defineElement('bo-pedidos', PedidosElement, { routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-pedidos': HTMLElement & { routeParam?: string };
  }
}
