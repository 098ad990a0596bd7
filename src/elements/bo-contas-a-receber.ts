/**
 * The whole contas a receber area for any page: the lançamentos (form with parcelas and rateio) and the parcelas with their recebimentos and estornos, with the totals of every list. Routes: /contas-a-receber/**. Shares the session with every other Retaguarda element on the page and loads only its
 * own chunk.
 *
 * @tag bo-contas-a-receber
 * @summary Contas a receber: lançamentos e parcelas, recebimentos e estornos.
 * @attr {string} base-path - Path prefix of the page under which the element keeps its location (`/recebimentos` → `/recebimentos/lancamentos/12` is lançamento 12); without it the element navigates in memory, starting at the lançamentos.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
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
import { ContasAReceberElement } from '../modules/finance/FinanceElements';

export const BoContasAReceber = defineElement('bo-contas-a-receber', ContasAReceberElement, { basePath: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-contas-a-receber': HTMLElement & { basePath?: string };
  }
}
