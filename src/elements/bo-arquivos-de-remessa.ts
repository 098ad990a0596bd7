/**
 * The arquivos de remessa for any page: the fila de remessa (the authorised parcelas of an account
 * and convênio, generated as one CNAB 240 file), the remessas generated with their file (download,
 * SHA-256) and the import of the bank's retorno. Routes: /arquivos-de-remessa/**. Shares the
 * session with every other Retaguarda element on the page and loads only its own chunk.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-arquivos-de-remessa
 * @summary Arquivos de remessa: fila de remessa, remessas CNAB 240 geradas e retornos do banco.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps its own page (`route-param="remessas"`), so a reload or a bookmark opens it again. The element writes only that parameter (replaceState) and removes it on its home. Without it the element navigates in memory and starts at the fila on every load.
 * @fires bo-navigate - After every navigation inside the element; `detail.path` is the element's own path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @fires bo-forbidden - The signed-in user may not open the arquivos de remessa: the element shows nothing but its `forbidden` slot; `detail.resources` names the permission resources.
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
import { ArquivosDeRemessaElement } from '../modules/finance/RemittanceElement';

export const BoArquivosDeRemessa = defineElement('bo-arquivos-de-remessa', ArquivosDeRemessaElement, { routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-arquivos-de-remessa': HTMLElement & { routeParam?: string };
  }
}
