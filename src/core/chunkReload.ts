/**
 * The chunk-reload guard (spec §9: "keeps a 10-second time-to-live"). After a deploy, a page
 * opened before it asks for lazy chunks that no longer exist; reloading fetches the new build.
 * The guard remembers the reload for 10 s, so a chunk that fails again right after the reload
 * (the server really is broken) shows the error page instead of reloading forever.
 */
export const CHUNK_RELOAD_KEY = 'bo.chunkReloadAt';
export const CHUNK_RELOAD_TTL_MS = 10_000;

/** Messages of a failed dynamic import in Chromium, Firefox and Safari, and of rollup's preload. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

interface Deps {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  reload?: () => void;
}

const sessionStore = (): Pick<Storage, 'getItem' | 'setItem'> | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Reloads the page for a chunk that failed to load, unless the guard is still alive; returns
 * whether it did (the caller then shows nothing, the page is going away).
 */
export function reloadForChunkError(error: unknown, deps: Deps = {}): boolean {
  if (!isChunkLoadError(error)) return false;
  const storage = deps.storage === undefined ? sessionStore() : deps.storage;
  const now = (deps.now ?? Date.now)();
  const last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (!storage || (last && now - last < CHUNK_RELOAD_TTL_MS)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}
