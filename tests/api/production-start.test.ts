/**
 * A production start on an empty database (issue 28 "defaults that fail safe"): the real server
 * process with NODE_ENV=production refuses to run, one line per reason and exit 78, when what it
 * needs is missing or unsafe — before it touches the database; with what it needs, it starts
 * without the demo organisation (no known credential signs in) and says which settings are in
 * force on /readyz and in its start log, never their values. SEED_DEMO=1 creates the demo with
 * random passwords printed once; a demo already there with the README's password gets random ones.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteDatabase, postgresDatabase, type DatabaseHandle } from '../../server/db/connect.js';
import { DEMO_USERS } from '../../server/db/seed.js';
import { EXIT_CONFIG } from '../../server/setup/deployment.js';
import { DEMO_PASSWORD, databaseKinds } from './fixture.js';
import { emptyServerDatabase, runToExit, serverDatabase, startServerProcess, type ServerDatabase } from './server-process.js';

/** `openssl rand -base64 32`-like: 43 base64 characters, 258 bits. */
const STRONG_SECRET = 'q3T0vJ9kXb2LZp8Wm1Ys7RcA5dHfGnUe4iKoPjQwErB';
const PUBLIC = 'https://retaguarda.empresa.test';

function production(database: ServerDatabase, extra: Record<string, string> = {}): Record<string, string> {
  return { ...database.env, NODE_ENV: 'production', APP_SECRET: STRONG_SECRET, PUBLIC_URL: PUBLIC, SMTP_URL: 'smtp://127.0.0.1:9', SEED_DEMO: '', MAIL: '', ...extra };
}

/** The owner's handle on the database of `database` (PGlite: only while no server holds it). */
async function open(kind: string, database: ServerDatabase): Promise<DatabaseHandle> {
  return kind === 'postgres' ? postgresDatabase(database.env.DATABASE_URL, 2) : pgliteDatabase(await openPglite(path.join(database.env.DATA_DIR, 'pglite')));
}

