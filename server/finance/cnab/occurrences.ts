/**
 * Códigos de ocorrência of a payment retorno (FEBRABAN 240, nota L001 — positions 231–240, up to
 * five codes), as data: the pt-BR meaning and what it means for the parcela. `00` paid; `BD`/`BE`
 * accepted and scheduled (nothing changes yet); any other listed code is a rejection (the parcela
 * goes back to autorizada with the meaning as the reason). A code not listed here is reported as
 * unknown and the parcela stays em remessa: never swallowed, never guessed.
 */
export type Outcome = 'paid' | 'scheduled' | 'rejected';

export const OCCURRENCES: Readonly<Record<string, { meaning: string; outcome: Outcome }>> = {
  '00': { meaning: 'Crédito ou débito efetivado', outcome: 'paid' },
  BD: { meaning: 'Inclusão efetuada com sucesso (pagamento agendado)', outcome: 'scheduled' },
  BE: { meaning: 'Alteração efetuada com sucesso', outcome: 'scheduled' },
  '01': { meaning: 'Insuficiência de fundos - débito não efetuado', outcome: 'rejected' },
  '02': { meaning: 'Crédito ou débito cancelado pelo pagador/credor', outcome: 'rejected' },
  '03': { meaning: 'Débito autorizado pela agência - efetuado', outcome: 'paid' },
  AA: { meaning: 'Controle inválido', outcome: 'rejected' },
  AB: { meaning: 'Tipo de operação inválido', outcome: 'rejected' },
  AC: { meaning: 'Tipo de serviço inválido', outcome: 'rejected' },
  AD: { meaning: 'Forma de lançamento inválida', outcome: 'rejected' },
  AE: { meaning: 'Tipo/número de inscrição inválido', outcome: 'rejected' },
  AF: { meaning: 'Código de convênio inválido', outcome: 'rejected' },
  AG: { meaning: 'Agência/conta corrente/DV inválido', outcome: 'rejected' },
  AH: { meaning: 'Nº sequencial do registro no lote inválido', outcome: 'rejected' },
  AI: { meaning: 'Código de segmento de detalhe inválido', outcome: 'rejected' },
  AJ: { meaning: 'Tipo de movimento inválido', outcome: 'rejected' },
  AK: { meaning: 'Código da câmara de compensação do banco favorecido inválido', outcome: 'rejected' },
  AL: { meaning: 'Código do banco favorecido inválido', outcome: 'rejected' },
  AM: { meaning: 'Agência mantenedora da conta do favorecido inválida', outcome: 'rejected' },
  AN: { meaning: 'Conta corrente/DV do favorecido inválido', outcome: 'rejected' },
  AO: { meaning: 'Nome do favorecido não informado', outcome: 'rejected' },
  AP: { meaning: 'Data do lançamento inválida', outcome: 'rejected' },
  AQ: { meaning: 'Tipo/quantidade da moeda inválido', outcome: 'rejected' },
  AR: { meaning: 'Valor do lançamento inválido', outcome: 'rejected' },
  AT: { meaning: 'Tipo/número de inscrição do favorecido inválido', outcome: 'rejected' },
  BB: { meaning: 'Seu número inválido', outcome: 'rejected' },
  BF: { meaning: 'Exclusão efetuada com sucesso', outcome: 'rejected' },
  BG: { meaning: 'Agência/conta impedida legalmente', outcome: 'rejected' },
  CA: { meaning: 'Código de barras - código do banco inválido', outcome: 'rejected' },
  CB: { meaning: 'Código de barras - código da moeda inválido', outcome: 'rejected' },
  CC: { meaning: 'Código de barras - dígito verificador geral inválido', outcome: 'rejected' },
  CD: { meaning: 'Código de barras - valor do título inválido', outcome: 'rejected' },
  CE: { meaning: 'Código de barras - data de vencimento inválida', outcome: 'rejected' },
  CF: { meaning: 'Valor do documento inválido', outcome: 'rejected' },
  HA: { meaning: 'Lote não aceito', outcome: 'rejected' },
  HB: { meaning: 'Inscrição da empresa inválida para o contrato', outcome: 'rejected' },
  HC: { meaning: 'Convênio com a empresa inexistente/inválido para o contrato', outcome: 'rejected' },
  HD: { meaning: 'Agência/conta corrente da empresa inexistente/inválida para o contrato', outcome: 'rejected' },
  HE: { meaning: 'Tipo de serviço inválido para o contrato', outcome: 'rejected' },
  HF: { meaning: 'Conta corrente da empresa com saldo insuficiente', outcome: 'rejected' },
  HI: { meaning: 'Arquivo não aceito', outcome: 'rejected' },
  HL: { meaning: 'Versão de layout inválida', outcome: 'rejected' },
  TA: { meaning: 'Lote não aceito - totais do lote com diferença', outcome: 'rejected' },
  YA: { meaning: 'Título não encontrado', outcome: 'rejected' },
  ZA: { meaning: 'Agência/conta do favorecido substituída', outcome: 'rejected' },
  PA: { meaning: 'PIX não efetivado', outcome: 'rejected' },
  PB: { meaning: 'Transação PIX interrompida - erro no PSP do recebedor', outcome: 'rejected' },
  PD: { meaning: 'Chave PIX não cadastrada no DICT', outcome: 'rejected' },
  PJ: { meaning: 'Chave PIX não encontrada', outcome: 'rejected' },
};

export interface Judgement {
  outcome: Outcome | 'unknown';
  /** "AN — Conta corrente/DV do favorecido inválido; BB — Seu número inválido". */
  reason: string;
  unknown: string[];
}

/** What a payment's codes mean together: any rejection rejects; paid when a code says so; unknown codes are named. */
export function judge(codes: readonly string[]): Judgement {
  const known = codes.filter((code) => OCCURRENCES[code]);
  const unknown = codes.filter((code) => !OCCURRENCES[code]);
  const describe = (list: readonly string[]) => list.map((code) => `${code} — ${OCCURRENCES[code]?.meaning ?? 'código desconhecido'}`).join('; ');
  const outcomes = new Set(known.map((code) => OCCURRENCES[code].outcome));
  if (outcomes.has('rejected')) return { outcome: 'rejected', reason: describe(codes), unknown };
  if (unknown.length || !codes.length) return { outcome: 'unknown', reason: codes.length ? describe(codes) : 'Sem código de ocorrência.', unknown };
  if (outcomes.has('paid')) return { outcome: 'paid', reason: describe(codes), unknown };
  return { outcome: 'scheduled', reason: describe(codes), unknown };
}
