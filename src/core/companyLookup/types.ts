import type { PostalAddress } from '../postal/types';

/** What a CNPJ lookup found of a company. Empty strings where the service knows nothing. */
export interface CompanyData {
  cnpj: string;
  /** Razão social. */
  name: string;
  /** Nome fantasia. */
  tradeName: string;
  email: string;
  /** Digits with DDD (10 or 11). */
  phone: string;
  /** The registered address (the CEP fill's shape) with its number and complement; null without a CEP. */
  address: (PostalAddress & { number: string; complement: string }) | null;
}

export type CompanyLookup =
  /** The service answered with the company. */
  | { status: 'found'; company: CompanyData }
  /** The service answered that it does not know the CNPJ. */
  | { status: 'notFound' }
  /** The service could not be reached (network, time-out, 5xx, unreadable answer). */
  | { status: 'offline' }
  /** Not a valid numeric CNPJ: nothing was asked. */
  | { status: 'invalid' };
