/**
 * NF-e import (modelo 55, layout 4.00, `nfeProc`) — reading and checking, no I/O, no database.
 * For the faturamento import route: read the uploaded bytes, check them, check the parties,
 * then (the caller) refuse a chave already imported and write through the record services.
 *
 * Public API (every message pt-BR, naming what is wrong; nothing here throws on bad input):
 *
 * - `importNfe(bytes: Uint8Array): {ok: true, nfe: Nfe} | {ok: false, message: string, problems: string[]}`
 *   read + check in one call: what the route calls first.
 * - `readNfe(bytes: Uint8Array): {ok: true, nfe: Nfe} | {ok: false, message: string}`
 *   reading only (./read.ts): size ≤ 5 MB, UTF-8, any `<!DOCTYPE` refused before parsing (no
 *   entity ever expanded), well-formed XML (saxes), at most 32 levels, root `nfeProc` (or a bare
 *   `NFe`, read with `protocol: null`) in the NF-e namespace, layout 4.00, required fields
 *   present, at most 990 items, money → integer centavos, quantities (qCom) and unit prices
 *   (vUnCom) kept as decimal strings, the chave a 44-character string.
 * - `checkNfe(nfe: Nfe): {ok: true} | {ok: false, message: string, problems: string[]}`
 *   pure checks (./check.ts): authorisation protocol present, cStat 100/150, protocol chNFe =
 *   chave; chave shape and mod-11 digit; chave fields = ide/emit; modelo 55; production
 *   environment (tpAmb 1); Σ items vProd = ICMSTot/vProd; vNF = its composition; Σ duplicatas =
 *   fat/vLiq. `message` is the first problem.
 * - `checkNfeParties(nfe, {organisationDocument: string | string[], supplierDocument?: string | null})`
 *   → same shape: "O emitente não é o fornecedor da ordem de compra…" /
 *   "O destinatário não é esta organização…" (./parties.ts).
 * - `readNfse(bytes: Uint8Array): {ok: true, nfse: Nfse} | {ok: false, message: string}` and
 *   `checkNfse(nfse)`: the NFS-e of the national layout (`NFSe/infNFSe`, ./nfse.ts): número,
 *   chave (50 digits: the national layout's verification code), competência, prestador,
 *   tomador, vServ/vLiq in centavos; parties with `checkNfeParties({emit: nfse.prestador,
 *   dest: nfse.tomador}, …)`. Municipal (ABRASF) layouts are not read.
 * - Types: `Nfe`, `NfeItem`, `NfeTotals`, `NfeCobranca`, `NfeDuplicata`, `NfeProtocol`, `NfeParty`,
 *   `NfeIde`, `NfeResult`, `NfeCheck`; messages `NFE_MESSAGES`, `XML_MESSAGES`; limits
 *   `MAX_XML_BYTES`, `MAX_DEPTH`, `MAX_ELEMENTS`, `MAX_NFE_ITEMS`.
 * Three-way matching uses `items[].xPed` / `nItemPed` (the OC number and line) when present, else
 * `infCpl` may name the order. `ide.finNFe` (4 = devolução) and `ide.tpNF` are there to refuse
 * notes that are not a purchase, if the route wants to.
 * Tests build files with tests/fixtures/nfe/build.ts (`buildNfeXml(nfeFixture({...}))`).
 * Chave helpers (format for display, parse) are in src/contracts/brazil/nfeKey.ts.
 */
import { checkNfe } from './check.js';
import { readNfe } from './read.js';
import type { Nfe } from './types.js';

export { AUTHORISED_STATUS, checkNfe } from './check.js';
export { KEY_FIELD_LABELS, NFE_MESSAGES } from './messages.js';
export { checkNfeParties, type NfePartiesExpected } from './parties.js';
export { checkNfse, NFSE_MESSAGES, NFSE_NAMESPACE, readNfse, type Nfse } from './nfse.js';
export { MAX_NFE_ITEMS, NFE_NAMESPACE, readNfe } from './read.js';
export type * from './types.js';
export { MAX_DEPTH, MAX_ELEMENTS, MAX_XML_BYTES, XML_MESSAGES } from './xml.js';

/** Reads and checks an NF-e: the nfe when it is good, else every problem (`message` the first). */
export function importNfe(bytes: Uint8Array): { ok: true; nfe: Nfe } | { ok: false; message: string; problems: string[] } {
  const read = readNfe(bytes);
  if (!read.ok) return { ok: false, message: read.message, problems: [read.message] };
  const checked = checkNfe(read.nfe);
  return checked.ok ? { ok: true, nfe: read.nfe } : checked;
}
