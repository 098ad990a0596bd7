/**
 * The conciliação bancária of one account for any page: import the bank's OFX statement, the
 * statement lines beside the account's baixas not yet reconciled, suggestions confirmed in one
 * click, 1:N matches, a line turned into a parcela's baixa, the balance per the statement against
 * the system's — with the account's other pages (Saldo, convênios). Routes: /contas-financeiras/**.
 * Shares the session with every other Retaguarda element on the page and loads only its own chunk.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-conciliacao
 * @summary Conciliação bancária de uma conta financeira: extrato OFX, sugestões, conciliação e saldos.
 * @attr {string} account - Id of the bank account (conta financeira) to reconcile; the element opens its conciliação and starts again when it changes. Without it the element starts at the list of accounts.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page (`route-param="conciliacao"`), so a reload or a bookmark opens it again. The element writes only that parameter (replaceState) and removes it on its home. Without it the element navigates in memory.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @fires bo-forbidden - The signed-in user may not open Contas Financeiras: the element shows nothing but its `forbidden` slot; `detail.resources` names the permission resources.
 * @slot forbidden - What the element shows instead of the area to a user who may not open it (nothing by default).
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @csspart table - Every list table (it scrolls inside its own box).
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, inputs and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards.
 */
import { defineElement } from '../core/elements/define';
import { ConciliacaoElement } from '../modules/reconciliation/ReconciliationElement';

export const BoConciliacao = defineElement('bo-conciliacao', ConciliacaoElement, { account: 'string', routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-conciliacao': HTMLElement & { account?: string; routeParam?: string };
  }
}
