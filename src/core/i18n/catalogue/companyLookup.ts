/** Messages of the CNPJ lookup in forms (registered by CnpjInput when the form's inputs load, not with the core). */
export const companyLookup = {
  'brazil.cnpj.lookup': 'Consultar CNPJ',
  'brazil.cnpj.searching': 'Consultando o CNPJ…',
  'brazil.cnpj.found': 'Dados da empresa preenchidos a partir do CNPJ (só nos campos vazios). Confira antes de salvar.',
  'brazil.cnpj.foundKept': 'CNPJ encontrado; os campos já preenchidos foram mantidos.',
  'brazil.cnpj.notFound': 'CNPJ não encontrado no serviço de consulta. Preencha os dados manualmente.',
  'brazil.cnpj.offline': 'Não foi possível consultar o CNPJ agora; preencha os dados manualmente.',
  'brazil.cnpj.invalid': 'Informe um CNPJ válido com 14 dígitos para consultar.',
} as const;
