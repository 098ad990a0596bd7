/**
 * "Cadastrar a matriz com os dados da organização" (issue 28, step "Dados da empresa"): the
 * organisation's razão social, nome fantasia and CNPJ — typed and checked at the setup — become
 * its first company, of the type "Matriz" (created when missing), through the company types' and
 * companies' record services (rules, audit), in one transaction. The administrator then completes
 * it (inscrições, addresses) on its own screen. Once: with the settings row locked first, a second
 * call — or a call once any company exists — is a 409 without a change.
 */
import { sql } from 'kysely';
import type { HeadOfficeResult } from '../../src/contracts/onboarding.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import type { Caller } from '../registry/service.js';
import type { Call } from '../registry/storage.js';
import { hasRecords } from './onboarding-state.js';

export const HEAD_OFFICE_TYPE = 'Matriz';

export const headOfficeMessages = {
  exists: 'A organização já tem empresas cadastradas: complete-as em Empresas.',
  noCnpj: 'A organização não tem CNPJ cadastrado: cadastre a matriz em Empresas.',
} as const;

export async function applyHeadOffice(ctx: AppContext, caller: Caller, request: Call['request']): Promise<HeadOfficeResult> {
  const types = ctx.records('companyTypes');
  return types.run(caller, { request }, async (trx, call) => {
    await sql`SELECT org_id FROM org_settings WHERE org_id = ${caller.orgId} FOR UPDATE`.execute(trx);
    const found = (await sql<{ any: boolean }>`SELECT ${hasRecords({ resource: 'companies' }, caller.orgId)} AS any`.execute(trx)).rows[0];
    if (found.any) throw new HttpError(409, headOfficeMessages.exists);
    const organisation = (await sql<{ name: string; trade_name: string | null; cnpj: string | null }>`
      SELECT name, trade_name, cnpj FROM organizations WHERE id = ${caller.orgId}`.execute(trx)).rows[0];
    if (!organisation?.cnpj) throw new HttpError(409, headOfficeMessages.noCnpj);
    const existing = (await sql<{ id: string }>`SELECT id FROM company_types WHERE org_id = ${caller.orgId} AND name = ${HEAD_OFFICE_TYPE} LIMIT 1`.execute(trx)).rows[0];
    const companyTypeId = existing?.id ?? (await types.create(trx, call, { name: HEAD_OFFICE_TYPE, description: null, position: 1, isActive: true })).id;
    const companies = ctx.records('companies');
    const companyCall = { ...companies.callFrom(call), parentId: companyTypeId };
    const company = await companies.create(trx, companyCall, {
      name: organisation.name,
      tradeName: organisation.trade_name,
      cnpj: organisation.cnpj,
      stateRegistration: null,
      stateRegistrationUf: null,
      municipalRegistration: null,
      email: null,
      phone: null,
      isActive: true,
      addresses: [],
      contacts: [],
    });
    return { companyTypeId, companyId: company.id };
  });
}
