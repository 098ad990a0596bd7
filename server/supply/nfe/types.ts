/**
 * What an NF-e (modelo 55, layout 4.00) reads into: layout names, every value the string the
 * file holds, except money, which is integer centavos (parsed exactly from the decimal text).
 * Quantities and unit prices (up to 4 and 10 decimals) stay decimal strings ("12.5000").
 */

/** A CNPJ (14, numeric or alphanumeric, upper case) or CPF (11 digits) as written in the file. */
export interface NfeParty {
  CNPJ: string | null;
  CPF: string | null;
  /** CNPJ or CPF, whichever the file has (null: none, e.g. a foreign dest with idEstrangeiro). */
  document: string | null;
  xNome: string | null;
}

export interface NfeIde {
  cUF: string;
  cNF: string;
  natOp: string | null;
  mod: string;
  serie: string;
  nNF: string;
  /** Date and time of issue with its UTC offset, as written ("2026-07-15T10:30:00-03:00"). */
  dhEmi: string;
  tpNF: string | null;
  tpEmis: string;
  cDV: string;
  tpAmb: string | null;
  finNFe: string | null;
}

export interface NfeItem {
  nItem: string;
  cProd: string;
  cEAN: string | null;
  xProd: string;
  NCM: string;
  CFOP: string;
  uCom: string;
  /** Decimal string, up to 4 decimals ("10.0000"). */
  qCom: string;
  /** Decimal string, up to 10 decimals ("12.3456789012"). */
  vUnCom: string;
  /** Centavos. */
  vProd: number;
  vFrete: number | null;
  vSeg: number | null;
  vDesc: number | null;
  vOutro: number | null;
  /** "1": vProd counts in ICMSTot/vProd; "0": it does not. */
  indTot: string;
  /** The buyer's order number (our OC number) and its line, when the supplier wrote them. */
  xPed: string | null;
  nItemPed: string | null;
  /** ICMS desonerado of the item (centavos) and whether it reduces the total (indDeduzDeson = "1"). */
  vICMSDeson: number | null;
  indDeduzDeson: string | null;
}

/** ICMSTot, centavos; the optional ones null when absent. */
export interface NfeTotals {
  vBC: number;
  vICMS: number;
  vICMSDeson: number;
  vFCP: number | null;
  vBCST: number;
  vST: number;
  vFCPST: number | null;
  vFCPSTRet: number | null;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vII: number;
  vIPI: number;
  vIPIDevol: number | null;
  vPIS: number;
  vCOFINS: number;
  vOutro: number;
  vNF: number;
  vTotTrib: number | null;
  /** ISSQNtot/vServ (conjugated NF-e with services), part of vNF. */
  vServ: number | null;
}

export interface NfeFatura {
  nFat: string | null;
  vOrig: number | null;
  vDesc: number | null;
  vLiq: number | null;
}

export interface NfeDuplicata {
  nDup: string | null;
  /** YYYY-MM-DD. */
  dVenc: string | null;
  vDup: number;
}

export interface NfeCobranca {
  fat: NfeFatura | null;
  dup: NfeDuplicata[];
}

/** protNFe/infProt. */
export interface NfeProtocol {
  tpAmb: string | null;
  chNFe: string | null;
  dhRecbto: string | null;
  nProt: string | null;
  cStat: string;
  xMotivo: string | null;
}

export interface Nfe {
  /** infNFe Id without the "NFe" prefix: the 44-character chave de acesso, a string. */
  chave: string;
  /** infNFe versao ("4.00"). */
  versao: string;
  ide: NfeIde;
  emit: NfeParty;
  dest: NfeParty | null;
  items: NfeItem[];
  total: NfeTotals;
  cobr: NfeCobranca | null;
  /** infAdic/infCpl: the supplier's free text (often the order number when xPed is absent). */
  infCpl: string | null;
  /** Null for a bare NFe (no nfeProc around it): refused by checkNfe. */
  protocol: NfeProtocol | null;
}

export type NfeResult = { ok: true; nfe: Nfe } | { ok: false; message: string };

/** A check's answer: every problem found, `message` the first of them. */
export type NfeCheck = { ok: true } | { ok: false; message: string; problems: string[] };
