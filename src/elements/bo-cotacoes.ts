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
 * @attr {string} base-path - Path prefix of the page under which the element keeps its location (`/compras/cotacoes` → `/compras/cotacoes/12` is cotação 12); without it the element navigates in memory, starting at the list.
 * @fires bo-quote-concluded - A cotação was concluded; `detail` is `{id, number, purchaseOrderIds}` (the ordens de compra it created).
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

export const BoCotacoes = defineElement('bo-cotacoes', CotacoesElement, { basePath: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-cotacoes': HTMLElement & { basePath?: string };
  }
}
