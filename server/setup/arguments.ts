/**
 * The setup command's arguments (pt-BR names), checked before anything is opened. No password
 * is ever asked for here: the administrator chooses one through the invitation link.
 */
import { parseArgs } from 'node:util';
import { normaliseCnpj, validCnpj } from '../../src/contracts/brazil/documents.js';
import { validEmail } from '../../src/contracts/brazil/email.js';

export const USAGE = `Cria a organização e o seu primeiro administrador, que recebe um convite de uso único para
definir a senha e configurar a verificação em duas etapas (obrigatória).

  npm run setup -- --cnpj 45.723.174/0001-10 --nome "Maria Souza" --email maria@empresa.com.br \\
                   [--razao-social "Empresa Ltda"] [--nome-fantasia "Empresa"] [--novo-convite]
  (a partir do build: node dist-server/setup.mjs …, com as mesmas opções)

  --cnpj            CNPJ da organização (com ou sem máscara; numérico ou alfanumérico)
  --razao-social    razão social; sem ela, vem da consulta de CNPJ (COMPANY_LOOKUP_URL)
  --nome-fantasia   nome fantasia; sem ele, vem da consulta de CNPJ quando houver
  --nome            nome do administrador
  --email           e-mail do administrador (o login; o convite vai para ele)
  --novo-convite    troca o convite pendente de um administrador que ainda não definiu a senha

Rodar de novo com os mesmos dados não muda nada. Usa o mesmo ambiente do servidor
(DATABASE_URL ou DATA_DIR, PUBLIC_URL, SMTP_URL ou MAIL=off, NODE_ENV); no banco embutido
(PGlite), pare o servidor antes.`;

export interface SetupArguments {
  cnpj: string;
  razaoSocial?: string;
  nomeFantasia?: string;
  name: string;
  email: string;
  newInvitation: boolean;
}

/** A mistake in the arguments: the message, then the usage. */
export class UsageError extends Error {}

const text = (value: string | undefined, max: number): string | undefined => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** `null` when help was asked for. */
export function readArguments(args: string[]): SetupArguments | null {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        cnpj: { type: 'string' },
        'razao-social': { type: 'string' },
        'nome-fantasia': { type: 'string' },
        nome: { type: 'string' },
        email: { type: 'string' },
        'novo-convite': { type: 'boolean', default: false },
        ajuda: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`Opção não reconhecida ou sem valor (${(error as Error).message}).`);
  }
  if (values.ajuda) return null;
  const cnpj = normaliseCnpj(values.cnpj ?? '');
  if (!values.cnpj) throw new UsageError('Informe --cnpj.');
  if (!cnpj || !validCnpj(cnpj)) throw new UsageError(`CNPJ inválido: ${values.cnpj}.`);
  const name = text(values.nome, 120);
  if (!name) throw new UsageError('Informe --nome (o nome do administrador).');
  const email = values.email?.trim() ?? '';
  if (!email) throw new UsageError('Informe --email (o e-mail do administrador).');
  if (!validEmail(email)) throw new UsageError(`E-mail inválido: ${email}.`);
  return { cnpj, razaoSocial: text(values['razao-social'], 160), nomeFantasia: text(values['nome-fantasia'], 160), name, email, newInvitation: values['novo-convite'] === true };
}
