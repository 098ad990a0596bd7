/**
 * pt-BR texts of the supplier's answer link (issue 24): the e-mail and the small server-rendered
 * page the supplier opens without an account (server/pricing/supplier-link-page.ts). Read by the
 * server only (the portal never shows them), so they are not bundled with the core catalogues.
 * `{name}` placeholders are filled by `fillText()`.
 */
export const supplierLink = {
  // ---- e-mail ----
  'mail.subject': 'Cotação nº {number} de {organisation} — responda até {deadline}',
  'mail.greeting': 'Olá, {supplier}.',
  'mail.invite': '{organisation} convida você a enviar o seu orçamento para a cotação nº {number} ({title}).',
  'mail.deadline': 'Prazo para resposta: até {deadline} (horário de Brasília). Até lá você pode enviar e alterar o orçamento quantas vezes quiser.',
  'mail.open': 'Responder à cotação',
  'mail.private': 'Este link é só seu: não o encaminhe. Um novo envio do link invalida o anterior.',
  'mail.ignore': 'Se você não esperava este e-mail, ignore-o.',

  // ---- page: frame ----
  'page.title': 'Cotação nº {number} — {organisation}',
  'page.brand': 'Retaguarda · Portal do fornecedor',
  'page.deadline': 'Responda até {deadline} (horário de Brasília).',
  'page.supplier': 'Fornecedor: {supplier}',

  // ---- page: opening the link ----
  'open.heading': 'Cotação nº {number} de {organisation}',
  'open.lead': 'Você recebeu este link para enviar o seu orçamento. Para continuar, abra a cotação.',
  'open.button': 'Abrir cotação',

  // ---- page: the answer form ----
  'form.heading': 'Cotação nº {number}: {title}',
  'form.notes': 'Observações do comprador',
  'form.lines': 'Itens',
  'form.lineQuantity': 'Quantidade pedida: {quantity} ({unit})',
  'form.priceHint': 'Em reais, por exemplo 1.234,56. Deixe em branco para não cotar o item.',
  'form.quantityHint': 'Em branco: a quantidade pedida.',
  'form.conditions': 'Condições',
  'form.freightHint': 'Em reais, por exemplo 150,00.',
  'form.proposalCurrent': 'Proposta enviada: {name}.',
  'form.proposalHint': 'Um arquivo PDF de até {megabytes} MB. Enviar outro substitui o anterior.',
  'form.submit': 'Enviar orçamento',
  'form.saved': 'Orçamento recebido. Você pode alterá-lo até o prazo.',
  'form.answered': 'Último envio: {when}.',
  'form.errors': 'Corrija os campos indicados e envie novamente.',
  'form.total': 'Total do seu orçamento (com frete): {total}',

  // ---- field errors ----
  'error.price': 'Informe o preço em reais, por exemplo 1.234,56.',
  'error.integer': 'Informe um número inteiro.',
  'error.noPrice': 'Informe o preço de ao menos um item.',
  'error.date': 'Informe a data no formato dd/mm/aaaa.',

  // ---- refusals (each its own page, nothing saved) ----
  'refused.invalid.title': 'Link inválido',
  'refused.invalid': 'Este link não é válido ou foi substituído por um novo envio. Use o link do e-mail mais recente ou peça um novo ao comprador.',
  'refused.expired.title': 'Prazo encerrado',
  'refused.expired': 'O prazo para responder a esta cotação terminou em {deadline}. Nada foi salvo. Fale com o comprador se precisar de mais tempo.',
  'refused.closed.title': 'Cotação encerrada',
  'refused.closed': 'Esta cotação não recebe mais orçamentos. Nada foi salvo.',
  'refused.declined.title': 'Solicitação encerrada',
  'refused.declined': 'Esta solicitação foi encerrada pelo comprador. Nada foi salvo.',
  'refused.session.title': 'Sessão expirada',
  'refused.session': 'Por segurança, o acesso aberto pelo link dura pouco tempo. Abra novamente o link recebido por e-mail. Nada foi salvo.',
  'refused.csrf.title': 'Envio recusado',
  'refused.csrf': 'O formulário não veio desta página. Abra novamente o link recebido por e-mail e envie de novo. Nada foi salvo.',
  'refused.throttled.title': 'Muitas tentativas',
  'refused.throttled': 'Muitas tentativas com links inválidos a partir deste endereço. Tente novamente em alguns minutos.',
  'refused.tooLarge.title': 'Arquivo grande demais',
  'refused.tooLarge': 'A proposta deve ter no máximo {megabytes} MB. Nada foi salvo.',
  'refused.notPdf.title': 'Arquivo não aceito',
  'refused.notPdf': 'A proposta deve ser um arquivo PDF. Nada foi salvo.',
  'refused.back': 'Voltar à cotação',
} as const;

export type SupplierLinkText = keyof typeof supplierLink;

/** The text of `key` with its `{name}` placeholders filled. */
export function fillText(key: SupplierLinkText, params: Readonly<Record<string, string | number>> = {}): string {
  return supplierLink[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}
