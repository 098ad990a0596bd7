/**
 * Sign-in for any page: login and secret, "remember me", two-step setup (QR code for an
 * authenticator app, or e-mail) and code entry, and password recovery. Shares the session
 * with every other Retaguarda element on the page.
 * Signed out, one sign-in serves the whole page: the first `<bo-login>`, or with none the first
 * Retaguarda tag; every other tag shows a short note until it is done, then loads.
 *
 * @tag bo-login
 * @summary Login do Retaguarda com verificação em duas etapas.
 * @attr {string} redirect-to - Same-origin path to open after signing in; without it the element shows who is signed in.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-font-family - Font of every text.
 */
import { defineElement } from '../core/elements/define';
import { LoginElement } from '../modules/auth/LoginElement';

export const BoLogin = defineElement('bo-login', LoginElement, { redirectTo: 'string' });

declare global {
  interface HTMLElementTagNameMap {
    'bo-login': HTMLElement & { redirectTo?: string };
  }
}
