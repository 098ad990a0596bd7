/** pt-BR texts of the faturamentos' own screens (registered by them, not carried by every element's core). */
export const invoicesTexts = {
  'invoices.importNfe': 'Importar NF-e (XML)',
  'invoices.import.title': 'Importar NF-e',
  'invoices.import.intro': 'Envie o XML autorizado da NF-e (ou da NFS-e nacional) que o fornecedor emitiu para uma ordem de compra. O arquivo é conferido — chave, totais, emitente e destinatário — e cada item é casado com a ordem pelo número do pedido (xPed) e do item (nItemPed).',
  'invoices.import.order': 'Ordem de compra',
  'invoices.import.category': 'Categoria de despesa',
  'invoices.import.categoryHint': 'Vai para o lançamento a pagar quando o faturamento for aceito.',
  'invoices.import.file': 'Arquivo XML',
  'invoices.import.submit': 'Importar',
  'invoices.import.busy': 'Importando…',
  'invoices.import.noOrder': 'Escolha a ordem de compra.',
  'invoices.import.noFile': 'Escolha o arquivo XML da nota.',
  'invoices.import.tooLarge': 'O arquivo passa de 2 MB: confira se é o XML da nota.',
  'invoices.import.cancel': 'Voltar aos faturamentos',
} as const;
