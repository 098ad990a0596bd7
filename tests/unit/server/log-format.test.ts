/** The readable log lines of `npm start` in a terminal (server/http/log-format.ts). */
import { describe, expect, it } from 'vitest';
import { formatLogLine, prettyLogStream, wantsPrettyLogs } from '../../../server/http/log-format.js';

const at = new Date(2026, 0, 5, 14, 3, 7).getTime();

describe('log lines in a terminal', () => {
  it('shows time, level, message and the other fields, one request as one line with its status and duration', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'database ready', database: 'pglite', seeded: false }))).toBe(
      '14:03:07 INFO  database ready database=pglite seeded=false',
    );
    const out: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => out.push(text) } as never);
    stream.write(JSON.stringify({ level: 30, time: at, reqId: 'r1', req: { method: 'GET', url: '/v1/identity/users/me' }, msg: 'incoming request' }));
    stream.write(JSON.stringify({ level: 30, time: at, reqId: 'r1', res: { statusCode: 200 }, responseTime: 4.4, msg: 'request completed' }));
    expect(out).toEqual(['14:03:07 INFO  GET /v1/identity/users/me 200 4 ms\n']);
  });

  it('prints the stack of an error under its line', () => {
    const line = formatLogLine(JSON.stringify({ level: 50, time: at, msg: 'background task failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } }));
    expect(line).toBe('14:03:07 ERROR background task failed\n    Error: boom\n        at x');
  });

  it('writes JSON lines in production or when not in a terminal, unless LOG_FORMAT says otherwise', () => {
    expect(wantsPrettyLogs({}, true)).toBe(true);
    expect(wantsPrettyLogs({}, false)).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(wantsPrettyLogs({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe(true);
  });
});
