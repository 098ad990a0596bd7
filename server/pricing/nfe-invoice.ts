/**
 * An NF-e read and checked (server/supply/nfe) → the values of a faturamento of one ordem de compra:
 * its parties checked against the ordem's supplier and this organisation, each item matched to an
 * ordem line (by `xPed` = the ordem's number and `nItemPed` = the line's position, else by the same
 * description), quantities whole, unit prices in centavos from the item's exact total.
 */
import { sql } from 'kysely';
import { HttpError, MESSAGES } from '../errors.js';
import type { Call, Trx, Values } from '../registry/storage.js';
import { checkNfeParties, importNfe, type Nfe } from '../supply/nfe/index.js';

export const NFE_IMPORT_MESSAGES = {
  noOrganisationCnpj: 'Cadastre o CNPJ da organização em Configurações antes de importar NF-e.',
  unmatched: (item: string, name: string, number: string) => `O item ${item} da NF-e (${name}) não corresponde a nenhum item da ordem de compra nº ${number}.`,
  fractional: (item: string) => `O item ${item} da NF-e tem quantidade fracionária: lance este faturamento manualmente.`,
} as const;

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

function refuse(message: string): never {
  throw new HttpError(400, message, { xml: [message] });
}

export async function invoiceFromNfe(trx: Trx, call: Call, xml: string, purchaseOrderId: string): Promise<Values> {
  const imported = importNfe(new TextEncoder().encode(xml));
  if (!imported.ok) refuse(imported.message);
  const nfe: Nfe = imported.nfe;
  const found = await sql<{ number: string; supplier_document: string; org_cnpj: string | null }>`SELECT po.number::text, p.document AS supplier_document,
      (SELECT o.cnpj FROM organizations o WHERE o.id = po.org_id) AS org_cnpj
    FROM purchase_orders po JOIN persons p ON p.id = po.supplier_id WHERE po.id = ${purchaseOrderId.slice(0, 64)} AND po.org_id = ${call.orgId}`.execute(trx);
  const order = found.rows[0];
  if (!order) throw new HttpError(400, MESSAGES.validation, { purchaseOrderId: [MESSAGES.notFound] });
  if (!order.org_cnpj) refuse(NFE_IMPORT_MESSAGES.noOrganisationCnpj);
  const parties = checkNfeParties(nfe, { organisationDocument: order.org_cnpj, supplierDocument: order.supplier_document });
  if (!parties.ok) refuse(parties.message);
  const lines = (await sql<{ id: string; position: number; description: string }>`SELECT id, position, description FROM purchase_order_lines
    WHERE purchase_order_id = ${purchaseOrderId} ORDER BY position`.execute(trx)).rows;
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
