/**
 * "Enviar ao fornecedor": the ordem de compra as an e-mail to the supplier — its number large (the
 * `xPed` to print on the NF-e), the lines, freight, total, terms and expected date — with the same
 * document attached as an HTML file to print or keep.
 */
import { sql } from 'kysely';
import { formatMoney } from '../../src/contracts/money.js';
import { escapeHtml } from '../mail/templates.js';
import type { MailMessage } from '../mail/mailer.js';
import type { Call, Trx, WireRecord } from '../registry/storage.js';

export const SEND_NOTES = {
  sent: (email: string) => `Enviada por e-mail a ${email}.`,
  noEmail: 'O fornecedor não tem e-mail cadastrado: envie a ordem impressa (Solicitação).',
} as const;

const br = (date: unknown) => (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : '—');

function documentHtml(organisation: string, supplier: string, order: WireRecord): string {
  const lines = (order.lines as { description: string; quantity: number; unit: string; unitPrice: number }[]) ?? [];
  const rows = lines
    .map((line, i) => `<tr><td>${i + 1}</td><td>${escapeHtml(line.description)}</td><td style="text-align:right">${line.quantity} ${escapeHtml(line.unit)}</td><td style="text-align:right">${formatMoney(line.unitPrice)}</td><td style="text-align:right">${formatMoney(line.quantity * line.unitPrice)}</td></tr>`)
    .join('');
  const title = `Ordem de compra nº ${order.number}`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif">
<h1>${escapeHtml(title)}</h1>
<p>De: ${escapeHtml(organisation)}<br>Para: ${escapeHtml(supplier)}</p>
<p>Informe o número <strong>${escapeHtml(String(order.number))}</strong> no campo "pedido de compra" (xPed) da NF-e, com o número do item (nItemPed).</p>
<table border="1" cellpadding="4" cellspacing="0"><thead><tr><th>Item</th><th>Descrição</th><th>Quantidade</th><th>Preço unitário</th><th>Valor</th></tr></thead><tbody>${rows}</tbody></table>
<p>Frete: ${formatMoney(Number(order.freight ?? 0))}<br><strong>Total: ${formatMoney(Number(order.total))}</strong></p>
<p>Condição de pagamento: ${escapeHtml(String(order.paymentTerms ?? '—'))}<br>Entrega prevista: ${br(order.expectedOn)}</p>
${order.notes ? `<p>${escapeHtml(String(order.notes))}</p>` : ''}
</body></html>`;
}

/** The e-mail of an ordem de compra, or null when the supplier has no e-mail. */
export async function purchaseOrderMail(trx: Trx, call: Call, order: WireRecord): Promise<MailMessage | null> {
  const found = await sql<{ email: string | null; supplier: string; organisation: string }>`SELECT p.email, p.name AS supplier, o.name AS organisation
    FROM persons p JOIN organizations o ON o.id = p.org_id WHERE p.id = ${String(order.supplierId)} AND p.org_id = ${call.orgId}`.execute(trx);
  const row = found.rows[0];
  if (!row?.email) return null;
  const html = documentHtml(row.organisation, row.supplier, order);
  const lines = (order.lines as { description: string; quantity: number; unit: string }[]) ?? [];
  return {
    to: row.email,
    subject: `Ordem de compra nº ${order.number} — ${row.organisation}`,
    text: [
      `Ordem de compra nº ${order.number} de ${row.organisation}.`,
      'Informe este número no campo "pedido de compra" (xPed) da NF-e.',
      '',
      ...lines.map((line, i) => `${i + 1}. ${line.description} — ${line.quantity} ${line.unit}`),
      '',
      `Total: ${formatMoney(Number(order.total))}`,
    ].join('\n'),
    html,
    attachments: [{ filename: `ordem-de-compra-${order.number}.html`, content: html, contentType: 'text/html; charset=utf-8' }],
  };
}
