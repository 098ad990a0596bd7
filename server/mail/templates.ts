/** The e-mails the identity family sends, in pt-BR (text + minimal HTML, no script). */
import type { MailMessage } from './mailer.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;
}

export function verificationCodeMail(to: string, name: string, code: string, minutes: number): MailMessage {
  const subject = 'Seu código de verificação — Retaguarda';
  const text = [
    `Olá, ${name}.`,
    '',
    `Seu código de verificação é: ${code}`,
    '',
    `Ele vale por ${minutes} minutos e só pode ser usado uma vez.`,
    'Se você não pediu este código, ignore este e-mail e considere trocar a sua senha.',
  ].join('\n');
  const html = layout(subject, [
    `Olá, ${escapeHtml(name)}.`,
    `Seu código de verificação é: <strong style="font-size:1.4em;letter-spacing:.2em">${escapeHtml(code)}</strong>`,
    `Ele vale por ${minutes} minutos e só pode ser usado uma vez.`,
    'Se você não pediu este código, ignore este e-mail e considere trocar a sua senha.',
  ]);
  return { to, subject, text, html };
}

export function passwordRecoveryMail(to: string, name: string, link: string, minutes: number): MailMessage {
  const subject = 'Recuperação de senha — Retaguarda';
  const text = [
    `Olá, ${name}.`,
    '',
    'Recebemos um pedido para redefinir a sua senha. Para escolher uma nova senha, abra o link abaixo:',
    link,
    '',
    `O link vale por ${minutes} minutos e só pode ser usado uma vez.`,
    'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
  ].join('\n');
  const html = layout(subject, [
    `Olá, ${escapeHtml(name)}.`,
    'Recebemos um pedido para redefinir a sua senha.',
    `<a href="${escapeHtml(link)}">Escolher uma nova senha</a>`,
    `O link vale por ${minutes} minutos e só pode ser usado uma vez.`,
    'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
  ]);
  return { to, subject, text, html };
}

/** Sent when an administrator creates a user: the link defines the first password. */
export function passwordDefinitionMail(to: string, name: string, link: string, hours: number): MailMessage {
  const subject = 'Defina a sua senha — Retaguarda';
  const text = [
    `Olá, ${name}.`,
    '',
    'Um administrador criou o seu acesso ao Retaguarda. Para definir a sua senha, abra o link abaixo:',
    link,
    '',
    `O link vale por ${hours} horas e só pode ser usado uma vez. Depois disso, use "Esqueci minha senha" na tela de login.`,
    'Se você não esperava este e-mail, ignore-o.',
  ].join('\n');
  const html = layout(subject, [
    `Olá, ${escapeHtml(name)}.`,
    'Um administrador criou o seu acesso ao Retaguarda.',
    `<a href="${escapeHtml(link)}">Definir a minha senha</a>`,
    `O link vale por ${hours} horas e só pode ser usado uma vez. Depois disso, use "Esqueci minha senha" na tela de login.`,
    'Se você não esperava este e-mail, ignore-o.',
  ]);
  return { to, subject, text, html };
}

/**
 * The invitation of an organisation's first administrator (npm run setup): the link defines the
 * password; the first sign-in then asks for the authenticator (two-step verification, mandatory).
 */
export function invitationMail(to: string, name: string, organisation: string, link: string, hours: number): MailMessage {
  const subject = 'Convite para administrar o Retaguarda';
  const steps = [
    'Para começar, abra o link abaixo e defina a sua senha. Depois, entre com o seu e-mail e a nova senha: o Retaguarda pedirá que você configure a verificação em duas etapas com um aplicativo autenticador, obrigatória para esta conta.',
    `O link vale por ${hours} horas e só pode ser usado uma vez. Se ele expirar, peça um novo a quem instalou o Retaguarda.`,
    'Se você não esperava este e-mail, ignore-o.',
  ];
  const text = [`Olá, ${name}.`, '', `Você foi indicado como administrador de ${organisation} no Retaguarda.`, steps[0], link, '', steps[1], steps[2]].join('\n');
  const html = layout(subject, [
    `Olá, ${escapeHtml(name)}.`,
    `Você foi indicado como administrador de ${escapeHtml(organisation)} no Retaguarda.`,
    escapeHtml(steps[0]),
    `<a href="${escapeHtml(link)}">Definir a minha senha</a>`,
    escapeHtml(steps[1]),
    escapeHtml(steps[2]),
  ]);
  return { to, subject, text, html };
}
