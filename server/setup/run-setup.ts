/**
 * The setup itself, after the arguments and the settings were checked and the database
 * migrated: the organisation's data (company-data.ts; the CNPJ lookup only for an organisation
 * still to create), the organisation and its administrator under a lock of their own
 * (first-admin.ts), then the invitation — e-mailed through SMTP_URL, or printed once. What the
 * setup command (cli.ts) and a start with SETUP_* variables (main.ts: an operator who only has
 * the server's log) both run. Answers an exit code: 0 done or nothing to do, 1 refused or failed.
 */
import { maskCpfCnpj } from '../../src/contracts/brazil/masks.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { companyLookup } from '../commons/company-lookup.js';
import type { DatabaseHandle } from '../db/connect.js';
import { withAdvisoryLock } from '../db/startup.js';
import { DEFAULT_MAIL_FROM, smtpMailer } from '../mail/mailer.js';
import { invitationMail } from '../mail/templates.js';
import type { SetupArguments } from './arguments.js';
import { companyData } from './company-data.js';
import { mailMode } from './deployment.js';
import { setUpFirstAdministrator, SetupRefused, type SetupResult } from './first-admin.js';
import type { NewOrganisation } from './organisation.js';

/** Two setups at once on one PostgreSQL database: one after the other ("RTGD" + 3). */
const SETUP_LOCK_KEY = 0x52544744_00000003n;

export interface SetupIo {
  env: Record<string, string | undefined>;
  hasher: PasswordHasher;
  say(line: string): void;
  complain(line: string): void;
  /** How to ask for a new invitation here ("rode o mesmo comando com --novo-convite"). */
  newInvitationHint: string;
}

const when = (date: Date) => `${new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(date)} (horário de Brasília)`;

export async function runSetup(database: DatabaseHandle, args: SetupArguments, io: SetupIo): Promise<number> {
  const { env } = io;
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, '');
  try {
    // The lookup only for an organisation still to create (a second run needs no network).
    const existing = await database.db.selectFrom('organizations').select('name').where('cnpj', '=', args.cnpj).executeTakeFirst();
    const organisation: NewOrganisation = existing ? { cnpj: args.cnpj, name: existing.name, tradeName: null } : await companyData(args, companyLookup({ upstream: env.COMPANY_LOOKUP_URL }), io.say);
    const result = await withAdvisoryLock(database, SETUP_LOCK_KEY, () =>
      setUpFirstAdministrator(database.db, { organisation, admin: { name: args.name, email: args.email }, newInvitation: args.newInvitation }, { now: new Date(), publicUrl, hasher: io.hasher }),
    );
    return await report(args, organisation, result, io);
  } catch (error) {
    if (!(error instanceof SetupRefused)) throw error;
    io.complain(`Erro: ${error.message}`);
    return 1;
  }
}

async function report(args: SetupArguments, organisation: NewOrganisation, result: SetupResult, io: SetupIo): Promise<number> {
  const { env, say, complain } = io;
  const cnpj = maskCpfCnpj(args.cnpj);
  if (result.outcome === 'unchanged') {
    say(`Nada mudou: a organização ${result.organisationName} (CNPJ ${cnpj}) já existe, com o administrador ${args.email}.`);
    if (!result.passwordSet) say(`${args.email} ainda não definiu a senha. Para trocar o convite pendente por um novo, ${io.newInvitationHint}.`);
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
      complain(`Erro: o convite não pôde ser enviado por e-mail (${(error as Error).message}). Confira SMTP_URL e ${io.newInvitationHint}.`);
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
