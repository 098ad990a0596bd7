/**
 * An NF-e read and checked (server/supply/nfe) → the values of a faturamento of one ordem de compra:
 * its parties checked against the ordem's supplier and this organisation, each item matched to an
 * ordem line (by `xPed` = the ordem's number and `nItemPed` = the line's position, else by the same
 * description), quantities whole, unit prices in centavos from the item's exact total.
 * An NFS-e of the national layout (`NFSe/infNFSe`) has no items: it invoices an ordem of one line
 * (the service), its whole quantity at the service's value (vServ).
 */
import { sql } from 'kysely';
import { HttpError, MESSAGES } from '../errors.js';
import type { Call, Trx, Values } from '../registry/storage.js';
import { checkNfeParties, checkNfse, importNfe, readNfse, type Nfe } from '../supply/nfe/index.js';

export const NFE_IMPORT_MESSAGES = {
  noOrganisationCnpj: 'Cadastre o CNPJ da organização em Configurações antes de importar NF-e.',
  unmatched: (item: string, name: string, number: string) => `O item ${item} da NF-e (${name}) não corresponde a nenhum item da ordem de compra nº ${number}.`,
  fractional: (item: string) => `O item ${item} da NF-e tem quantidade fracionária: lance este faturamento manualmente.`,
  serviceLines: (number: string) => `A NFS-e não tem itens e a ordem de compra nº ${number} tem mais de um: lance este faturamento manualmente.`,
} as const;

const NFSE_ROOT = /<(?:\w+:)?NFSe[\s>]/;

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

function refuse(message: string): never {
  throw new HttpError(400, message, { xml: [message] });
}

/** The ordem de compra (this organisation's) with its supplier's document and the organisation's CNPJ. */
async function orderFor(trx: Trx, call: Call, purchaseOrderId: string) {
  const found = await sql<{ number: string; supplier_document: string; org_cnpj: string | null }>`SELECT po.number::text, p.document AS supplier_document,
      (SELECT o.cnpj FROM organizations o WHERE o.id = po.org_id) AS org_cnpj
    FROM purchase_orders po JOIN persons p ON p.id = po.supplier_id WHERE po.id = ${purchaseOrderId.slice(0, 64)} AND po.org_id = ${call.orgId}`.execute(trx);
  const order = found.rows[0];
  if (!order) throw new HttpError(400, MESSAGES.validation, { purchaseOrderId: [MESSAGES.notFound] });
  if (!order.org_cnpj) refuse(NFE_IMPORT_MESSAGES.noOrganisationCnpj);
  const lines = (await sql<{ id: string; position: number; description: string; quantity: string }>`SELECT id, position, description, quantity::text FROM purchase_order_lines
    WHERE purchase_order_id = ${purchaseOrderId} ORDER BY position`.execute(trx)).rows;
  return { ...order, org_cnpj: order.org_cnpj, lines };
}

/** The faturamento of an NF-e or, when the XML is one, of an NFS-e. */
export async function invoiceFromNfe(trx: Trx, call: Call, xml: string, purchaseOrderId: string): Promise<Values> {
  const bytes = new TextEncoder().encode(xml);
  if (NFSE_ROOT.test(xml.slice(0, 2000))) return invoiceFromNfse(trx, call, bytes, purchaseOrderId);
  const imported = importNfe(bytes);
  if (!imported.ok) refuse(imported.message);
  const nfe: Nfe = imported.nfe;
  const order = await orderFor(trx, call, purchaseOrderId);
  const parties = checkNfeParties(nfe, { organisationDocument: order.org_cnpj, supplierDocument: order.supplier_document });
  if (!parties.ok) refuse(parties.message);
  const lines = order.lines;
  const items = nfe.items.map((item) => {
    const byOrder = item.xPed?.replace(/\D/g, '') === order.number && item.nItemPed ? lines[Number(item.nItemPed) - 1] : undefined;
    const byName = lines.filter((line) => folded(line.description) === folded(item.xProd));
    const line = byOrder ?? (byName.length === 1 ? byName[0] : undefined);
    if (!line) refuse(NFE_IMPORT_MESSAGES.unmatched(item.nItem, item.xProd, order.number));
    const quantity = /^(\d+)(?:\.0+)?$/.exec(item.qCom);
    if (!quantity) refuse(NFE_IMPORT_MESSAGES.fractional(item.nItem));
    const count = Number(quantity[1]);
    return { purchaseOrderLineId: line.id, description: item.xProd.slice(0, 240), quantity: count, unitPrice: Math.round(item.vProd / count) };
  });
  const duplicates = (nfe.cobr?.dup ?? []).map((dup, index) => ({ number: (dup.nDup ?? String(index + 1)).slice(0, 60), dueDate: dup.dVenc ?? nfe.ide.dhEmi.slice(0, 10), amount: dup.vDup }));
  return {
    purchaseOrderId,
    kind: 'nfe',
    number: nfe.ide.nNF,
    series: nfe.ide.serie,
    accessKey: nfe.chave,
    issuedOn: nfe.ide.dhEmi.slice(0, 10),
    lines: items,
    total: nfe.total.vNF,
    duplicates,
    notes: null,
  };
}

async function invoiceFromNfse(trx: Trx, call: Call, bytes: Uint8Array, purchaseOrderId: string): Promise<Values> {
  const read = readNfse(bytes);
  if (!read.ok) refuse(read.message);
  const checked = checkNfse(read.nfse);
  if (!checked.ok) refuse(checked.message);
  const nfse = read.nfse;
  const order = await orderFor(trx, call, purchaseOrderId);
  const parties = checkNfeParties({ emit: nfse.prestador, dest: nfse.tomador }, { organisationDocument: order.org_cnpj, supplierDocument: order.supplier_document });
  if (!parties.ok) refuse(parties.message);
  if (order.lines.length !== 1) refuse(NFE_IMPORT_MESSAGES.serviceLines(order.number));
  const [line] = order.lines;
  const quantity = Number(line.quantity);
  return {
    purchaseOrderId,
    kind: 'nfse',
    number: nfse.nNFSe.slice(0, 20),
    series: null,
    accessKey: nfse.chave,
    issuedOn: (nfse.dhEmi ?? nfse.dCompet).slice(0, 10),
    lines: [{ purchaseOrderLineId: line.id, description: (nfse.xDescServ ?? line.description).slice(0, 240), quantity, unitPrice: Math.round(nfse.vServ / quantity) }],
    total: nfse.vServ,
    duplicates: [],
    notes: null,
  };
}
