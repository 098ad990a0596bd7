/**
 * The whole cotações area for any page: the queue of approved pedidos waiting for a cotação
 * ("Iniciar cotação" on a selection), the cotações with their lines and pedidos de origem, the
 * solicitações to each supplier with the orçamento typed in by the buyer, the análise side by
 * side per item with the award per line (split between suppliers) and "Concluir e gerar ordens
 * de compra". Routes: /cotacoes/**. Shares the session with every other Retaguarda element on the
 * page and loads only its own chunk.
 *
 * @tag bo-cotacoes
 * @summary Cotações: fila de pedidos aprovados, solicitações, orçamentos e análise com adjudicação por item.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page, so a reload or a bookmark opens it again (`route-param="cotacoes"` → `?cotacoes=/cotacoes/12` is cotação 12). The element writes only that parameter (replaceState) and removes it on its home; the page's path, its other parameters and its hash are never changed. Without it the element navigates in memory and starts at the list on every load.
 * @fires bo-quote-concluded - A cotação was concluded; `detail` is `{id, number, purchaseOrderIds}` (the ordens de compra it created).
 * @fires bo-forbidden - The signed-in user may not open this area (no scope on its modules): the element shows nothing but its `forbidden` slot; `detail.resources` names the modules' permission resources.
 * @slot forbidden - What the element shows instead of the area to a user who may not open it (nothing by default).
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path (`/cotacoes/…`).
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @csspart table - Every list table (it scrolls inside its own box).
 * @csspart actions - The workflow buttons of a cotação.
 * @csspart history - The "Histórico" timeline of a cotação.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, inputs and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards.
 */
import { defineElement } from '../core/elements/define';
import { CotacoesElement } from '../modules/quotes/CotacoesElement';

export const BoCotacoes = defineElement('bo-cotacoes', CotacoesElement, { routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-cotacoes': HTMLElement & { routeParam?: string };
  }
}
