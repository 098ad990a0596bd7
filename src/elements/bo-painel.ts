/**
 * A painel (dashboard) of BI for any page: charts with the table of their numbers beside them,
 * every number a link to the report or list behind it, which opens inside the element. Shares the
 * session with every other Retaguarda element on the page and loads only its own chunk (the charts
 * with it). Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the
 * first Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-painel
 * @summary Painel de BI: tesouraria (saldos, a pagar e a receber, vencidos, previsto × realizado), DRE por mês, por centro de custos e fluxo de caixa.
 * @attr {string} painel - Which painel: `tesouraria` (default: saldo por conta, a pagar e a receber por mês, vencidos, previsto × realizado), `dre` (resultados por mês), `dre1` (DRE por mês), `dre2` (DRE por centro de custos) or `dfc` (fluxo de caixa por mês). The element starts again when it changes.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page (`route-param="painel"`), so a reload or a bookmark opens it again. The element writes only that parameter (replaceState) and removes it on its home. Without it the element navigates in memory.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @fires bo-forbidden - The signed-in user may not read the finance reports: the element shows nothing but its `forbidden` slot; `detail.resources` names the permission resources.
 * @slot forbidden - What the element shows instead of the painel to a user who may not open it (nothing by default).
 * @csspart base - The element's root wrapper.
 * @csspart main - The page area.
 * @cssprop --bo-color-primary - Brand colour of buttons, links and the current painel's tab.
 * @cssprop --bo-color-surface - Background of cards and tables.
 * @cssprop --bo-color-border - Borders of cards, tiles and tables.
 * @cssprop --bo-font-family - Font of every text.
 * @cssprop --bo-radius-medium - Corner radius of cards and tiles.
 */
import { defineElement } from '../core/elements/define';
import { PainelElement } from '../modules/bi/PainelElement';

export const BoPainel = defineElement('bo-painel', PainelElement, { painel: 'string', routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-painel': HTMLElement & { painel?: string; routeParam?: string };
  }
}
