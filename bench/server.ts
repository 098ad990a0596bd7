/**
 * Figures: server start time and memory on the embedded database (first start = migrate + seed,
 * second start = existing data), and password logins per second (autocannon, 10 connections, 10 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './server-process';

const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-server-'));
try {
  const first = await startServer(3203, {}, dir);
  console.log(`server: first start (migrate + seed) ${first.startMs.toFixed(0)} ms, RSS ${first.rssMb().toFixed(0)} MB`);
  await first.stop();

  const second = await startServer(3203, {}, dir);
  console.log(`server: start on existing data      ${second.startMs.toFixed(0)} ms, RSS ${second.rssMb().toFixed(0)} MB`);

  const result = await autocannon({
    url: `${second.url}/v1/identity/auth`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'compras@demo.com.br', secret: 'Retaguarda#2025', grantType: 'Password' }),
    connections: 10,
    duration: 10,
  });
  const ok = result['2xx'];
  console.log(`server: logins/s ${(ok / result.duration).toFixed(1)} (2xx ${ok}, non-2xx ${result.non2xx}), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, RSS after ${second.rssMb().toFixed(0)} MB`);
  await second.stop();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
