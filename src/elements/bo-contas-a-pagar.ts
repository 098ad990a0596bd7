/**
 * The whole contas a pagar area for any page: the lançamentos (form with parcelas generated from the payment condition, boleto reading and rateio), the parcelas, the requester's queue (atesto) and the payment queue (authorisation in bulk, baixa, estorno), with the totals of every list. Routes: /contas-a-pagar/**, /fila-do-solicitante/**, /fila-de-pagamentos/**. Shares the session with every other Retaguarda element on the page and loads only its
 * own chunk.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-contas-a-pagar
 * @summary Contas a pagar: lançamentos, parcelas, fila do solicitante e fila de pagamentos.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page, so a reload or a bookmark opens it again (`route-param="contas"` → `?contas=/contas-a-pagar/lancamentos/12` is lançamento 12). The element writes only that parameter (replaceState, no new history entry) and removes it on its home; the page's path, its other parameters and its hash are never changed. Without it the element navigates in memory and starts at the lançamentos on every load.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @fires bo-forbidden - The signed-in user may not open this area (no scope on its modules): the element shows nothing but its `forbidden` slot; `detail.resources` names the modules' permission resources.
 * @slot forbidden - What the element shows instead of the area to a user who may not open it (nothing by default).
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @csspart table - Every list table (it scrolls inside its own box).
 * @csspart totals - The totals under a list.
 * @csspart actions - The workflow buttons of a record.
 * @csspart history - The "Histórico" timeline of a record.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, inputs and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards.
 */
import { defineElement } from '../core/elements/define';
import { ContasAPagarElement } from '../modules/finance/FinanceElements';

export const BoContasAPagar = defineElement('bo-contas-a-pagar', ContasAPagarElement, { routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-contas-a-pagar': HTMLElement & { routeParam?: string };
  }
}
