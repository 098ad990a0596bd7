import type { Uf } from '../../contracts/brazil';

/** An address found for a CEP. Empty strings where the service knows nothing (a whole-city CEP). */
export interface PostalAddress {
  cep: string;
  street: string;
  district: string;
  /** IBGE code of the municipality (a `city` field's value); null when unknown. */
  cityCode: string | null;
  /** Municipality name, when known. */
  cityName: string;
  state: Uf | null;
}

export type PostalLookup =
  /** The service answered with the address. */
  | { status: 'found'; address: PostalAddress }
  /** The service answered that the CEP does not exist. */
  | { status: 'notFound' }
  /** The service could not be reached: UF (and the city, inside a capital's own range) from the CEP ranges. */
  | { status: 'offline'; address: PostalAddress }
  /** Not 8 digits in any UF's range: nothing was asked. */
  | { status: 'invalid' };
