import { getAppConfig } from '../config';

/** ViaCEP's public endpoint, used when app.config.json has no `apis.postalCode.baseURL`. */
export const DEFAULT_POSTAL_CODE_BASE_URL = 'https://viacep.com.br/ws';

/** Base URL of the postal-code service (app.config.json `apis.postalCode.baseURL`). */
export function postalCodeBaseUrl(): string {
  const value = getAppConfig()?.apis.postalCode?.baseURL;
  return typeof value === 'string' && value ? value.replace(/\/+$/, '') : DEFAULT_POSTAL_CODE_BASE_URL;
}
