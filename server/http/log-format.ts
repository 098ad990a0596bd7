/**
 * Readable log lines for a terminal (`npm start` in development); production keeps pino's JSON
 * lines (one object per line, for a log collector). main.ts picks: JSON when NODE_ENV is
 * production or stdout is not a terminal, unless LOG_FORMAT (json | pretty) says otherwise.
 * A few lines of our own instead of pino-pretty: no worker thread, no dependency.
 *
 *   14:03:07 INFO  database ready database=pglite migrations=[] seeded=false
 *   14:03:09 INFO  GET /v1/identity/users/me 200 4 ms
 *   14:03:10 ERROR background task failed
 *       Error: …stack…
 */
import type { Writable } from 'node:stream';

const LEVELS: Record<number, [name: string, colour: number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO', 32],
  40: ['WARN', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 35],
};
/** Fields shown in their own way or not at all. */
const OWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One JSON log line → one readable line (plus the error's stack); `undefined` to drop it.
 * `requests` remembers "METHOD /path" of each request between its two lines (pino writes the
 * request on "incoming request" and only the status on "request completed").
 */
export function formatLogLine(json: string, colour = false, requests = new Map<string, string>()): string | undefined {
  let entry: Record<string, any>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.replace(/\n$/, '');
  }
  // Each request is shown once, when it completes.
  if (entry.msg === 'incoming request') {
    if (entry.reqId && entry.req) requests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    return undefined;
  }
  const time = new Date(entry.time ?? Date.now());
  const [name, code] = LEVELS[entry.level as number] ?? ['LOG', 0];
  const level = colour ? `\x1b[${code}m${name.padEnd(5)}\x1b[0m` : name.padEnd(5);
  let text = entry.msg ?? '';
  if (entry.msg === 'request completed') {
    const request = requests.get(entry.reqId) ?? (entry.req ? `${entry.req.method} ${entry.req.url}` : 'request');
    requests.delete(entry.reqId);
    text = `${request} ${entry.res?.statusCode ?? ''} ${Math.round(entry.responseTime ?? 0)} ms`;
  }
  const extra = Object.entries(entry)
    .filter(([key]) => !OWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const line = [`${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`, level, text, ...extra].join(' ');
  const stack = entry.err?.stack ?? (entry.err ? `${entry.err.type ?? 'Error'}: ${entry.err.message}` : undefined);
  return stack ? `${line}\n    ${String(stack).split('\n').join('\n    ')}` : line;
}

/** A pino destination that writes readable lines to `out`. */
export function prettyLogStream(out: Writable & { isTTY?: boolean }): { write(line: string): void } {
  const colour = Boolean(out.isTTY);
  const requests = new Map<string, string>();
  return {
    write(line: string) {
      const text = formatLogLine(line, colour, requests);
      if (text !== undefined) out.write(`${text}\n`);
    },
  };
}

/** JSON unless in a terminal outside production; LOG_FORMAT=json|pretty overrides. */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return isTTY && env.NODE_ENV !== 'production';
}
