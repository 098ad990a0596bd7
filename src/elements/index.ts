/**
 * `retaguarda.js` — the one script a page includes. It defines nothing itself: each
 * `bo-*` tag found on the page (now or later) pulls only its own chunk, so a page with just
 * `<bo-login>` never downloads the portal.
 */
import { reloadForChunkError } from '../core/chunkReload';
import { requestConfigEarly } from '../core/configEarly';
import { requestFirstPageEarly } from '../core/firstPageEarly';

const loaders: Record<string, () => Promise<unknown>> = {
  'bo-portal': () => import('./bo-portal'),
  'bo-login': () => import('./bo-login'),
  'bo-minha-conta': () => import('./bo-minha-conta'),
  'bo-pedidos': () => import('./bo-pedidos'),
  'bo-cotacoes': () => import('./bo-cotacoes'),
  'bo-ordens-de-compra': () => import('./bo-ordens-de-compra'),
  'bo-contas-a-pagar': () => import('./bo-contas-a-pagar'),
  'bo-contas-a-receber': () => import('./bo-contas-a-receber'),
  'bo-conciliacao': () => import('./bo-conciliacao'),
  'bo-arquivos-de-remessa': () => import('./bo-arquivos-de-remessa'),
  'bo-painel': () => import('./bo-painel'),
};

const requested = new Set<string>();

function scan(root: ParentNode): void {
  for (const [tag, load] of Object.entries(loaders)) {
    const element = requested.has(tag) || customElements.get(tag) ? null : root.querySelector(tag);
    if (!element) continue;
    // Every element's guard starts by reading app.config.json: ask for it while its code downloads
    // (on the portal's own page, early.js asked already: nothing is sent twice).
    requestConfigEarly(element.getAttribute('config-url') || '/app.config.json');
    // And the first screen's rows, when the page names their request (the portal's pages do).
    requestFirstPageEarly();
    requested.add(tag);
    load().catch((error) => {
      if (reloadForChunkError(error)) return;
      requested.delete(tag);
      console.error(`[retaguarda] falha ao carregar <${tag}>`, error);
    });
  }
}

scan(document);
new MutationObserver(() => scan(document)).observe(document.documentElement, { childList: true, subtree: true });
