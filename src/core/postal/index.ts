export { DEFAULT_POSTAL_CODE_BASE_URL, postalCodeBaseUrl } from './config';
export { lookupPostalCode, POSTAL_TIMEOUT_MS, type LookupOptions } from './lookup';
export { offlineAddress } from './offline';
export type { PostalAddress, PostalLookup } from './types';
export { readViaCep, viaCepUrl, type ViaCepBody } from './viacep';
