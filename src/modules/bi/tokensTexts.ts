/** pt-BR texts of the tokens de conta screens (the secret shown once). */
export const tokenTexts = {
  'resources.accountTokens.created': 'Token criado. Copie-o agora: ele não será mostrado de novo.',
  'bi.tokens.secret.title': 'Copie o token agora',
  'bi.tokens.secret.once': 'Este é o único momento em que o token inteiro aparece. Guarde-o na ferramenta de BI (Power BI, Metabase, planilha); depois, só o começo dele fica visível aqui.',
  'bi.tokens.secret.label': 'Token de acesso',
  'bi.tokens.secret.copy': 'Copiar token',
  'bi.tokens.secret.copied': 'Token copiado.',
  'bi.tokens.secret.copyFailed': 'Não foi possível copiar. Selecione o token e copie com Ctrl+C.',
  'bi.tokens.secret.usage': 'Envie-o no cabeçalho Authorization: Bearer <token> ao consultar os relatórios liberados, em JSON ou CSV (format=csv).',
  'bi.tokens.secret.done': 'Já copiei',
} as const;
