/**
 * Where the page's early requests are kept (configEarly.ts, firstPageEarly.ts): on the page's
 * global object, not in a module. The portal's page runs its own copy of those modules inline
 * (dist/early.js, src/elements/early.ts) as soon as its tag is parsed, long before the bundle has
 * loaded; the bundle's copy then finds and takes the same answers here.
 */
/** A first list request sent early, with the token it went with. */
export interface EarlyRequest {
  authorization: string;
  answer: Promise<Response>;
  sentAt: number;
}

export interface EarlyStore {
  /** app.config.json's early read: undefined until asked, null once taken. */
  config?: { url: string; answer: Promise<Response> } | null;
  /** The first list requests by URL: undefined until the page was read, empty after. */
  firstPage?: Map<string, EarlyRequest>;
}

const KEY = '__retaguardaEarly';

export function earlyStore(): EarlyStore {
  const global = globalThis as typeof globalThis & { [KEY]?: EarlyStore };
  return (global[KEY] ??= {});
}
