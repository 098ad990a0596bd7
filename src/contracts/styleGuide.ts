/**
 * The style guide's gate (issue 27 §3): the developer pages (/theme, /tests, /table, /test-icon)
 * show the UI kit and its `--bo-*` tokens to who may read the organisation's settings, and only on
 * a server that is not in production. The server serves this call only outside production
 * (NODE_ENV=production: no route, 404) and only to `settings: read` (403 otherwise); the pages
 * render nothing of the guide until it answers.
 *
 * | Call (identity family) | Answer |
 * |---|---|
 * | `GET style-guide` | `{ enabled: true }` — scope `settings: read`; 404 in production |
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';

export const styleGuideEndpoints = {
  gate: defineEndpoint({
    family: 'identity',
    method: 'GET',
    path: 'style-guide',
    summary: 'Se o guia de estilo (páginas de desenvolvimento) está ligado neste servidor: não existe com NODE_ENV=production',
    answer: z.object({ enabled: z.literal(true) }),
  }),
};
