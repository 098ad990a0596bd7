import { normaliseUf } from '../../contracts/brazil';
import type { PostalAddress } from './types';

/** The JSON a ViaCEP-shaped service answers (`{erro: true}` for an unknown CEP). */
export interface ViaCepBody {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
  erro?: boolean | string;
}

/** `{base}/{cep}/json/` — ViaCEP's URL shape. */
export const viaCepUrl = (baseUrl: string, cep: string) => `${baseUrl}/${cep}/json/`;

/** The address in a ViaCEP answer, or null when it says the CEP does not exist. */
export function readViaCep(cep: string, body: ViaCepBody): PostalAddress | null {
  if (!body || body.erro === true || body.erro === 'true') return null;
  return {
    cep,
    street: body.logradouro?.trim() ?? '',
    district: body.bairro?.trim() ?? '',
    cityCode: /^\d{7}$/.test(body.ibge ?? '') ? body.ibge! : null,
    cityName: body.localidade?.trim() ?? '',
    state: normaliseUf(body.uf ?? ''),
  };
}
