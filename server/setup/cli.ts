/**
 * `npm run setup -- --cnpj … --nome … --email …` (from the sources, through tsx) or
 * `node dist-server/setup.mjs …` (the build): an organisation and its first administrator
 * (first-admin.ts), who receives a one-time invitation link — by e-mail through SMTP_URL, or
 * printed here once when e-mail is off or not configured. The same environment as the server
 * (DATABASE_URL or DATA_DIR, PUBLIC_URL, SMTP_URL / MAIL, MAIL_FROM, COMPANY_LOOKUP_URL,
 * NODE_ENV); with NODE_ENV=production it refuses to run without PUBLIC_URL or a way to deliver
 * e-mail (deployment.ts), like the server. Migrates the database first (the same advisory
 * lock as a server start), then runs the setup (run-setup.ts).
 *
 * Exit codes: 0 done (or nothing to do), 1 refused or failed, 2 wrong arguments, 78 settings.
 * No password passes through here: not in the arguments, not in the output.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createPasswordHasher } from '../auth/passwords.js';
import { openDatabase } from '../db/connect.js';
import { prepareDatabase } from '../db/startup.js';
import { readArguments, USAGE, UsageError, type SetupArguments } from './arguments.js';
import { EXIT_CONFIG, productionProblems } from './deployment.js';
import { runSetup } from './run-setup.js';
import { runningServerPid } from './server-pid.js';

const env = process.env;
const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

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
    return await runSetup(database, args, { env, hasher, say, complain, newInvitationHint: 'rode o mesmo comando com --novo-convite' });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(`Falha na configuração: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
