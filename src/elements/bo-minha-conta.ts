/**
 * The signed-in user's account: profile, password change, two-step verification
 * (switch on/off, unbind) and effective policies. Asks for a fresh code before the security
 * pages when two-step is mandatory, and shows the login when nobody is signed in.
 *
 * @tag bo-minha-conta
 * @summary Minha conta: perfil, senha, verificação em duas etapas e políticas.
 * @attr {string} page - Which page to show: empty (summary), `editar`, `alterar-senha`, `verificacao-em-duas-etapas` or `politicas`.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-font-family - Font of every text.
 */
import { defineElement } from '../core/elements/define';
import { AccountElement } from '../modules/account/AccountElement';

export const BoMinhaConta = defineElement('bo-minha-conta', AccountElement, { page: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-minha-conta': HTMLElement & { page?: string };
  }
}
