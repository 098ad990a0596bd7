/**
 * Reading an NF-e (modelo 55, layout 4.00) from its XML bytes into the plain structure of
 * ./types.ts. Reading only: the root (`nfeProc`, or a bare `NFe` — read with `protocol: null`,
 * which `checkNfe` refuses), the layout version, the fields present and well-formed (money
 * with ≤ 2 decimals → centavos, quantities and unit prices as decimal strings, dates). Whether
 * the note adds up, is authorised and matches its chave is ./check.ts.
 */
import { centavosFromDecimal } from '../../../src/contracts/money.js';
import { NFE_MESSAGES } from './messages.js';
import type { Nfe, NfeCobranca, NfeDuplicata, NfeIde, NfeItem, NfeParty, NfeProtocol, NfeResult, NfeTotals } from './types.js';
import { at, child, children, clip, readXml, type XmlElement } from './xml.js';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
/** det maxOccurs in the 4.00 schema. */
export const MAX_NFE_ITEMS = 990;

class Refusal extends Error {}
function refuse(message: string): never {
  throw new Refusal(message);
}

const QUANTITY = /^\d{1,11}(\.\d{1,4})?$/; // TDec_1104v
const UNIT_PRICE = /^\d{1,11}(\.\d{1,10})?$/; // TDec_1110v
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$/; // TDateTimeUTC

/** Reads the fields of one element, each path named in messages as `prefix/name`. */
class Fields {
  constructor(
    private readonly element: XmlElement | undefined,
    private readonly prefix: string,
  ) {}

  private path(name: string) {
    return `${this.prefix}/${name}`;
  }

  optional(name: string): string | null {
    const found = child(this.element, name);
    return found ? found.text : null;
  }

  required(name: string): string {
    const value = this.optional(name);
    return value === null || value === '' ? refuse(NFE_MESSAGES.missing(this.path(name))) : value;
  }

  moneyOptional(name: string): number | null {
    const text = this.optional(name);
    if (text === null) return null;
    return centavosFromDecimal(text) ?? refuse(NFE_MESSAGES.money(this.path(name), text));
  }

  money(name: string): number {
    return this.moneyOptional(name) ?? refuse(NFE_MESSAGES.missing(this.path(name)));
  }

  decimal(name: string, pattern: RegExp, places: number): string {
    const text = this.required(name);
    return pattern.test(text) ? text : refuse(NFE_MESSAGES.decimal(this.path(name), text, places));
  }

  dateOptional(name: string): string | null {
    const text = this.optional(name);
    if (text === null) return null;
    return validDate(text) ? text : refuse(NFE_MESSAGES.date(this.path(name), text));
  }

  dateTime(name: string): string {
    const text = this.required(name);
    const match = DATE_TIME.exec(text);
    return match && validDate(match[1]) && !Number.isNaN(Date.parse(text)) ? text : refuse(NFE_MESSAGES.dateTime(this.path(name), text));
  }
}

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function party(element: XmlElement | undefined, prefix: string, requireName: boolean): NfeParty {
  const f = new Fields(element, prefix);
  const CNPJ = f.optional('CNPJ')?.toUpperCase() || null;
  const CPF = f.optional('CPF') || null;
  return { CNPJ, CPF, document: CNPJ ?? CPF, xNome: requireName ? f.required('xNome') : f.optional('xNome') };
}

function ide(element: XmlElement | undefined): NfeIde {
  if (!element) refuse(NFE_MESSAGES.missing('infNFe/ide'));
  const f = new Fields(element, 'ide');
  return {
    cUF: f.required('cUF'),
    cNF: f.required('cNF'),
    natOp: f.optional('natOp'),
    mod: f.required('mod'),
    serie: f.required('serie'),
    nNF: f.required('nNF'),
    dhEmi: f.dateTime('dhEmi'),
    tpNF: f.optional('tpNF'),
    tpEmis: f.required('tpEmis'),
    cDV: f.required('cDV'),
    tpAmb: f.optional('tpAmb'),
    finNFe: f.optional('finNFe'),
  };
}

function item(det: XmlElement): NfeItem {
  const nItem = det.attributes.nItem ?? refuse(NFE_MESSAGES.missing('det/@nItem'));
  const prefix = `det[${clip(nItem)}]/prod`;
  const prod = child(det, 'prod') ?? refuse(NFE_MESSAGES.missing(prefix));
  const f = new Fields(prod, prefix);
  // imposto/ICMS holds one group (ICMS00, ICMS20, ICMSSN102, …): its desonerado fields, if any.
  const icmsGroup = at(det, 'imposto', 'ICMS')?.children[0];
  const icms = new Fields(icmsGroup, `det[${clip(nItem)}]/imposto/ICMS/${clip(icmsGroup?.name ?? '')}`);
  return {
    nItem,
    cProd: f.required('cProd'),
    cEAN: f.optional('cEAN'),
    xProd: f.required('xProd'),
    NCM: f.required('NCM'),
    CFOP: f.required('CFOP'),
    uCom: f.required('uCom'),
    qCom: f.decimal('qCom', QUANTITY, 4),
    vUnCom: f.decimal('vUnCom', UNIT_PRICE, 10),
    vProd: f.money('vProd'),
    vFrete: f.moneyOptional('vFrete'),
    vSeg: f.moneyOptional('vSeg'),
    vDesc: f.moneyOptional('vDesc'),
    vOutro: f.moneyOptional('vOutro'),
    indTot: f.optional('indTot') ?? '1',
    xPed: f.optional('xPed'),
    nItemPed: f.optional('nItemPed'),
    vICMSDeson: icms.moneyOptional('vICMSDeson'),
    indDeduzDeson: icms.optional('indDeduzDeson'),
  };
}

