/**
 * `early.js` — inlined by the server at the top of the portal page's head (server/http/early-script.ts),
 * so it runs as the page is parsed, before the browser asks for the bundle's files: app.config.json
 * (guard step 1) and the first list's rows (the page's `retaguarda-first-page` meta, just above it)
 * go out first. Sent by retaguarda.js, they waited for the bundle to download and for a free
 * connection behind its files (HTTP/1.1: six per server). The server names the tag's config URL
 * (`data-config-url`). Built as a classic script of its own (rollup.config.mjs); the bundle takes
 * the answers through core/earlyStore.ts, and retaguarda.js sends nothing twice.
 */
import { requestConfigEarly } from '../core/configEarly';
import { requestFirstPageEarly } from '../core/firstPageEarly';

requestConfigEarly(document.currentScript?.getAttribute('data-config-url') || '/app.config.json');
requestFirstPageEarly();
