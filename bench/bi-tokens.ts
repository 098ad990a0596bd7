/**
 * Figures: what a token de conta costs per report call (issue 26, server/bi/tokens.ts). On PGlite
 * (always) and PostgreSQL (DATABASE_URL: a scratch database next to it, dropped after), with the
 * demo organisation seeded and no parcelas (the report's own query is the same either way):
 * - mean per `GET reports/dre` (app.inject, N calls after a warm-up) with the admin's session
 *   (JWT, session row, permission check) and with a token de conta (hash lookup, the per-token
 *   counter, the audit row and `last_used_at`), alternating blocks; the difference is the token's
 *   own cost. The token's limit is lifted for the run (TOKEN_RATE is read at each call).
 * Run: `npx tsx bench/bi-tokens.ts`.
 */
import { buildApp } from '../server/app';
import { TOKEN_RATE } from '../server/bi/tokens';
import { createPasswordHasher } from '../server/auth/passwords';
import type { DatabaseHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed';
import { onEachDatabase } from './registry-data';

const N = 1000;
const BLOCK = 100;
const us = (ms: number) => `${Math.round(ms * 1000)} µs`;

async function measure(label: string, handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, createPasswordHasher());
  const app = await buildApp({
    db: handle.appDb,
    tenantDb: handle.tenantDb,
    jobs: { executeSql: handle.executeSql, databaseKind: handle.kind },
    secret: 'segredo-de-bench-com-mais-de-16-caracteres',
    settings: { rateLimit: false, devMailbox: false },
  });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/v1/identity/auth', payload: { login: 'admin@demo.com.br', secret: DEMO_PASSWORD } });
    const { accessToken } = login.json() as { accessToken: string };
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const made = await app.inject({
      method: 'POST', url: '/api/finance-reporting/account-tokens',
      headers: { authorization: `Bearer ${accessToken}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
      payload: { name: 'Bench', reports: ['dre'], expiresOn },
    });
    const { secret } = made.json() as { secret: string };
    if (!secret) throw new Error(`token not made: ${made.body}`);
    (TOKEN_RATE as { max: number }).max = 1e9;
    const url = `/api/finance-reporting/reports/dre?year=${new Date().getFullYear()}`;
    const pull = async (bearer: string) => {
      const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } });
      if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
    };
    for (let i = 0; i < 100; i++) await Promise.all([pull(accessToken), pull(secret)]);
    const total = { session: 0, token: 0 };
    for (let done = 0; done < N; done += BLOCK) {
      for (const [kind, bearer] of [['session', accessToken], ['token', secret]] as const) {
        const t = performance.now();
        for (let i = 0; i < BLOCK; i++) await pull(bearer);
        total[kind] += performance.now() - t;
      }
    }
    const session = total.session / N;
    const token = total.token / N;
    console.log(`tokens de conta [${label}]: GET reports/dre, mean of ${N}: session ${us(session)}, token ${us(token)} (${token >= session ? '+' : ''}${us(token - session)})`);
  } finally {
    await app.close();
  }
}

await onEachDatabase('tokens', measure);
