/**
 * The first administrator (issue 28): `npm run setup` on an empty production database creates
 * one organisation, one administrator and one invitation, and a second run (the built
 * dist-server/setup.mjs) changes nothing; the invitation — e-mailed through real SMTP, or
 * printed once with MAIL=off — sets the password once, and the account must then set up its
 * authenticator before anything else. In process with an injected clock: the invitation expires,
 * a new one replaces it, and what already exists is refused without a change.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteDatabase, postgresDatabase, type DatabaseHandle } from '../../server/db/connect.js';
import { INVITATION_TOKEN_TTL_MS } from '../../server/identity/policy.js';
import { setUpFirstAdministrator, SetupRefused } from '../../server/setup/first-admin.js';
import { call, DEMO_PASSWORD, databaseKinds, PUBLIC_URL, ROOT, totpCode, useTestEnv, type TestEnv } from './fixture.js';
import { TestSmtp } from './mail.js';
import { emptyServerDatabase, runToExit, startServerProcess, type ServerDatabase } from './server-process.js';

const STRONG_SECRET = 'q3T0vJ9kXb2LZp8Wm1Ys7RcA5dHfGnUe4iKoPjQwErB';
const PUBLIC = 'https://retaguarda.empresa.test';
const CNPJ = '45.723.174/0001-10';
const ADMIN = 'maria.souza@empresa.test';
const NEW_SECRET = 'Cafe-com-pao-de-queijo-2026';
const SETUP_ARGS = ['--cnpj', CNPJ, '--razao-social', 'Empresa Primeira Ltda', '--nome-fantasia', 'Primeira', '--nome', 'Maria Souza', '--email', ADMIN];

const linkIn = (text: string): string => {
  const match = /https?:\/\/\S+\/auth\/recuperar-senha\?token=[\w%-]+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
};
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

async function open(kind: string, database: ServerDatabase): Promise<DatabaseHandle> {
  return kind === 'postgres' ? postgresDatabase(database.env.DATABASE_URL, 2) : pgliteDatabase(await openPglite(path.join(database.env.DATA_DIR, 'pglite')));
}

async function counts(handle: DatabaseHandle) {
  const orgs = (await handle.db.selectFrom('organizations').select('id').execute()).length;
  const users = (await handle.db.selectFrom('users').select('id').execute()).length;
  const profiles = (await handle.db.selectFrom('user_groups').select('id').execute()).length;
  const tokens = await handle.db.selectFrom('password_reset_tokens').select(['token_hash', 'used_at']).execute();
  return { orgs, users, profiles, tokens };
}

async function http(url: string, method: string, route: string, options: { token?: string; xsrf?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.xsrf) headers['x-xsrf-token'] = options.xsrf;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${url}/v1/identity/${route}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await answer.text();
  const xsrf = answer.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))?.split(';')[0].slice('XSRF-TOKEN='.length);
  return { status: answer.status, body: text ? JSON.parse(text) : undefined, xsrf };
}

describe.each(databaseKinds())('npm run setup on an empty production database [%s]', (kind) => {
  let database: ServerDatabase;
  let smtp: TestSmtp;
  let bundleDir: string;
  const production = (extra: Record<string, string> = {}) => ({
    ...database.env,
    NODE_ENV: 'production',
    APP_SECRET: STRONG_SECRET,
    PUBLIC_URL: PUBLIC,
    SMTP_URL: smtp.url,
    MAIL: '',
    SEED_DEMO: '',
    COMPANY_LOOKUP_URL: 'off',
    ...extra,
  });
  beforeAll(async () => {
    database = await emptyServerDatabase(kind);
    smtp = new TestSmtp();
    await smtp.start();
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    bundleDir = mkdtempSync(path.join(ROOT, '.tmp', 'setup-bundle-'));
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(bundleDir, 'main.mjs')], { cwd: ROOT });
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await database?.dispose();
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  it('creates one organisation and one invitation; run again (from dist-server), changes nothing and says so; the invitation works once, then the authenticator is required', async () => {
    // Without the settings production needs, the command refuses too.
    const refused = await runToExit(['server/setup/cli.ts', ...SETUP_ARGS], production({ PUBLIC_URL: '' }));
    expect(refused.code).toBe(78);
    expect(refused.stderr.trim()).toMatch(/^Configuração não feita \/ setup not run: PUBLIC_URL ausente: .+$/);

    const first = await runToExit(['server/setup/cli.ts', ...SETUP_ARGS], production());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Organização criada: Empresa Primeira Ltda (CNPJ 45.723.174/0001-10)');
    expect(first.stdout).toContain(`Convite enviado por e-mail para ${ADMIN}`);
    expect(first.stdout).not.toContain('recuperar-senha');
    const mail = await smtp.next(ADMIN, 0);
    expect(mail.subject).toBe('Convite para administrar o Retaguarda');
    expect(mail.text).toContain('verificação em duas etapas');
    const link = linkIn(mail.text);
    expect(link.startsWith(`${PUBLIC}/auth/recuperar-senha?token=`)).toBe(true);

    let handle = await open(kind, database);
    const before = await counts(handle);
    await handle.close();
    expect(before).toMatchObject({ orgs: 1, users: 1, profiles: 5 });
    expect(before.tokens).toHaveLength(1);
    expect(before.tokens[0].used_at).toBeNull();

    const again = await runToExit([path.join(bundleDir, 'setup.mjs'), ...SETUP_ARGS], production());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Nada mudou: a organização Empresa Primeira Ltda (CNPJ 45.723.174/0001-10) já existe, com o administrador ${ADMIN}.`);
    handle = await open(kind, database);
    expect(await counts(handle)).toEqual(before);
    await handle.close();
    expect(smtp.to(ADMIN)).toHaveLength(1);

    const server = await startServerProcess(production());
    try {
      if (kind === 'pglite') {
        // The embedded database belongs to the running server: the command does not touch it.
        const busy = await runToExit(['server/setup/cli.ts', ...SETUP_ARGS], production());
        expect(busy.code).toBe(1);
        expect(busy.stderr.trim()).toBe(`Erro: o servidor (processo ${server.child.pid}) está usando o banco embutido em ${database.env.DATA_DIR}; pare-o, rode este comando e inicie-o de novo.`);
      }
      // No password works before the invitation is used (not even an empty-looking guess).
      for (const secret of [DEMO_PASSWORD, NEW_SECRET]) expect((await http(server.url, 'POST', 'auth', { body: { login: ADMIN, secret } })).status).toBe(401);

      const reset = await http(server.url, 'POST', 'auth/password-recovery/reset', { body: { token: tokenOf(link), newSecret: NEW_SECRET } });
      expect(reset.status).toBe(204);
      const twice = await http(server.url, 'POST', 'auth/password-recovery/reset', { body: { token: tokenOf(link), newSecret: 'Outra-senha-qualquer-99' } });
      expect(twice.status).toBe(400);
      expect(twice.body.errors.token).toEqual(['O link de recuperação é inválido ou expirou. Peça um novo.']);

      const pre = await http(server.url, 'POST', 'auth', { body: { login: ADMIN, secret: NEW_SECRET } });
      expect(pre.status).toBe(200);
      expect(pre.body).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true, allowedMethods: ['TOTP'] } });
      // The PreAuthorization token opens nothing but the second step.
      expect((await http(server.url, 'GET', 'users/me', { token: pre.body.accessToken })).status).toBe(401);

      const setup = await http(server.url, 'GET', 'auth/two-factors/setup', { token: pre.body.accessToken, xsrf: pre.xsrf });
      expect(setup.status).toBe(200);
      const bound = await http(server.url, 'POST', 'auth/two-factors/setup', {
        token: pre.body.accessToken,
        xsrf: pre.xsrf,
        body: { totpKey: setup.body.totpKey, verificationCode: totpCode(setup.body.totpKey, new Date()) },
      });
      expect(bound.status).toBe(200);
      expect(bound.body.tokenType).toBe('Authorization');
      const me = await http(server.url, 'GET', 'users/me', { token: bound.body.accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email: ADMIN,
        accessLevel: 'Admin',
        organization: { name: 'Empresa Primeira Ltda' },
        twoFactorsSettings: { isMandatory: true, allowedMethods: ['TOTP'], boundMethods: ['TOTP'] },
      });
      // Neither the link nor the password reached the log.
      const log = server.output.join('\n');
      expect(log).not.toContain(tokenOf(link));
      expect(log).not.toContain(NEW_SECRET);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    if (kind === 'pglite') expect(existsSync(path.join(database.env.DATA_DIR, 'server.pid'))).toBe(false);
    expect(`${first.stdout}${again.stdout}`).not.toContain(NEW_SECRET);
  }, 240_000);

  it('with MAIL=off the invitation is printed once, and --novo-convite replaces it', async () => {
    const args = ['--cnpj', '60.746.948/0001-12', '--razao-social', 'Segunda Empresa S.A.', '--nome', 'João Lima', '--email', 'joao.lima@segunda.test'];
    const env = production({ SMTP_URL: '', MAIL: 'off' });
    const first = await runToExit(['server/setup/cli.ts', ...args], env);
    expect(first.code).toBe(0);
    const link = linkIn(first.stdout);
    expect(first.stdout.split(link)).toHaveLength(2);
    const again = await runToExit(['server/setup/cli.ts', ...args], env);
    expect(again.stdout).toContain('Nada mudou');
    expect(again.stdout).not.toContain('recuperar-senha');
    const renewed = await runToExit(['server/setup/cli.ts', ...args, '--novo-convite'], env);
    expect(renewed.code).toBe(0);
    expect(renewed.stdout).toContain('Novo convite para joao.lima@segunda.test; o anterior deixou de valer.');
    const newLink = linkIn(renewed.stdout);
    expect(newLink).not.toBe(link);
    expect(smtp.to('joao.lima@segunda.test')).toHaveLength(0);
    const handle = await open(kind, database);
    try {
      const user = await handle.db.selectFrom('users').select('id').where('email', '=', 'joao.lima@segunda.test').executeTakeFirstOrThrow();
      expect(await handle.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute()).toHaveLength(1);
      expect((await handle.db.selectFrom('organizations').select('id').execute()).length).toBe(2);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe.each(databaseKinds())('the same setup from the server\'s environment, for an operator with only its log [%s]', (kind) => {
  let database: ServerDatabase;
  beforeAll(async () => {
    database = await emptyServerDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('SETUP_* at start: the organisation and the invitation, printed once with MAIL=off; the next start changes nothing; a mistake is reported and the server starts', async () => {
    const env = {
      ...database.env,
      NODE_ENV: 'production',
      APP_SECRET: STRONG_SECRET,
      PUBLIC_URL: PUBLIC,
      SMTP_URL: '',
      MAIL: 'off',
      SEED_DEMO: '',
      COMPANY_LOOKUP_URL: 'off',
      SETUP_CNPJ: CNPJ,
      SETUP_RAZAO_SOCIAL: 'Empresa Primeira Ltda',
      SETUP_NOME: 'Maria Souza',
      SETUP_EMAIL: ADMIN,
    };
    const first = await startServerProcess(env);
    try {
      const output = first.output.join('\n');
      expect(output).toContain('Organização criada: Empresa Primeira Ltda (CNPJ 45.723.174/0001-10)');
      const link = linkIn(output);
      expect(output.split(link)).toHaveLength(2);
      expect((await http(first.url, 'POST', 'auth/password-recovery/reset', { body: { token: tokenOf(link), newSecret: NEW_SECRET } })).status).toBe(204);
      expect((await http(first.url, 'POST', 'auth', { body: { login: ADMIN, secret: NEW_SECRET } })).body).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true } });
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await startServerProcess(env);
    try {
      const output = second.output.join('\n');
      expect(output).not.toContain('recuperar-senha');
      expect(output).toContain(`Nada mudou: a organização Empresa Primeira Ltda (CNPJ 45.723.174/0001-10) já existe, com o administrador ${ADMIN}.`);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    const third = await startServerProcess({ ...env, SETUP_EMAIL: '' });
    try {
      expect(third.output.join('\n')).toContain('Configuração inicial (SETUP_*): Erro: Informe SETUP_EMAIL (o e-mail do administrador).');
    } finally {
      expect(await third.stop()).toBe(0);
    }
    const handle = await open(kind, database);
    try {
      expect((await counts(handle)).orgs).toBe(1);
    } finally {
      await handle.close();
    }
  }, 180_000);
});

describe.each(databaseKinds())('the first administrator, in process [%s]', (kind) => {
  const env: TestEnv = useTestEnv(kind);
  const input = (email: string, cnpj = '34.028.316/0001-03') => ({
    organisation: { cnpj: cnpj.replace(/\D/g, ''), name: 'Terceira Comércio Ltda', tradeName: 'Terceira' },
    admin: { name: 'Ana Dias', email },
  });
  const deps = () => ({ now: env.clock.now(), publicUrl: PUBLIC_URL, hasher: env.hasher });
  const reset = (link: string, newSecret = NEW_SECRET) => call(env, 'POST', 'auth/password-recovery/reset', { body: { token: tokenOf(link), newSecret } });

  it('creates the organisation with its profiles, banks and a mandatory-TOTP administrator; the invitation expires; a new one replaces it; what exists is refused without a change', async () => {
    const created = await setUpFirstAdministrator(env.db, input('ana.dias@terceira.test'), deps());
    if (created.outcome !== 'created') throw new Error(created.outcome);
    const org = await env.db.selectFrom('organizations').selectAll().where('id', '=', created.orgId).executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: 'Terceira Comércio Ltda', trade_name: 'Terceira', cnpj: '34028316000103', is_active: true });
    const user = await env.db.selectFrom('users').selectAll().where('id', '=', created.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ org_id: created.orgId, access_level: 'Admin', two_factor_mandatory: true, allowed_methods: ['TOTP'], is_active: true });
    const groups = await env.db.selectFrom('user_groups').select('name').where('org_id', '=', created.orgId).orderBy('name').execute();
    expect(groups.map((g) => g.name)).toEqual(['Administrador', 'Aprovador', 'Comprador', 'Financeiro', 'Solicitante']);
    const membership = await env.db
      .selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', 'g.id', 'm.group_id')
      .select('g.name')
      .where('m.user_id', '=', created.userId)
      .execute();
    expect(membership).toEqual([{ name: 'Administrador' }]);
    expect(Number((await env.db.selectFrom('banks' as never).select((eb: any) => eb.fn.countAll().as('n')).where('org_id' as never, '=', created.orgId as never).executeTakeFirstOrThrow() as any).n)).toBeGreaterThan(100);
    const actions = await env.db.selectFrom('audit_log').select('action').where('org_id', '=', created.orgId).orderBy('at').execute();
    expect(actions.map((a) => a.action)).toEqual(['setup.organization.created', 'setup.administrator.created', 'setup.invitation.sent']);
    expect(created.invitation.expiresAt.getTime() - env.clock.now().getTime()).toBe(INVITATION_TOKEN_TTL_MS);
    // The database keeps the link's hash only.
    const stored = await env.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', created.userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(tokenOf(created.invitation.link));

    // Refused, and nothing changes: the CNPJ with another e-mail; the e-mail of another organisation.
    await expect(setUpFirstAdministrator(env.db, input('outra.pessoa@terceira.test'), deps())).rejects.toThrow(SetupRefused);
    await expect(setUpFirstAdministrator(env.db, input('admin@demo.com.br', '07.526.557/0001-00'), deps())).rejects.toThrow(/já é usuário de outra organização/);
    expect(await env.db.selectFrom('users').select('id').where('email', '=', 'outra.pessoa@terceira.test').execute()).toEqual([]);
    expect(await env.db.selectFrom('organizations').select('id').where('cnpj', '=', '07526557000100').execute()).toEqual([]);
    const unchanged = await setUpFirstAdministrator(env.db, input('ana.dias@terceira.test'), deps());
    expect(unchanged).toMatchObject({ outcome: 'unchanged', orgId: created.orgId, userId: created.userId, passwordSet: false });

    // Expired: one millisecond after its lifetime the link sets nothing.
    env.clock.advance(INVITATION_TOKEN_TTL_MS);
    const late = await reset(created.invitation.link);
    expect(late.status).toBe(400);
    expect(late.body.errors.token).toHaveLength(1);
    expect((await env.db.selectFrom('users').select('password_hash').where('id', '=', created.userId).executeTakeFirstOrThrow()).password_hash).toBe(user.password_hash);

    const renewed = await setUpFirstAdministrator(env.db, { ...input('ana.dias@terceira.test'), newInvitation: true }, deps());
    if (renewed.outcome !== 'reinvited') throw new Error(renewed.outcome);
    expect((await reset(created.invitation.link)).status).toBe(400);
    env.clock.advance(INVITATION_TOKEN_TTL_MS - 1000);
    expect((await reset(renewed.invitation.link)).status).toBe(204);
    expect((await reset(renewed.invitation.link, 'Mais-uma-senha-2026')).status).toBe(400);
    const signIn = await call(env, 'POST', 'auth', { body: { login: 'ana.dias@terceira.test', secret: NEW_SECRET } });
    expect(signIn.body).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true, allowedMethods: ['TOTP'] } });

    // Once the password is set, no command re-invites.
    await expect(setUpFirstAdministrator(env.db, { ...input('ana.dias@terceira.test'), newInvitation: true }, deps())).rejects.toThrow(/já definiu a senha/);
    expect(await setUpFirstAdministrator(env.db, input('ana.dias@terceira.test'), deps())).toMatchObject({ outcome: 'unchanged', passwordSet: true });
  }, 60_000);
});
