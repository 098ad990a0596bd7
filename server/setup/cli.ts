/**
 * `npm run setup -- --cnpj … --nome … --email …` (from the sources, through tsx) or
 * `node dist-server/setup.mjs …` (the build): an organisation and its first administrator
 * (first-admin.ts), who receives a one-time invitation link — by e-mail through SMTP_URL, or
 * printed here once when e-mail is off or not configured. The same environment as the server
 * (DATABASE_URL or DATA_DIR, PUBLIC_URL, SMTP_URL / MAIL, MAIL_FROM, COMPANY_LOOKUP_URL,
 * NODE_ENV); with NODE_ENV=production it refuses to run without PUBLIC_URL or a way to deliver
 * e-mail (deployment.ts), like the server. Migrates the database first (the same advisory
 * lock as a server start), then works under a lock of its own.
 *
 * Exit codes: 0 done (or nothing to do), 1 refused or failed, 2 wrong arguments, 78 settings.
 * No password passes through here: not in the arguments, not in the output.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { maskCpfCnpj } from '../../src/contracts/brazil/masks.js';
import { createPasswordHasher } from '../auth/passwords.js';
import { companyLookup } from '../commons/company-lookup.js';
import { openDatabase } from '../db/connect.js';
import { prepareDatabase, withAdvisoryLock } from '../db/startup.js';
import { DEFAULT_MAIL_FROM, smtpMailer } from '../mail/mailer.js';
import { invitationMail } from '../mail/templates.js';
import { readArguments, USAGE, UsageError, type SetupArguments } from './arguments.js';
import { companyData } from './company-data.js';
import { EXIT_CONFIG, mailMode, productionProblems } from './deployment.js';
import { setUpFirstAdministrator, SetupRefused, type SetupResult } from './first-admin.js';
import { runningServerPid } from './server-pid.js';
import type { NewOrganisation } from './organisation.js';

/** Two setups at once on one PostgreSQL database: one after the other ("RTGD" + 3). */
const SETUP_LOCK_KEY = 0x52544744_00000003n;

const env = process.env;
const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);
const when = (date: Date) => `${new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(date)} (horário de Brasília)`;

async function main(): Promise<number> {
  let args: SetupArguments | null;
  try {
    args = readArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    complain(`Erro: ${error.message}`);
    complain(USAGE);
    return 2;
  }
  if (!args) {
    say(USAGE);
    return 0;
  }
  const problems = productionProblems(env, { needs: ['publicUrl', 'mail'] });
  if (problems.length > 0) {
    for (const problem of problems) complain(`Configuração não feita / setup not run: ${problem}`);
    return EXIT_CONFIG;
  }
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  if (!env.DATABASE_URL) {
    const server = runningServerPid(dataDir);
    if (server !== null) {
      complain(`Erro: o servidor (processo ${server}) está usando o banco embutido em ${dataDir}; pare-o, rode este comando e inicie-o de novo.`);
      return 1;
    }
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, appDatabaseUrl: env.DATABASE_APP_URL, dataDir: path.join(dataDir, 'pglite') });
  try {
    const hasher = createPasswordHasher();
    await prepareDatabase(database, { seed: false, hasher });
    // The lookup only for an organisation still to create (a second run needs no network).
    const existing = await database.db.selectFrom('organizations').select('name').where('cnpj', '=', args.cnpj).executeTakeFirst();
    const organisation: NewOrganisation = existing ? { cnpj: args.cnpj, name: existing.name, tradeName: null } : await companyData(args, companyLookup({ upstream: env.COMPANY_LOOKUP_URL }), say);
    const result = await withAdvisoryLock(database, SETUP_LOCK_KEY, () =>
      setUpFirstAdministrator(database.db, { organisation, admin: { name: args.name, email: args.email }, newInvitation: args.newInvitation }, { now: new Date(), publicUrl, hasher }),
    );
    return await report(args, organisation, result);
  } catch (error) {
    if (!(error instanceof SetupRefused)) throw error;
    complain(`Erro: ${error.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

async function report(args: SetupArguments, organisation: NewOrganisation, result: SetupResult): Promise<number> {
  const cnpj = maskCpfCnpj(args.cnpj);
  if (result.outcome === 'unchanged') {
    say(`Nada mudou: a organização ${result.organisationName} (CNPJ ${cnpj}) já existe, com o administrador ${args.email}.`);
    if (!result.passwordSet) say(`${args.email} ainda não definiu a senha. Para trocar o convite pendente por um novo, rode o mesmo comando com --novo-convite.`);
    return 0;
  }
  if (result.outcome === 'created') {
    say(`Organização criada: ${organisation.name} (CNPJ ${cnpj}), com os perfis Solicitante, Comprador, Aprovador, Financeiro e Administrador.`);
    say(`Administrador: ${args.name} <${args.email}>, perfil Administrador; a verificação em duas etapas (aplicativo autenticador) é obrigatória para esta conta.`);
  } else {
    say(`Novo convite para ${args.email}; o anterior deixou de valer.`);
  }
  const until = when(result.invitation.expiresAt);
  if (mailMode(env) === 'smtp') {
    const mailer = smtpMailer(env.SMTP_URL!, env.MAIL_FROM ?? DEFAULT_MAIL_FROM);
    try {
      await mailer.send(invitationMail(args.email, args.name, organisation.name, result.invitation.link, result.invitation.ttlMs / 3_600_000));
    } catch (error) {
      complain(`Erro: o convite não pôde ser enviado por e-mail (${(error as Error).message}). Confira SMTP_URL e rode o mesmo comando com --novo-convite.`);
      return 1;
    } finally {
      await mailer.close?.();
    }
    say(`Convite enviado por e-mail para ${args.email}: uso único, válido até ${until}.`);
    return 0;
  }
  say(`E-mail desligado: entregue este convite ao administrador. Uso único, válido até ${until}; ele não será mostrado de novo:`);
  say(result.invitation.link);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(`Falha na configuração: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
