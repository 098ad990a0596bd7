import { capitalOfCep, ufOfCep } from '../../contracts/brazil';
import { loadMunicipalities } from '../places/municipalities';
import type { PostalAddress } from './types';

/**
 * What the product knows of a CEP without the network: its UF (Correios ranges) and, inside a
 * capital's own range, the city; the name comes from the shipped IBGE list (lazy chunk).
 */
export async function offlineAddress(cep: string): Promise<PostalAddress | null> {
  const state = ufOfCep(cep);
  if (!state) return null;
  const cityCode = capitalOfCep(cep);
  let cityName = '';
  if (cityCode) {
    try {
      const { municipalityByCode } = await loadMunicipalities();
      cityName = municipalityByCode(cityCode)?.name ?? '';
    } catch {
      // the chunk could not load either: the code alone still fills the city field
    }
  }
  return { cep, street: '', district: '', cityCode, cityName, state };
}
