/** Builders of the fields chosen from a closed set: `boolean`, `enumOf`, `enumList`, `scopes`. */
import type * as z from 'zod/mini';
import type { RuleKit } from '../validation/rules';
import { SCOPES, type Scope } from '../resource';
import type { Tone } from '../workflow';
import { field, type Common, type MayBeEmpty } from './field';

type Options = readonly [string, ...string[]];
/** A pt-BR label for every option. */
export type OptionLabels<T extends Options> = Readonly<Record<T[number], string>>;

/** A yes/no flag (never optional): `boolean('Ativo', {initial: true})`. */
export const boolean = <const O extends Common & { initial?: boolean }>(label: string, options?: O) => field(({ z }) => z.boolean(), { type: 'boolean', label }, options);

/**
 * One of `options`: `enumOf('Tipo', KINDS, {product: 'Produto', service: 'Serviço'})`. A state
 * column names a badge tone per option: `{tones: {open: 'info', paid: 'success'}}`.
 */
export function enumOf<const T extends Options, const O extends Common & MayBeEmpty & { message?: string; initial?: T[number]; tones?: Readonly<Record<T[number], Tone>> }>(label: string, options: T, optionLabels: OptionLabels<T>, extra?: O) {
  return field(({ z }) => (extra?.message === undefined ? z.enum(options) : z.enum(options, extra.message)), { type: 'enum', label, options, optionLabels: optionLabels as Readonly<Record<string, string>>, ...(extra?.tones ? { tones: extra.tones } : {}) }, extra);
}

export interface ListOfOptions extends Common {
  /** Refuse an empty list with this message. */
  atLeastOne?: string;
}

const atLeast = <S extends z.ZodMiniArray>({ z }: RuleKit, schema: S, message: string | undefined): S => (message === undefined ? schema : schema.check(z.minLength(1, message)));

/** Several of `options` (an `enum` with `multiple`); `initial` lists the ones a new record starts with. */
export const enumList = <const T extends Options, const O extends ListOfOptions & { initial?: readonly T[number][] }>(label: string, options: T, optionLabels: OptionLabels<T>, extra?: O) =>
  field((kit) => atLeast(kit, kit.z.array(kit.z.enum(options)), extra?.atLeastOne), { type: 'enum', multiple: true, label, options, optionLabels: optionLabels as Readonly<Record<string, string>> }, extra);

/** Permission scopes (`SCOPES`), `options` narrowing what is offered. */
export const scopes = <const O extends ListOfOptions & { options?: readonly Scope[] }>(label: string, extra?: O) =>
  field((kit) => atLeast(kit, kit.z.array(kit.z.enum(SCOPES)), extra?.atLeastOne), { type: 'scopes', label, ...(extra?.options ? { options: extra.options } : {}) }, extra);
