import type { CepLookupTargets } from '../../contracts/resource';
import type { PostalAddress } from './types';

/**
 * The sibling values an address fills through a CEP field's `lookup` map: only what is known (a
 * whole-city CEP leaves the street typed); the city as its IBGE code. A company's address (CNPJ
 * lookup) also brings its number and complement.
 */
export function addressPatch(address: PostalAddress & { number?: string; complement?: string }, targets: CepLookupTargets): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (targets.street && address.street) patch[targets.street] = address.street;
  if (targets.number && address.number) patch[targets.number] = address.number;
  if (targets.complement && address.complement) patch[targets.complement] = address.complement;
  if (targets.district && address.district) patch[targets.district] = address.district;
  if (targets.state && address.state) patch[targets.state] = address.state;
  if (targets.city && (address.cityCode || address.state)) patch[targets.city] = address.cityCode;
  return patch;
}
