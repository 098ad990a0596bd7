/**
 * Every pt-BR message of the NF-e/NFS-e import, each naming what is wrong. Those of the XML
 * layer are XML_MESSAGES (./xml.ts), those of the chave NFE_KEY_MESSAGES (contracts/brazil/nfeKey).
 */
import { maskCpfCnpj } from '../../../src/contracts/brazil/masks.js';
import { formatNfeKey } from '../../../src/contracts/brazil/nfeKey.js';
import { formatMoney } from '../../../src/contracts/money.js';
import { clip } from './xml.js';

const money = (centavos: number) => formatMoney(centavos);
const doc = (document: string) => maskCpfCnpj(document);

export const NFE_MESSAGES = {
  notNfe: (found: string) =>
    `O arquivo não é uma NF-e: o XML de uma NF-e autorizada começa por <nfeProc> do Portal da Nota Fiscal Eletrônica, e este começa por <${clip(found)}>.`,
  namespace: (found: string) =>
    `O arquivo não é uma NF-e: o elemento <${clip(found)}> não está no namespace do Portal da Nota Fiscal Eletrônica (http://www.portalfiscal.inf.br/nfe).`,
  layout: (versao: string) => `NF-e no layout ${clip(versao) || 'sem versão'}: só o layout 4.00 é aceito.`,
  missing: (path: string) => `NF-e incompleta: falta ${path}.`,
  id: (id: string) => `O atributo Id de infNFe ("${clip(id)}") não é "NFe" seguido da chave de acesso de 44 caracteres.`,
  noItems: 'A NF-e não tem itens (det).',
  tooManyItems: (count: number) => `A NF-e tem ${count} itens (det), e o layout 4.00 permite no máximo 990.`,
  money: (path: string, value: string) => `Valor inválido em ${path}: "${clip(value)}" (esperado um valor com até 2 casas decimais, separadas por ponto).`,
  decimal: (path: string, value: string, places: number) => `Número inválido em ${path}: "${clip(value)}" (esperado um número com até ${places} casas decimais, separadas por ponto).`,
  date: (path: string, value: string) => `Data inválida em ${path}: "${clip(value)}" (esperado AAAA-MM-DD).`,
  dateTime: (path: string, value: string) => `Data e hora inválidas em ${path}: "${clip(value)}" (esperado AAAA-MM-DDThh:mm:ss−03:00).`,

  noProtocol:
    'A NF-e não tem o protocolo de autorização da SEFAZ (protNFe): envie o XML da nota autorizada (nfeProc), não o XML gerado antes da autorização.',
  notAuthorised: (cStat: string, xMotivo: string | null) =>
    `A NF-e não está autorizada: o protocolo traz a situação ${clip(cStat)}${xMotivo ? ` (${clip(xMotivo, 255)})` : ''}; só 100 (autorizado o uso) e 150 (autorizado fora de prazo) são aceitas.`,
  protocolKey: (chNFe: string, chave: string) =>
    `O protocolo de autorização é de outra nota: chave ${formatNfeKey(clip(chNFe))} no protocolo, ${formatNfeKey(chave)} na NF-e.`,
  homologation: 'A NF-e foi emitida em ambiente de homologação (tpAmb 2, de teste): não tem valor fiscal.',
  model: (mod: string) => `A nota é modelo ${clip(mod)}: só a NF-e modelo 55 é aceita aqui.`,
  keyField: (label: string, inKey: string, inNote: string) => `A chave de acesso não confere com a nota: ${label} ${inKey} na chave, ${clip(inNote)} na nota.`,
  productsSum: (sum: number, vProd: number) =>
    `A soma dos valores dos itens (vProd) é ${money(sum)}, mas o total dos produtos (ICMSTot/vProd) é ${money(vProd)}.`,
  totalComposition: (vNF: number, composed: number) =>
    `O valor total da nota (vNF) é ${money(vNF)}, mas a sua composição (produtos − descontos − ICMS desonerado + ICMS ST + FCP ST + frete + seguro + outras despesas + II + IPI + IPI devolvido + serviços) dá ${money(composed)}.`,
  duplicatasSum: (sum: number, vLiq: number) =>
    `A soma das duplicatas é ${money(sum)}, mas o valor líquido da fatura (fat/vLiq) é ${money(vLiq)}.`,

  notSupplier: (emitter: string, supplier: string) =>
    `O emitente não é o fornecedor da ordem de compra: ${doc(emitter)} na nota, ${doc(supplier)} na ordem de compra.`,
  noEmitterDocument: 'O emitente não é o fornecedor da ordem de compra: a nota não traz o CNPJ ou CPF do emitente.',
  notOrganisation: (dest: string) => `O destinatário não é esta organização: a nota é para ${doc(dest)}.`,
  noDestDocument: 'O destinatário não é esta organização: a nota não traz CNPJ ou CPF do destinatário.',
} as const;

/** The names a chave field has in messages. */
export const KEY_FIELD_LABELS = {
  cUF: 'UF (cUF)',
  AAMM: 'ano e mês de emissão (AAMM)',
  document: 'CNPJ/CPF do emitente',
  mod: 'modelo (mod)',
  serie: 'série',
  nNF: 'número (nNF)',
  tpEmis: 'tipo de emissão (tpEmis)',
  cNF: 'código numérico (cNF)',
  cDV: 'dígito verificador (cDV)',
} as const;
