/**
 * A public lookup service behind one of our routes (CEP, CNPJ): asked with a time-out, its
 * answers cached in memory (found: a day, not found: an hour, oldest out past 5,000), and left
 * alone for a minute after it failed. `lookup(key)` is the answer, null when the service does not
 * know the key (400/404, or `read` says so), undefined when it could not answer (off, resting,
 * network, time-out, 5xx, `read` threw).
 */
export interface UpstreamOptions {
  /** The service's base URL; `off` or empty: never asked. */
  upstream?: string;
  fetch?: typeof fetch;
  /** Time-out of one call (ms). */
  timeoutMs?: number;
}

const FOUND_TTL_MS = 24 * 3600_000;
const NOT_FOUND_TTL_MS = 3600_000;
const REST_MS = 60_000;
const CACHE_SIZE = 5000;

export function cachedUpstream<T>(
  options: UpstreamOptions,
  service: { defaultUrl: string; timeoutMs: number; url: (base: string, key: string) => string; read: (key: string, body: unknown) => T | null },
): (key: string) => Promise<T | null | undefined> {
  const base = (options.upstream ?? service.defaultUrl).trim().replace(/\/+$/, '');
  const online = base !== '' && base !== 'off';
  const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? service.timeoutMs;
  const cache = new Map<string, { at: number; ttl: number; answer: T | null }>();
  let restUntil = 0;

  async function ask(key: string): Promise<T | null | undefined> {
    if (!online || Date.now() < restUntil) return undefined;
    try {
      const response = await fetchImpl(service.url(base, key), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) throw new Error(`upstream ${response.status}`);
      return service.read(key, await response.json());
    } catch {
      restUntil = Date.now() + REST_MS;
      return undefined;
    }
  }

  return async function lookup(key: string) {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < hit.ttl) return hit.answer;
    const answer = await ask(key);
    if (answer !== undefined) {
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: Date.now(), ttl: answer ? FOUND_TTL_MS : NOT_FOUND_TTL_MS, answer });
    }
    return answer;
  };
}
