/**
 * Builders of the fields whose value is a string people type: `text`, `longText`, `richText`
 * and the Brazilian documents and contacts (`cpf`, `cnpj`, `cpfCnpj`, `cep`, `phone`, `email`,
 * `pixKey`), plus `uf` and `city`. Each is required unless `optional: true`.
 */
import type * as z from 'zod/mini';
import type { CepLookupTargets, CompanyLookupTargets, PixKeyChoice } from '../resource';
import type { Rule, RuleKit } from '../validation/rules';
import { field, type Common, type MayBeEmpty } from './field';

type StringRule = z.core.$ZodType<string, string>;

export interface TextOptions extends Common, MayBeEmpty {
  /** At most this many characters (default 120), "Use no máximo N caracteres.". */
  max?: number;
  /** Message when a required one is empty (default "Preencha este campo."). */
  required?: string;
  /** Trim the value (default true; a required one is always trimmed). */
  trim?: boolean;
  /** The value's own rule instead of the length rule (a code, a pattern, a document). */
  rule?: Rule<StringRule>;
  initial?: string;
  /** Digits typed fill its `#` slots as they come (`'##/####'`: "112026" shows "11/2026"). */
  pattern?: string;
  /** What the empty input shows ("mm/aaaa"). */
  placeholder?: string;
}

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

function textRule(kit: RuleKit, options: TextOptions = {}): StringRule {
  if (options.rule) return options.rule(kit);
  const { z } = kit;
  const max = options.max ?? 120;
  if (!options.optional) return kit.requiredText(max, options.required);
  return options.trim === false ? z.string().check(z.maxLength(max, tooLong(max))) : z.string().check(z.trim(), z.maxLength(max, tooLong(max)));
}

/**
 * At most `max` characters, untrimmed, with zod's own message: the rule some older fields keep
 * (`rule: lengthOnly(2000)`); new fields use `max`.
 */
export const lengthOnly = (max: number): Rule<StringRule> => ({ z }) => z.string().check(z.maxLength(max));

/** One line of text: `text('Nome', {max: 160})`, `text('Marca', {max: 80, optional: true})`. */
export const text = <const O extends TextOptions>(label: string, options?: O) =>
  field((kit) => textRule(kit, options), { type: 'text', label, ...(options?.pattern ? { pattern: options.pattern } : {}), ...(options?.placeholder ? { placeholder: options.placeholder } : {}) }, options);

/** Several lines of text (same options as `text`). */
export const longText = <const O extends TextOptions>(label: string, options?: O) => field((kit) => textRule(kit, options), { type: 'longText', label }, options);

/** Sanitised HTML (same options as `text`). */
export const richText = <const O extends TextOptions>(label: string, options?: O) => field((kit) => textRule(kit, options), { type: 'richText', label }, options);

export interface ValueOptions extends Common, MayBeEmpty {
  /** The value's own rule instead of the type's. */
  rule?: Rule<StringRule>;
}

/** A builder of a string type whose rule is fixed (the kit's `brazil.cpf()`…). */
function fixed<T extends 'cpf' | 'cnpj' | 'cpfCnpj' | 'phone' | 'email'>(type: T) {
  return <const O extends ValueOptions>(label: string, options?: O) => field((kit) => options?.rule?.(kit) ?? kit.brazil[type](), { type, label }, options);
}

/** CPF, 11 digits unmasked. */
export const cpf = fixed('cpf');
/** CNPJ, numeric or alphanumeric, unmasked; `companyLookup` fills the named siblings from the CNPJ lookup. */
export const cnpj = <const O extends ValueOptions & { companyLookup?: CompanyLookupTargets }>(label: string, options?: O) =>
  field((kit) => options?.rule?.(kit) ?? kit.brazil.cnpj(), { type: 'cnpj' as const, label, ...(options?.companyLookup ? { companyLookup: options.companyLookup } : {}) }, options);
/** CPF or CNPJ (`companyLookup` as for `cnpj`, when a CNPJ is typed). */
export const cpfCnpj = <const O extends ValueOptions & { kindField?: string; companyLookup?: CompanyLookupTargets }>(label: string, options?: O) =>
  field(
    (kit) => options?.rule?.(kit) ?? kit.brazil.cpfCnpj(),
    { type: 'cpfCnpj' as const, label, ...(options?.kindField ? { kindField: options.kindField } : {}), ...(options?.companyLookup ? { companyLookup: options.companyLookup } : {}) },
    options,
  );
/** Phone with DDD, 10 or 11 digits. */
export const phone = fixed('phone');
export const email = fixed('email');

/** CEP, 8 digits; `lookup` fills the named sibling fields from the postal-code service. */
export const cep = <const O extends Common & MayBeEmpty & { lookup?: CepLookupTargets }>(label: string, options?: O) =>
  field(({ brazil }) => brazil.cep(), { type: 'cep', label, ...(options?.lookup ? { lookup: options.lookup } : {}) }, options);

/**
 * A PIX key. With `typeField` (the sibling enum holding the key type) the key is only typed
 * text here and its validity for the type is the item's check (`schemas.pixKeyMatchesType`).
 */
export const pixKey = <const O extends Common & MayBeEmpty & { typeField?: string; chosenFrom?: PixKeyChoice }>(label: string, options?: O) =>
  field(
    ({ brazil }) => (options?.typeField ? brazil.pixKeyText() : brazil.pixKey()),
    { type: 'pixKey', label, ...(options?.typeField ? { typeField: options.typeField } : {}), ...(options?.chosenFrom ? { chosenFrom: options.chosenFrom } : {}) },
    options,
  );

/** One of the 27 UF codes. */
export const uf = <const O extends Common & MayBeEmpty>(label: string, options?: O) => field(({ brazil }) => brazil.uf(), { type: 'uf', label }, options);

/** IBGE municipality code of the UF in the sibling field `stateField`. */
export const city = <const O extends Common & MayBeEmpty>(label: string, stateField: string, options?: O) =>
  field(({ brazil }) => brazil.ibgeCity(), { type: 'city', label, stateField }, options);
