/**
 * The checks of a read NF-e, pure (no I/O): the SEFAZ authorisation, the chave, and that the
 * note adds up. Every problem found is listed (pt-BR, naming what is wrong), in this order:
 * 1. authorisation: a protocol (protNFe) is present, with cStat 100 (or 150, authorised late),
 *    for this very chave (protocol chNFe = infNFe Id);
 * 2. the chave: shape, UF, month, check digit (contracts/brazil/nfeKey), then each of its fields
 *    against the note: cUF, AAMM (of dhEmi as written), CNPJ/CPF of emit, mod, série, nNF,
 *    tpEmis, cNF, cDV; the model must be 55 and the environment production (tpAmb 1: an NF-e of
 *    the homologação environment has no fiscal value);
 * 3. Σ det/prod/vProd of the items with indTot = 1 = ICMSTot/vProd (rejeição 564);
 * 4. vNF = vProd − vDesc − vICMSDeson(deducted) + vST + vFCPST + vFrete + vSeg + vOutro + vII +
 *    vIPI + vIPIDevol + vServ (rejeição 610). The ICMS desonerado deducted is the sum over the
 *    items marked indDeduzDeson = 1 (NT 2023.004); a file from before that field (no item
 *    carries it) passes with ICMSTot/vICMSDeson deducted or not;
 * 5. with cobr/fat/vLiq and duplicatas: Σ dup/vDup = fat/vLiq.
 * A duplicate chave is the caller's database check.
 */
import { nfeKeyDocument, parseNfeKey, type NfeKeyFields } from '../../../src/contracts/brazil/nfeKey.js';
import { sumAmounts } from '../../../src/contracts/money.js';
import { KEY_FIELD_LABELS, NFE_MESSAGES } from './messages.js';
import type { Nfe, NfeCheck } from './types.js';

/** cStat of an authorised NF-e: 100 autorizado o uso, 150 autorizado fora de prazo. */
export const AUTHORISED_STATUS = new Set(['100', '150']);

function authorisation(nfe: Nfe, problems: string[]) {
  const protocol = nfe.protocol;
  if (!protocol) {
    problems.push(NFE_MESSAGES.noProtocol);
    return;
  }
  if (!AUTHORISED_STATUS.has(protocol.cStat)) problems.push(NFE_MESSAGES.notAuthorised(protocol.cStat, protocol.xMotivo));
  if (!protocol.chNFe) problems.push(NFE_MESSAGES.missing('protNFe/infProt/chNFe'));
  else if (protocol.chNFe !== nfe.chave) problems.push(NFE_MESSAGES.protocolKey(protocol.chNFe, nfe.chave));
}

function key(nfe: Nfe, problems: string[]) {
  const parsed = parseNfeKey(nfe.chave);
  if (!parsed.ok) {
    problems.push(parsed.message);
    return;
  }
  const { ide, emit } = nfe;
  const inNote: Record<keyof NfeKeyFields, [padded: string, written: string]> = {
    cUF: [ide.cUF, ide.cUF],
    AAMM: [ide.dhEmi.slice(2, 4) + ide.dhEmi.slice(5, 7), ide.dhEmi.slice(0, 7)],
    document: [emit.document ? nfeKeyDocument(emit.document) : '', emit.document ?? '—'],
    mod: [ide.mod, ide.mod],
    serie: [ide.serie.padStart(3, '0'), ide.serie],
    nNF: [ide.nNF.padStart(9, '0'), ide.nNF],
    tpEmis: [ide.tpEmis, ide.tpEmis],
    cNF: [ide.cNF.padStart(8, '0'), ide.cNF],
    cDV: [ide.cDV, ide.cDV],
  };
  for (const field of Object.keys(inNote) as (keyof NfeKeyFields)[]) {
    const [padded, written] = inNote[field];
    if (parsed.fields[field] !== padded) problems.push(NFE_MESSAGES.keyField(KEY_FIELD_LABELS[field], parsed.fields[field], written));
  }
}

function totals(nfe: Nfe, problems: string[]) {
  const t = nfe.total;
  const itemsSum = sumAmounts(nfe.items.filter((i) => i.indTot === '1').map((i) => i.vProd));
  if (itemsSum !== t.vProd) problems.push(NFE_MESSAGES.productsSum(itemsSum, t.vProd));

  const marked = nfe.items.some((i) => i.indDeduzDeson !== null);
  const deductions = marked ? [sumAmounts(nfe.items.filter((i) => i.indDeduzDeson === '1').map((i) => i.vICMSDeson))] : [t.vICMSDeson, 0];
  const composed = deductions.map((deson) =>
    sumAmounts([t.vProd, -t.vDesc, -deson, t.vST, t.vFCPST, t.vFrete, t.vSeg, t.vOutro, t.vII, t.vIPI, t.vIPIDevol, t.vServ]),
  );
  if (!composed.includes(t.vNF)) problems.push(NFE_MESSAGES.totalComposition(t.vNF, composed[0]));
}

function duplicatas(nfe: Nfe, problems: string[]) {
  const vLiq = nfe.cobr?.fat?.vLiq;
  if (!nfe.cobr || !nfe.cobr.dup.length || vLiq === null || vLiq === undefined) return;
  const sum = sumAmounts(nfe.cobr.dup.map((d) => d.vDup));
  if (sum !== vLiq) problems.push(NFE_MESSAGES.duplicatasSum(sum, vLiq));
}

/** Every check of a read NF-e; `{ok: false, message, problems}` lists what is wrong, `message` the first. */
export function checkNfe(nfe: Nfe): NfeCheck {
  const problems: string[] = [];
  authorisation(nfe, problems);
  key(nfe, problems);
  if (nfe.ide.mod !== '55') problems.push(NFE_MESSAGES.model(nfe.ide.mod));
  if (nfe.ide.tpAmb === '2' || nfe.protocol?.tpAmb === '2') problems.push(NFE_MESSAGES.homologation);
  totals(nfe, problems);
  duplicatas(nfe, problems);
  return problems.length ? { ok: false, message: problems[0], problems } : { ok: true };
}
