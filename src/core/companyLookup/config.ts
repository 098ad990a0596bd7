import { getAppConfig } from '../config';

/**
 * Base URL of the company-lookup service (app.config.json `apis.companyLookup.baseURL`,
 * BrasilAPI-shaped: `{base}/{cnpj}`), or null when it is not configured: no lookup, no button.
 */
export function companyLookupBaseUrl(): string | null {
  const value = getAppConfig()?.apis.companyLookup?.baseURL;
  return typeof value === 'string' && value ? value.replace(/\/+$/, '') : null;
}
