/** The e-mail carrying a supplier's answer link (pt-BR, text + minimal HTML, no script). */
import { fillText } from '../../src/core/i18n/catalogue/supplierLink.js';
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../mail/templates.js';

export interface SupplierLinkMailInput {
  to: string;
  supplier: string;
  organisation: string;
  number: number;
  title: string;
  /** DD/MM/YYYY. */
  deadline: string;
  link: string;
}

export function supplierLinkMail(input: SupplierLinkMailInput): MailMessage {
  const params = { supplier: input.supplier, organisation: input.organisation, number: input.number, title: input.title, deadline: input.deadline };
  const subject = fillText('mail.subject', params);
  const lines = [fillText('mail.greeting', params), fillText('mail.invite', params), fillText('mail.deadline', params)];
  const after = [fillText('mail.private'), fillText('mail.ignore')];
  const text = [lines[0], '', lines[1], lines[2], '', `${fillText('mail.open')}: ${input.link}`, '', ...after].join('\n');
  const paragraphs = [...lines.map(escapeHtml), `<a href="${escapeHtml(input.link)}">${escapeHtml(fillText('mail.open'))}</a>`, ...after.map(escapeHtml)];
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
  return { to: input.to, subject, text, html };
}
