/**
 * The organisation's data for the setup command: the CNPJ checked by its arguments
 * (arguments.ts), the razão social and nome fantasia from the options or, when missing, from
 * the CNPJ lookup (commons/company-lookup.ts: BrasilAPI-shaped COMPANY_LOOKUP_URL; numeric CNPJs
 * only). What was written wins over what the lookup says; without either, the command stops.
 */
import type { CompanyAnswer } from '../commons/company-lookup.js';
import type { SetupArguments } from './arguments.js';
import { SetupRefused } from './first-admin.js';
import type { NewOrganisation } from './organisation.js';

export async function companyData(args: SetupArguments, lookup: (cnpj: string) => Promise<CompanyAnswer | null | undefined>, say: (line: string) => void): Promise<NewOrganisation> {
  const numeric = /^\d{14}$/.test(args.cnpj);
  const found = numeric ? await lookup(args.cnpj) : undefined;
  if (found) say(`Consulta de CNPJ: ${found.razao_social}${found.nome_fantasia ? ` (${found.nome_fantasia})` : ''}.`);
  else if (found === null) say('Consulta de CNPJ: o serviço não conhece este CNPJ.');
  else say(numeric ? 'Consulta de CNPJ indisponível: valem só os dados informados.' : 'CNPJ alfanumérico: o serviço de consulta ainda não o atende; valem só os dados informados.');
  const name = args.razaoSocial ?? found?.razao_social;
  if (!name) {
    throw new SetupRefused(found === null ? 'CNPJ não encontrado na consulta: confira o número ou informe --razao-social.' : 'Informe --razao-social: a consulta de CNPJ não respondeu.');
  }
  if (args.razaoSocial && found && found.razao_social.toLocaleLowerCase('pt-BR') !== args.razaoSocial.toLocaleLowerCase('pt-BR')) {
    say(`Atenção: a razão social informada difere da consulta (${found.razao_social}); vale a informada.`);
  }
  return { cnpj: args.cnpj, name, tradeName: args.nomeFantasia ?? (found?.nome_fantasia || null) };
}
