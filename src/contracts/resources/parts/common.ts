/** Small rules, builders and actions shared by the registry declarations. */
import type * as z from 'zod/mini';
import { type Rule } from '../../validation/rules';
import { longText } from '../../fields';
import type { ActionDef } from '../../resource';

/** The built-in DELETE as a bulk and row action. */
export const deleteAction = (confirm: string): ActionDef => ({ name: 'delete', label: 'Excluir', scope: 'delete', bulk: true, row: true, confirm, tone: 'danger' });

/**
 * "Ativar" / "Inativar" on a selection (and on one record): set the declaration's `isActive`,
 * asking first before inactivating (`confirm`: what inactive means for these records).
 */
export const activationActions = (confirm: string, activateWhen?: ActionDef['offeredWhen']): ActionDef[] => [
  { name: 'activate', label: 'Ativar', scope: 'update', bulk: true, set: { isActive: true }, ...(activateWhen ? { offeredWhen: activateWhen } : {}) },
  { name: 'deactivate', label: 'Inativar', scope: 'update', bulk: true, set: { isActive: false }, confirm },
];

/** Rule of a code people type ("1.01.002", "CC-10", "ADM"): letters, digits and . - _ /. */
export const code = (max = 30): Rule<z.ZodMiniString<string>> => ({ z }) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'Informe o código.'),
    z.maxLength(max, `Use no máximo ${max} caracteres.`),
    z.regex(/^[0-9A-Za-z][0-9A-Za-z.\-_/]*$/, 'Use letras, números, ponto, hífen, sublinhado ou barra.'),
  );

/** Free optional text of up to `max` characters, kept as typed (not trimmed). */
export const notes = (label: string, max = 4000) => longText(label, { max, optional: true, trim: false });

/** Rule of a whole number ≥ 1 (a sequence). */
export const positiveInt = (message = 'Informe um número inteiro maior que zero.'): Rule<z.ZodMiniInt> => ({ z }) => z.int(message).check(z.minimum(1, message), z.maximum(2_147_483_647));

/** Rule of a camelCase technical name (policies name resources and ACLs by it). */
export const camelName = (message: string): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.regex(/^[a-z][A-Za-z0-9]*$/, message), z.maxLength(80));

/** Rule of a URL identifier (`material-de-escritorio`). */
export const slug = (max: number): Rule<z.ZodMiniString<string>> => ({ z }) => z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use letras minúsculas, números e hífens.'), z.maxLength(max));
