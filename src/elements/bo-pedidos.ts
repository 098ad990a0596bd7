/**
 * The whole pedidos area for any page: the list ("Meus pedidos / Todos"), a pedido with its
 * workflow actions, history, printable request and approval flows, the form with line items
 * and the live total, the product catalogue and the cart. Shares the session with every other
 * Retaguarda element on the page (signing in through `<bo-login>` signs it in) and loads only
 * its own chunk.
 *
 * @tag bo-pedidos
 * @summary Pedidos de compra: lista, detalhe, formulário, catálogo e carrinho.
 * @attr {string} base-path - Path prefix of the page under which the element keeps its location (`/compras` → `/compras/123` is pedido 123, `/compras/catalogo` the catalogue); without it the element navigates in memory, starting at the list.
 * @fires bo-order-created - A pedido was created; `detail` is `{id, number, title}`.
 * @fires bo-order-submitted - A pedido was sent for approval; `detail` is `{id, number, status}` (`approved` when no queue applied).
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path (`/pedidos/…`).
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
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

export const BoPedidos = defineElement('bo-pedidos', PedidosElement, { basePath: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-pedidos': HTMLElement & { basePath?: string };
  }
}