async function signIn(url: string, login: string, secret: string) {
  const answer = await fetch(`${url}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ login, secret }) });
  return { status: answer.status, body: await answer.json() };
}

/** The passwords a start printed under `heading`, one "login password" line per demo user. */
function printedPasswords(output: readonly string[], heading: string): Map<string, string> {
  const header = output.findIndex((line) => line.startsWith(heading));
  expect(header, heading).toBeGreaterThanOrEqual(0);
  return new Map(output.slice(header + 1, header + 1 + DEMO_USERS.length).map((line) => line.trim().split(/\s+/) as [string, string]));
}

describe.each(databaseKinds())('a production start on an empty database [%s]', (kind) => {
  let database: ServerDatabase;
  beforeAll(async () => {
    database = await emptyServerDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('refuses each missing or unsafe setting with its reason, one line, before touching the database', async () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['no PUBLIC_URL', { PUBLIC_URL: '' }, /^Retaguarda não iniciou \/ did not start: PUBLIC_URL ausente: .+ \/ PUBLIC_URL is missing: .+$/],
      ['a PUBLIC_URL without its scheme', { PUBLIC_URL: 'retaguarda.empresa.test' }, /PUBLIC_URL inválida: .+ \/ PUBLIC_URL is invalid/],
      ['no SMTP_URL and e-mail not turned off', { SMTP_URL: '' }, /^Retaguarda não iniciou \/ did not start: SMTP_URL ausente: .+MAIL=off \/ SMTP_URL is missing: .+MAIL=off$/],
      ['MAIL=off with SMTP_URL', { MAIL: 'off' }, /MAIL=off e SMTP_URL definidas juntas/],
      ['a weak APP_SECRET (the tests\' own, 42 characters)', { APP_SECRET: 'segredo-de-teste-com-mais-de-16-caracteres' }, /^Retaguarda não iniciou \/ did not start: APP_SECRET fraca \(cerca de 252 bits, mínimo 256\).+ \/ APP_SECRET is weak/],
      ['a short hex APP_SECRET', { APP_SECRET: '0123456789abcdef0123456789abcdefff' }, /APP_SECRET fraca \(cerca de 136 bits, mínimo 256\)/],
      ...(kind === 'postgres'
        ? ([['no APP_SECRET with DATABASE_URL', { APP_SECRET: '' }, /^Retaguarda não iniciou \/ did not start: APP_SECRET ausente com DATABASE_URL definida: .+ \/ APP_SECRET is missing while DATABASE_URL is set: .+$/]] as [string, Record<string, string>, RegExp][])
        : []),
    ];
    for (const [what, change, reason] of cases) {
      const run = await runToExit(['server/main.ts'], production(database, change));
      expect(run.code, what).toBe(EXIT_CONFIG);
      const lines = run.stderr.trim().split('\n');
      expect(lines, what).toHaveLength(1);
      expect(lines[0], what).toMatch(reason);
      expect(run.stdout, what).toBe('');
    }
    // Nothing was created: no embedded database, no table.
    if (kind === 'pglite') expect(existsSync(path.join(database.env.DATA_DIR, 'pglite'))).toBe(false);
    else {
      const handle = await open(kind, database);
      try {
        const { rows } = await handle.executeSql("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'");
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        await handle.close();
      }
    }
  }, 120_000);

  it('starts with what it needs: no demo organisation, no known credential signs in, the settings in force on /readyz and in the log', async () => {
    // E-mail explicitly off: the one way to run without SMTP_URL.
    const server = await startServerProcess(production(database, { SMTP_URL: '', MAIL: 'off' }));
    try {
      const ready = await (await fetch(`${server.url}/readyz`)).json();
      const settings = {
        mode: 'production',
        database: kind,
        appSecret: 'APP_SECRET',
        publicUrl: 'PUBLIC_URL',
        mail: 'off',
        demo: false,
        ...(kind === 'postgres' ? { appDatabaseLogin: 'DATABASE_URL' } : {}),
        trustProxy: false,
        rateLimitStore: kind === 'postgres' ? 'database' : 'memory',
      };
      expect(ready).toEqual({ status: 'ready', migration: expect.any(String), settings });
      for (const user of DEMO_USERS) {
        const answer = await signIn(server.url, user.email, DEMO_PASSWORD);
        expect(answer.status, user.email).toBe(401);
        expect(answer.body).toEqual({ message: expect.any(String) });
      }
      const lines = server.output.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
      const started = lines.find((line) => String(line.msg).startsWith('Retaguarda em'));
      expect(started?.settings).toEqual(settings);
      // Never a value: not the secret, not the address of the database.
      const output = server.output.join('\n');
      expect(output).not.toContain(STRONG_SECRET);
      if (kind === 'postgres') expect(output).not.toContain(database.env.DATABASE_URL);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const handle = await open(kind, database);
    try {
      expect(await handle.db.selectFrom('organizations').select('id').execute()).toEqual([]);
      expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe.each(databaseKinds())('the demo in production, only when asked [%s]', (kind) => {
  let database: ServerDatabase;
  beforeAll(async () => {
    database = await emptyServerDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('SEED_DEMO=1: random passwords, printed once; the README\'s password signs nobody in', async () => {
    const env = production(database, { SEED_DEMO: '1' });
    const first = await startServerProcess(env);
    let passwords: Map<string, string>;
    try {
      passwords = printedPasswords(first.output, 'Organização de demonstração criada com senhas aleatórias');
      expect([...passwords.keys()]).toEqual(DEMO_USERS.map((user) => user.email));
      expect(new Set(passwords.values()).size).toBe(DEMO_USERS.length);
      expect(await (await fetch(`${first.url}/readyz`)).json()).toMatchObject({ settings: { demo: true } });
      expect((await signIn(first.url, 'admin@demo.com.br', DEMO_PASSWORD)).status).toBe(401);
      const own = await signIn(first.url, 'compras@demo.com.br', passwords.get('compras@demo.com.br')!);
      expect(own.status).toBe(200);
      expect(own.body.tokenType).toBe('Authorization');
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Printed once: a second start finds the organisation and prints nothing.
    const second = await startServerProcess(env);
    try {
      expect(second.output.join('\n')).not.toContain('senhas aleatórias');
      for (const password of passwords.values()) expect(second.output.join('\n')).not.toContain(password);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 180_000);
});

describe.each(databaseKinds())('a production start on a database with the published demo passwords [%s]', (kind) => {
  let database: ServerDatabase;
  beforeAll(async () => {
    // Migrated and seeded with the README's password, as a development start leaves it.
    database = await serverDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('replaces every published password with a random one, printed once; the README\'s signs nobody in', async () => {
    const env = production(database, { SMTP_URL: '', MAIL: 'off' });
    const first = await startServerProcess(env);
    let passwords: Map<string, string>;
    try {
      passwords = printedPasswords(first.output, 'Senhas publicadas da demonstração trocadas por senhas aleatórias');
      expect([...passwords.keys()].sort()).toEqual(DEMO_USERS.map((user) => user.email).sort());
      for (const user of DEMO_USERS) expect((await signIn(first.url, user.email, DEMO_PASSWORD)).status, user.email).toBe(401);
      const own = await signIn(first.url, 'compras@demo.com.br', passwords.get('compras@demo.com.br')!);
      expect(own.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startServerProcess(env);
    try {
      expect(second.output.join('\n')).not.toContain('Senhas publicadas');
      expect((await signIn(second.url, 'compras@demo.com.br', passwords.get('compras@demo.com.br')!)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 180_000);
});
