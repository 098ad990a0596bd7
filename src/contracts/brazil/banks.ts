/**
 * The official bank list (STR participants with a COMPE code, published by Banco Central: COMPE
 * code, ISPB, name), as shipped and kept current by @brazilian-utils (`getBanks`). The server
 * seeds the `banks` resource from it; the browser never imports this module (it lists banks
 * through the API).
 */
import { getBanks } from '@brazilian-utils/brazilian-utils/get-banks';

export interface OfficialBank {
  /** COMPE code, 3 digits. */
  code: string;
  /** ISPB, 8 digits. */
  ispb: string;
  name: string;
}

/** Every official bank, by COMPE code. */
export function officialBanks(): OfficialBank[] {
  return getBanks()
    .map(({ code, ispb, name }) => ({ code, ispb, name }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
