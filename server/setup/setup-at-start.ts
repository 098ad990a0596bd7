/**
 * The setup for an operator who only has the server's environment and log (a platform without a
 * shell): SETUP_CNPJ, SETUP_NOME, SETUP_EMAIL and optionally SETUP_RAZAO_SOCIAL,
 * SETUP_NOME_FANTASIA, SETUP_NOVO_CONVITE=1 — the setup command's options — make a start run the
 * same setup (run-setup.ts) after the migrations. Its lines go to stdout/stderr like the
 * command's (the invitation link only when e-mail is off, once). A refusal is reported and the
 * server starts anyway: the rest of the product does not depend on it. Idempotent like the
 * command: later starts with the same variables say that nothing changed.
 */
import type { PasswordHasher } from '../auth/passwords.js';
import type { DatabaseHandle } from '../db/connect.js';
import { readArguments, UsageError } from './arguments.js';
import { runSetup } from './run-setup.js';

type Env = Record<string, string | undefined>;

const OPTIONS: [variable: string, option: string][] = [
  ['SETUP_CNPJ', '--cnpj'],
  ['SETUP_RAZAO_SOCIAL', '--razao-social'],
  ['SETUP_NOME_FANTASIA', '--nome-fantasia'],
  ['SETUP_NOME', '--nome'],
  ['SETUP_EMAIL', '--email'],
];

/** The command's arguments from SETUP_* (null without SETUP_CNPJ: nothing to set up). */
export function setupArgumentsFromEnv(env: Env): string[] | null {
  if (!env.SETUP_CNPJ?.trim()) return null;
  const args = OPTIONS.flatMap(([variable, option]) => (env[variable]?.trim() ? [option, env[variable]!.trim()] : []));
  if (env.SETUP_NOVO_CONVITE === '1') args.push('--novo-convite');
  return args;
}

export async function setupAtStart(database: DatabaseHandle, env: Env, hasher: PasswordHasher, out: { say(line: string): void; complain(line: string): void }): Promise<void> {
  const raw = setupArgumentsFromEnv(env);
  if (!raw) return;
  const complain = (line: string) => out.complain(`Configuração inicial (SETUP_*): ${line}`);
  let args;
  try {
    args = readArguments(raw);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The command's words for its options, told as the variables that carry them here.
    complain(`Erro: ${error.message.replace(/--([a-z-]+)/g, (_match, name: string) => `SETUP_${name.toUpperCase().replace(/-/g, '_')}`)}`);
    return;
  }
  if (!args) return;
  await runSetup(database, args, { env, hasher, say: out.say, complain, newInvitationHint: 'inicie o servidor uma vez com SETUP_NOVO_CONVITE=1 (e retire-a depois)' });
}
