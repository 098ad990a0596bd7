/** E-mails of the approval service, in pt-BR (text + minimal HTML, no script). */
import { escapeHtml } from '../mail/templates.js';
import type { MailMessage } from '../mail/mailer.js';

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;

function mail(to: string, subject: string, lines: string[], link: string, linkText: string): MailMessage {
  return {
    to,
    subject,
    text: [...lines, '', `${linkText}: ${link}`].join('\n'),
    html: page(subject, [...lines.filter(Boolean).map(escapeHtml), `<a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a>`]),
  };
}

/** To each approver of a stage that has just opened. */
/** `amount`: null for a record without one (a change of bank data). */
export function awaitingApprovalMail(to: string, name: string, what: string, stage: string, amount: string | null, link: string): MailMessage {
  return mail(to, `Aprovação pendente: ${what} — Retaguarda`, [`Olá, ${name}.`, '', `${what}${amount === null ? '' : ` (${amount})`} aguarda a sua aprovação na etapa "${stage}".`], link, 'Abrir a aprovação');
}

/** To the requester when the flow ends. */
export function decisionMail(to: string, name: string, what: string, approved: boolean, reason: string | null, link: string): MailMessage {
  const lines = approved ? [`Olá, ${name}.`, '', `${what} foi aprovado.`] : [`Olá, ${name}.`, '', `${what} foi reprovado.`, `Motivo: ${reason ?? ''}`];
  return mail(to, `${what} ${approved ? 'aprovado' : 'reprovado'} — Retaguarda`, lines, link, 'Abrir');
}
