/**
 * What a company found by its CNPJ fills in a form: only the declared siblings that are still
 * empty (nothing the user typed is overwritten) and, while the addresses list is empty, its
 * first item — the CEP and the rest through the CEP field's own `lookup` map.
 */
import type { AnyResource, CompanyLookupTargets, ScalarFieldDef } from '../../contracts/resource';
import { addressPatch } from '../postal/patch';
import { emptyValue } from '../resources/values';
import type { CompanyData } from './types';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function companyPatch(resource: AnyResource, company: CompanyData, targets: CompanyLookupTargets, siblings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const offer = (target: string | undefined, value: string) => {
    if (target && value && isEmpty(siblings[target])) patch[target] = value;
  };
  offer(targets.name, company.name);
  offer(targets.tradeName, company.tradeName);
  offer(targets.email, company.email);
  offer(targets.phone, company.phone);
  const list = targets.addresses ? resource.fields[targets.addresses.field] : undefined;
  if (company.address && targets.addresses && list?.type === 'list' && isEmpty(siblings[targets.addresses.field])) {
    const of = Object.entries(list.of) as [string, ScalarFieldDef][];
    const cep = of.find(([, def]) => def.type === 'cep');
    if (cep) {
      const [cepField, cepDef] = cep;
      const blank = Object.fromEntries(of.map(([name, def]) => [name, emptyValue(def)]));
      const lookup = cepDef.type === 'cep' ? (cepDef.lookup ?? {}) : {};
      patch[targets.addresses.field] = [{ ...blank, ...targets.addresses.item, [cepField]: company.address.cep, ...addressPatch(company.address, lookup) }];
    }
  }
  return patch;
}
