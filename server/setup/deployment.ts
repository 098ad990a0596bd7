/**
 * What a start needs from the environment, and which settings are in force (never their
 * values). With NODE_ENV=production a start refuses to run when something it needs is missing
 * or unsafe (main.ts prints each reason on one line, pt-BR / English, and exits with
 * EXIT_CONFIG); without it, everything keeps the easy defaults of the demo.
 *
 * Production needs: PUBLIC_URL (links in e-mails), SMTP_URL unless MAIL=off (codes and
 * invitations go by e-mail), APP_SECRET when DATABASE_URL is set (every instance must sign with
 * the same key), and a strong secret (secret-strength.ts). The demo organisation is created only
 * with SEED_DEMO=1, with random passwords (db/seed.ts).
 */
import { MIN_SECRET_BITS, secretEntropyBits } from './secret-strength.js';

type Env = Record<string, string | undefined>;

/** sysexits' EX_CONFIG: a service manager can tell "fix the configuration" from a crash. */
export const EXIT_CONFIG = 78;

const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

export const isProduction = (env: Env): boolean => env.NODE_ENV === 'production';

/** MAIL as written (an empty value is no value). */
const mailSetting = (env: Env): string | undefined => (set(env.MAIL) ? env.MAIL.trim() : undefined);

export type MailMode = 'smtp' | 'off' | 'dev-mailbox';

/** Where e-mails go: SMTP, nowhere readable (MAIL=off: kept in the database outbox only), or the development mailbox. */
export function mailMode(env: Env): MailMode {
  if (mailSetting(env) === 'off') return 'off';
  if (set(env.SMTP_URL)) return 'smtp';
  return isProduction(env) ? 'off' : 'dev-mailbox';
}

/** Whether the style guide (the developer pages) is served: never in production. */
export const developerPagesOn = (env: Env): boolean => !isProduction(env);

/** Whether this start creates the demo organisation when it is missing: opt-in in production. */
export function demoWanted(env: Env): boolean {
  return isProduction(env) ? env.SEED_DEMO?.trim() === '1' : env.SEED_DEMO?.trim() !== '0';
}

export type Need = 'secret' | 'publicUrl' | 'mail';

/**
 * The reasons a production start (or the setup command: `needs` without the secret) refuses to
 * run, one line each; empty when it may go on, and always empty outside production.
 * `fileSecret`: the secret of DATA_DIR/app-secret when APP_SECRET is not set (embedded database).
 */
export function productionProblems(env: Env, options: { needs?: Need[]; fileSecret?: string } = {}): string[] {
  if (!isProduction(env)) return [];
  const needs = new Set(options.needs ?? ['secret', 'publicUrl', 'mail']);
  const problems: string[] = [];
  if (needs.has('secret')) {
    if (!set(env.APP_SECRET) && set(env.DATABASE_URL)) {
      problems.push('APP_SECRET ausente com DATABASE_URL definida: cada instância assinaria com uma chave diferente / APP_SECRET is missing while DATABASE_URL is set: each instance would sign with a different key');
    } else {
      const secret = set(env.APP_SECRET) ? env.APP_SECRET : options.fileSecret;
      const bits = secret === undefined ? MIN_SECRET_BITS : secretEntropyBits(secret);
      if (bits < MIN_SECRET_BITS) {
        const where = set(env.APP_SECRET) ? 'APP_SECRET' : 'DATA_DIR/app-secret';
        problems.push(
          `${where} fraca (cerca de ${bits} bits, mínimo ${MIN_SECRET_BITS}): gere uma com "openssl rand -base64 32" / ${where} is weak (about ${bits} bits, at least ${MIN_SECRET_BITS}): generate one with "openssl rand -base64 32"`,
        );
      }
    }
  }
  if (needs.has('publicUrl')) {
    if (!set(env.PUBLIC_URL)) {
      problems.push('PUBLIC_URL ausente: os links enviados por e-mail precisam do endereço público / PUBLIC_URL is missing: links sent by e-mail need the public address');
    } else if (!/^https?:\/\/[^/\s]+/i.test(env.PUBLIC_URL.trim())) {
      problems.push('PUBLIC_URL inválida: use o endereço completo, com http:// ou https:// / PUBLIC_URL is invalid: give the full address, with http:// or https://');
    }
  }
  if (needs.has('mail')) {
    const mail = mailSetting(env);
    if (mail !== undefined && mail !== 'off' && mail !== 'smtp') {
      problems.push('MAIL deve ser "smtp" ou "off" / MAIL must be "smtp" or "off"');
    } else if (mail === 'off' && set(env.SMTP_URL)) {
      problems.push('MAIL=off e SMTP_URL definidas juntas: escolha uma / MAIL=off and SMTP_URL are both set: choose one');
    } else if (mail !== 'off' && !set(env.SMTP_URL)) {
      problems.push(
        'SMTP_URL ausente: códigos e convites são enviados por e-mail; defina SMTP_URL ou desligue o e-mail com MAIL=off / SMTP_URL is missing: codes and invitations go by e-mail; set SMTP_URL or turn e-mail off with MAIL=off',
      );
    }
  }
  return problems;
}

/** Which settings are in force, never their values: the start log and GET /readyz say it. */
export interface SettingsInForce {
  mode: 'production' | 'development';
  database: 'postgres' | 'pglite';
  /** Where the signing key comes from. */
  appSecret: 'APP_SECRET' | 'DATA_DIR/app-secret';
  /** PUBLIC_URL, or the default http://localhost:PORT. */
  publicUrl: 'PUBLIC_URL' | 'default';
  mail: MailMode;
  /** Whether a start creates the demo organisation when it is missing (SEED_DEMO). */
  demo: boolean;
  /** The app's own database login (DATABASE_APP_URL) or the owner's with SET ROLE. */
  appDatabaseLogin?: 'DATABASE_APP_URL' | 'DATABASE_URL';
  trustProxy: boolean;
  rateLimitStore: 'database' | 'memory';
}

export function settingsInForce(env: Env, rateLimitStore: 'database' | 'memory'): SettingsInForce {
  const postgres = set(env.DATABASE_URL);
  return {
    mode: isProduction(env) ? 'production' : 'development',
    database: postgres ? 'postgres' : 'pglite',
    appSecret: set(env.APP_SECRET) ? 'APP_SECRET' : 'DATA_DIR/app-secret',
    publicUrl: set(env.PUBLIC_URL) ? 'PUBLIC_URL' : 'default',
    mail: mailMode(env),
    demo: demoWanted(env),
    ...(postgres ? { appDatabaseLogin: set(env.DATABASE_APP_URL) ? ('DATABASE_APP_URL' as const) : ('DATABASE_URL' as const) } : {}),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitStore,
  };
}
