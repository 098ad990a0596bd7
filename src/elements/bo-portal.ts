/**
 * The standalone Retaguarda portal: login, navigation built at runtime from
 * `app.config.json` and the user's permissions, and every area of the product on the page's URL.
 *
 * @tag bo-portal
 * @summary Portal completo do Retaguarda (navegação, login e todas as áreas).
 * @attr {string} config-url - Where app.config.json is read from (default `/app.config.json`).
 * @fires bo-navigate - After every navigation; `detail.path` is the new path.
 * @fires bo-session-change - When the user signs in or out; `detail.user` is the logged user or null.
 * @csspart base - The element's root wrapper.
 * @csspart navigation - The sidebar.
 * @csspart header - The top bar.
 * @csspart main - The page area.
 * @cssprop --bo-color-primary - Brand colour of buttons and links.
 * @cssprop --bo-color-sidebar - Sidebar background.
 * @cssprop --bo-font-family - Font of every text.
 */
import { setAppConfigUrl } from '../core/config';
import { defineElement } from '../core/elements/define';
import { primeFirstScreen } from '../core/host/firstScreen';
import { getSession } from '../core/session';
import { loadShell, PortalApp, portalGuard } from '../modules/portal/PortalApp';
import { routes } from '../modules/portal/routes';

// The element is defined (and React renders it) once its first navigation is through (its guard,
// chunk and first data: core/host/firstScreen.ts), or has had its time. Not a top-level await:
// rollup would split the shared chunks apart.
const portal = document.querySelector('bo-portal');
const configUrl = portal?.getAttribute('config-url');
if (configUrl) setAppConfigUrl(configUrl);
// With a stored session the signed-in frame comes with the first screen (no frame-less moment).
void (portal ? Promise.all([primeFirstScreen(routes, window.location, portalGuard), getSession().accessToken ? loadShell() : null]) : Promise.resolve())
  .catch(() => undefined)
  .then(() => defineElement('bo-portal', PortalApp, { configUrl: 'string' }));

declare global {
  interface HTMLElementTagNameMap {
    'bo-portal': HTMLElement & { configUrl?: string };
  }
}
