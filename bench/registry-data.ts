/**
 * Data for the registry benchmarks, written straight into a fresh database with SQL (one
 * `INSERT … SELECT generate_series` per table, through the owner handle) before the real server
 * starts on it: the migrations, the demo organisation, then bulk rows in the demo tenant.
 * Also a scratch PostgreSQL database (created from DATABASE_URL, dropped afterwards) and an
 * API login.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createPasswordHasher } from '../server/auth/passwords';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ORG_ID, seedDemo } from '../server/db/seed';
import type { Database } from '../server/db/types';

export const BENCH_PASSWORD = 'Retaguarda#2025';
export const BENCH_EMAIL_DOMAIN = 'bench.com.br';

/** Where a benchmark's database lives: a PGlite directory (the server's DATA_DIR) or a PostgreSQL URL. */
export interface BenchDatabase {
  /** DATA_DIR of the server (PGlite files under `pglite/`, and the app secret). */
  dataDir: string;
  /** PostgreSQL URL, or undefined for PGlite. */
  databaseUrl?: string;
}

/** Opens the database the way server/main.ts does. */
export async function openBenchDatabase(target: BenchDatabase): Promise<DatabaseHandle> {
  if (!target.databaseUrl) mkdirSync(path.join(target.dataDir, 'pglite'), { recursive: true });
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: path.join(target.dataDir, 'pglite') });
}

/** Migrates, seeds the demo organisations, runs `fill` with the owner handle, analyses, closes. */
export async function prepareDatabase(target: BenchDatabase, fill: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const handle = await openBenchDatabase(target);
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, createPasswordHasher());
    await fill(handle.db);
    await sql`ANALYZE`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

const FIRST_NAMES = ['Ana', 'Bruno', 'Camila', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Patrícia', 'Rafael', 'Sabrina', 'Tiago', 'Vanessa', 'Wagner'];
const SURNAMES = ['Almeida', 'Barbosa', 'Carvalho', 'Dias', 'Esteves', 'Ferreira', 'Gomes', 'Holanda', 'Lima', 'Moura', 'Nascimento', 'Oliveira', 'Pereira', 'Queiroz', 'Ribeiro', 'Santos', 'Teixeira', 'Vieira', 'Xavier', 'Zanetti'];
const pgArray = (values: string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

/**
 * `count` users in the demo tenant (`usuario{n}@bench.com.br`, pt-BR names in shuffled order,
 * creation times one second apart), each a member of the demo group "Solicitante".
 */
export async function insertUsers(db: Kysely<Database>, count: number): Promise<void> {
  await sql`INSERT INTO users (id, org_id, email, login_key, name, access_level, password_hash, is_active, created_at, updated_at)
    SELECT gen_random_uuid()::text, ${DEMO_ORG_ID}, 'usuario' || i || ${`@${BENCH_EMAIL_DOMAIN}`}, 'usuario' || i || ${`@${BENCH_EMAIL_DOMAIN}`},
      (${pgArray(FIRST_NAMES)})[1 + (i * 7) % 20] || ' ' || (${pgArray(SURNAMES)})[1 + (i * 13) % 20] || ' ' || (${pgArray(SURNAMES)})[1 + (i * 3) % 20] || ' ' || i,
      CASE WHEN i % 10 = 0 THEN 'Admin' ELSE 'User' END, '!bench-no-login', i % 17 <> 0,
      now() - make_interval(secs => i), now() - make_interval(secs => i)
    FROM generate_series(1, ${count}::int) AS i`.execute(db);
  await sql`INSERT INTO user_group_members (org_id, group_id, user_id)
    SELECT u.org_id, g.id, u.id FROM users AS u JOIN user_groups AS g ON g.org_id = u.org_id AND g.name = 'Solicitante'
    WHERE u.org_id = ${DEMO_ORG_ID} AND u.email LIKE ${`%@${BENCH_EMAIL_DOMAIN}`}`.execute(db);
}

/** A Grupo de Agências (ACL) of the demo organisation's current application with `count` items; returns its id. */
export async function insertAcl(db: Kysely<Database>, name: string, count: number): Promise<string> {
  const id = `bench-acl-${name}`;
  await sql`INSERT INTO application_acls (id, org_id, application_id, name, title, description, items)
    SELECT ${id}, a.org_id, a.id, ${name}, ${`Agências (${count.toLocaleString('pt-BR')})`}, 'Itens gerados para o benchmark.',
      (SELECT jsonb_agg(jsonb_build_object('code', lpad(i::text, 5, '0'), 'label', 'Agência ' || i || ' — ' || (${pgArray(SURNAMES)})[1 + i % 20]) ORDER BY i)
         FROM generate_series(1, ${count}::int) AS i)
    FROM applications AS a WHERE a.org_id = ${DEMO_ORG_ID} AND a.is_default`.execute(db);
  return id;
}

/** A scratch database next to DATABASE_URL's (same server and login); `drop()` removes it. */
export async function scratchPostgres(baseUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rt_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Password login through the API; the access token (Bearer). */
export async function apiLogin(baseUrl: string, login: string, secret = BENCH_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/identity/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, secret, grantType: 'Password' }),
  });
  if (!response.ok) throw new Error(`login ${login}: HTTP ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Runs `bench` on a scratch PostgreSQL database of `baseUrl` (dropped after) with a scratch data directory. */
export async function onScratchPostgres(baseUrl: string, label: string, bench: (target: BenchDatabase) => Promise<void>): Promise<void> {
  const scratch = await scratchPostgres(baseUrl, label);
  const dir = mkdtempSync(path.join(tmpdir(), `rt-bench-${label}-pg-`));
  try {
    await bench({ dataDir: dir, databaseUrl: scratch.url });
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `bench` on the embedded database in a scratch data directory (removed after). */
export async function onScratchPglite(label: string, bench: (target: BenchDatabase) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `rt-bench-${label}-`));
  try {
    await bench({ dataDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `bench` on an open database: the embedded one in a scratch directory, then — with
 * DATABASE_URL — PostgreSQL in a scratch database; each closed and removed after.
 */
export async function onEachDatabase(label: string, bench: (kind: 'pglite' | 'postgres', handle: DatabaseHandle) => Promise<void>): Promise<void> {
  await onScratchPglite(label, async ({ dataDir }) => {
    const handle = await openDatabase({ dataDir });
    try {
      await bench('pglite', handle);
    } finally {
      await handle.close();
    }
  });
  if (!process.env.DATABASE_URL) return;
  await onScratchPostgres(process.env.DATABASE_URL, label, async ({ databaseUrl }) => {
    const handle = await openDatabase({ databaseUrl, dataDir: '' });
    try {
      await bench('postgres', handle);
    } finally {
      await handle.close();
    }
  });
}

