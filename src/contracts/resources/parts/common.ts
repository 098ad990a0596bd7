/** Small schema and action helpers shared by the registry declarations. */
import * as z from 'zod/mini';
import type { ActionDef } from '../../resource';
import { optional } from '../../resource';

/** The built-in DELETE as a bulk and row action. */
export const deleteAction = (confirm: string): ActionDef => ({ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm, tone: 'danger' });

/** A code people type ("1.01.002", "CC-10", "ADM"): letters, digits and . - _ /. */
export const code = (max = 30) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o código.'),
    z.maxLength(max, `Use no máximo ${max} caracteres.`),
    z.regex(/^[0-9A-Za-z][0-9A-Za-z.\-_/]*$/, 'Use letras, números, ponto, hífen, sublinhado ou barra.'),
  );

export const notes = (max = 4000) => optional(z.string().check(z.maxLength(max, `Use no máximo ${max} caracteres.`)));
export const shortText = (max = 120) => optional(z.string().check(z.trim(), z.maxLength(max, `Use no máximo ${max} caracteres.`)));
export const positiveInt = (message = 'Informe um número inteiro maior que zero.') => z.int(message).check(z.minimum(1, message), z.maximum(2_147_483_647));
export const sortOrder = () => optional(z.int('Informe um número inteiro.').check(z.minimum(0), z.maximum(100_000)));
