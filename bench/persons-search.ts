/**
 * Figures: the persons list (`GET /v1/companies/persons?q=…&perPage=25`, the generic registry
 * route: authentication, scope, tenant transaction, count + page + `_refs`) searching 100,000
 * persons of one organisation, at a fixed concurrency of 10 connections for 10 s (after 2 s of
 * warm-up): latency p50 / p90 / p99 and requests per second, per kind of search term, and the
 * plain first page (no `q`) for reference; "alone" is the median of 20 calls made one at a time
 * (service time without queueing). The figures include the load generator on the same machine.
 *
 * Data: a fresh database (migrations + demo organisation) with 100,000 more persons in the demo
 * tenant written by one `INSERT … SELECT generate_series` (names from pt-BR word lists, 14-digit
 * documents, e-mails, half suppliers, a third customers), then ANALYZE (autovacuum would on
 * PostgreSQL; the server analyses PGlite at start, server/main.ts) — no VACUUM: the trigram
 * indexes write through, without a pending list to merge (migration 0004). The `q` search is
 * `ILIKE '%term%'` over name, trade name, document and e-mail, served by the trigram (pg_trgm)
 * indexes of migration 0003.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database next to it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createPasswordHasher } from '../server/auth/passwords';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ORG_ID, seedDemo } from '../server/db/seed';
import { scratchDatabase, signIn } from './import-data';
import { startServer } from './server-process';

const ROWS = 100_000;
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const PORT = 3222;

const WORDS = ['Papelaria', 'Distribuidora', 'Comércio', 'Serviços', 'Indústria', 'Transportes', 'Tecnologia', 'Alimentos', 'Construtora', 'Consultoria', 'Farmácia', 'Mercado', 'Oficina', 'Padaria', 'Gráfica', 'Agropecuária', 'Metalúrgica', 'Têxtil', 'Logística', 'Engenharia'];
const PLACES = ['Paulista', 'Horizonte', 'Atlântico', 'Sul', 'Central', 'Nacional', 'Brasil', 'Serra', 'Litoral', 'Planalto', 'Cerrado', 'Pampa', 'Sertão', 'Pantanal', 'Amazônia', 'Vale', 'Norte', 'Leste', 'Oeste', 'Capital'];
const arr = (values: string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

/** Search terms, by kind (each request takes the next one of its kind in turn). */
const TERMS: Record<string, string[]> = {
  'common word (~5% of rows)': ['papelaria', 'Horizonte', 'Metalúrgica', 'cerrado'],
  'name fragment (rare)': ['Serra 12345', 'Pampa 7777', 'Norte 9090', 'Vale 4321'],
  'document digits': ['00000012345', '77777', '0004242', '99999001'],
  'e-mail': ['contato123@', 'contato98765@fornecedor', '@fornecedor7.com.br', 'contato5@'],
  'no match': ['xyzxyz', 'qwerty', 'nada@nada', 'zzz999'],
  // Terms whose trigrams are in almost every row ("Ltda", "contato"): the index narrows nothing.
  'everywhere (every row)': ['Ltda', 'contato', 'com.br', 'fornecedor'],
};

async function prepare(dataDir: string, databaseUrl?: string): Promise<void> {
  if (!databaseUrl) mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const handle = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, createPasswordHasher());
    await sql`INSERT INTO persons (id, org_id, document, kind, name, trade_name, is_customer, is_supplier, email, phone, is_active, created_at, updated_at)
      SELECT gen_random_uuid()::text, ${DEMO_ORG_ID}, lpad(i::text, 14, '0'), 'PJ',
        (${arr(WORDS)})[1 + i % 20] || ' ' || (${arr(PLACES)})[1 + (i / 20) % 20] || ' ' || i || ' Ltda',
        (${arr(WORDS)})[1 + (i * 7) % 20] || ' ' || i,
        i % 3 = 0, i % 2 = 0,
        'contato' || i || '@fornecedor' || (i % 97) || '.com.br', '11' || lpad((30000000 + i)::text, 8, '0'), i % 11 <> 0,
        now() - make_interval(secs => i), now() - make_interval(secs => i)
      FROM generate_series(1, ${ROWS}::int) AS i`.execute(handle.db);
    // Statistics, as autovacuum would gather them on PostgreSQL (the server analyses PGlite at start).
    // No VACUUM: the trigram indexes have no pending list to merge (migration 0004).
    await sql`ANALYZE`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** Service time: the same calls one at a time (median of 20), before any load. */
async function sequential(url: string, token: string, terms: string[] | null): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/v1/companies/persons?perPage=25${terms ? `&q=${encodeURIComponent(terms[i % terms.length])}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[10];
}

async function measure(url: string, token: string, label: string, terms: string[] | null): Promise<string> {
  const alone = await sequential(url, token, terms);
  let next = 0;
  const path = () => `/v1/companies/persons?perPage=25${terms ? `&q=${encodeURIComponent(terms[next++ % terms.length])}` : ''}`;
  const options = {
    url,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    // PGlite serves one query at a time: broad searches queue up, so allow long answers and count them.
    timeout: 60,
    requests: [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) }],
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} time-outs`);
  return `persons-search: ${label.padEnd(40)} alone ${alone.toFixed(0).padStart(4)} ms | ×${CONNECTIONS}: p50 ${String(result.latency.p50).padStart(5)} ms, p90 ${String(result.latency.p90).padStart(5)} ms, p99 ${String(result.latency.p99).padStart(5)} ms, ${result.requests.average.toFixed(1).padStart(6)} req/s (${result.requests.total} answers)`;
}

async function bench(label: string, databaseUrl?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-persons-'));
  try {
    const started = performance.now();
    await prepare(dir, databaseUrl);
    console.log(`persons-search: ${label} ${ROWS.toLocaleString('en')} persons written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, dir);
    try {
      const { token } = await signIn(server.url);
      const check = await fetch(`${server.url}/v1/companies/persons?q=papelaria&perPage=1`, { headers: { authorization: `Bearer ${token}` } });
      console.log(`persons-search: ${label} q=papelaria → X-Total-Count ${check.headers.get('x-total-count')} of ${ROWS + 6}; ${CONNECTIONS} connections, ${DURATION_S} s each`);
      console.log(await measure(server.url, token, `${label} first page, no q`, null));
      for (const [kind, terms] of Object.entries(TERMS)) console.log(await measure(server.url, token, `${label} ${kind}`, terms));
      console.log(`persons-search: ${label} server RSS ${server.rssMb().toFixed(0)} MB`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await bench('[pglite]');
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase(process.env.DATABASE_URL, 'persons');
  try {
    await bench('[postgres]', scratch.url);
  } finally {
    await scratch.drop();
  }
}
