/**
 * The signed-in user's account: profile, password change, two-step verification
 * (switch on/off, unbind) and effective policies. Asks for a fresh code before the security
 * pages when two-step is mandatory, and shows the login when nobody is signed in.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-minha-conta
 * @summary Minha conta: perfil, senha, verificação em duas etapas e políticas.
 * @attr {string} page - Which page to show: empty (summary), `editar`, `alterar-senha`, `verificacao-em-duas-etapas` or `politicas`.
 * @attr {string} route-param - Name of a query parameter of the host page's address in which the element keeps the account page it is on (`route-param="conta"` → `?conta=/minha-conta/editar`), so a reload opens it again; only that parameter is written (replaceState), never the page's path, other parameters or hash. Without it the element starts at `page` on every load.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-font-family - Font of every text.
 */
import { defineElement } from '../core/elements/define';
import { AccountElement } from '../modules/account/AccountElement';

export const BoMinhaConta = defineElement('bo-minha-conta', AccountElement, { page: 'string', routeParam: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-minha-conta': HTMLElement & { page?: string; routeParam?: string };
  }
}
