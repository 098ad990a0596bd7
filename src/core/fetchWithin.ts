/**
 * One call to a lookup service (CEP, CNPJ) with a time-out covering the answer's body too, and
 * the caller's own abort: `read` gets the response; a time-out, a network failure or whatever
 * `read` throws rejects. The caller tells its own abort (`signal.aborted`) from an offline service.
 */
export interface WithinOptions {
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function fetchWithin<T>(url: string, init: RequestInit, options: WithinOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const fetchImpl = options.fetch ?? ((input: string, request?: RequestInit) => globalThis.fetch(input, request));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    return await read(await fetchImpl(url, { ...init, signal: controller.signal }));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
