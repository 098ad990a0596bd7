/** Units of measure of products and pedido lines (their own module: a pedido's screen does not load the product declaration for them). */
export const PRODUCT_UNITS = ['UN', 'CX', 'PCT', 'KG', 'G', 'L', 'ML', 'M', 'M2', 'M3', 'H', 'SV'] as const;

export const UNIT_LABELS: Readonly<Record<(typeof PRODUCT_UNITS)[number], string>> = {
  UN: 'Unidade', CX: 'Caixa', PCT: 'Pacote', KG: 'Quilograma', G: 'Grama', L: 'Litro', ML: 'Mililitro', M: 'Metro', M2: 'Metro quadrado', M3: 'Metro cúbico', H: 'Hora', SV: 'Serviço',
};