function totals(infNFe: XmlElement): NfeTotals {
  const element = at(infNFe, 'total', 'ICMSTot') ?? refuse(NFE_MESSAGES.missing('total/ICMSTot'));
  const f = new Fields(element, 'ICMSTot');
  const issqn = new Fields(at(infNFe, 'total', 'ISSQNtot'), 'ISSQNtot');
  return {
    vBC: f.money('vBC'),
    vICMS: f.money('vICMS'),
    vICMSDeson: f.money('vICMSDeson'),
    vFCP: f.moneyOptional('vFCP'),
    vBCST: f.money('vBCST'),
    vST: f.money('vST'),
    vFCPST: f.moneyOptional('vFCPST'),
    vFCPSTRet: f.moneyOptional('vFCPSTRet'),
    vProd: f.money('vProd'),
    vFrete: f.money('vFrete'),
    vSeg: f.money('vSeg'),
    vDesc: f.money('vDesc'),
    vII: f.money('vII'),
    vIPI: f.money('vIPI'),
    vIPIDevol: f.moneyOptional('vIPIDevol'),
    vPIS: f.money('vPIS'),
    vCOFINS: f.money('vCOFINS'),
    vOutro: f.money('vOutro'),
    vNF: f.money('vNF'),
    vTotTrib: f.moneyOptional('vTotTrib'),
    vServ: issqn.moneyOptional('vServ'),
  };
}

function cobranca(element: XmlElement | undefined): NfeCobranca | null {
  if (!element) return null;
  const fatElement = child(element, 'fat');
  const fat = fatElement ? new Fields(fatElement, 'cobr/fat') : null;
  const dup = children(element, 'dup').map((d, i): NfeDuplicata => {
    const f = new Fields(d, `cobr/dup[${i + 1}]`);
    return { nDup: f.optional('nDup'), dVenc: f.dateOptional('dVenc'), vDup: f.money('vDup') };
  });
  return {
    fat: fat && { nFat: fat.optional('nFat'), vOrig: fat.moneyOptional('vOrig'), vDesc: fat.moneyOptional('vDesc'), vLiq: fat.moneyOptional('vLiq') },
    dup,
  };
}

function protocol(protNFe: XmlElement | undefined): NfeProtocol | null {
  if (!protNFe) return null;
  const f = new Fields(child(protNFe, 'infProt'), 'protNFe/infProt');
  return {
    tpAmb: f.optional('tpAmb'),
    chNFe: f.optional('chNFe'),
    dhRecbto: f.optional('dhRecbto'),
    nProt: f.optional('nProt'),
    cStat: f.required('cStat'),
    xMotivo: f.optional('xMotivo'),
  };
}

function toNfe(root: XmlElement): Nfe {
  if (root.name !== 'nfeProc' && root.name !== 'NFe') refuse(NFE_MESSAGES.notNfe(root.name));
  if (root.ns !== NFE_NAMESPACE) refuse(NFE_MESSAGES.namespace(root.name));
  const nfe = root.name === 'NFe' ? root : (child(root, 'NFe') ?? refuse(NFE_MESSAGES.missing('nfeProc/NFe')));
  const infNFe = child(nfe, 'infNFe') ?? refuse(NFE_MESSAGES.missing('NFe/infNFe'));
  const versao = infNFe.attributes.versao ?? '';
  if (versao !== '4.00') refuse(NFE_MESSAGES.layout(versao));
  const id = infNFe.attributes.Id ?? '';
  const chave = /^NFe([0-9A-Z]{44})$/.exec(id)?.[1] ?? refuse(NFE_MESSAGES.id(id));
  const dets = children(infNFe, 'det');
  if (!dets.length) refuse(NFE_MESSAGES.noItems);
  if (dets.length > MAX_NFE_ITEMS) refuse(NFE_MESSAGES.tooManyItems(dets.length));
  const emit = child(infNFe, 'emit') ?? refuse(NFE_MESSAGES.missing('infNFe/emit'));
  const destElement = child(infNFe, 'dest');
  return {
    chave,
    versao,
    ide: ide(child(infNFe, 'ide')),
    emit: party(emit, 'emit', true),
    dest: destElement ? party(destElement, 'dest', false) : null,
    items: dets.map(item),
    total: totals(infNFe),
    cobr: cobranca(child(infNFe, 'cobr')),
    infCpl: at(infNFe, 'infAdic', 'infCpl')?.text ?? null,
    protocol: root.name === 'nfeProc' ? protocol(child(root, 'protNFe')) : null,
  };
}

/** Reads an NF-e from its XML bytes; `{ok: false, message}` names what is wrong (pt-BR). */
export function readNfe(bytes: Uint8Array): NfeResult {
  const xml = readXml(bytes);
  if (!xml.ok) return xml;
  try {
    return { ok: true, nfe: toNfe(xml.root) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}
