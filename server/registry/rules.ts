/**
 * Rules that span several fields of one record (a declaration's schema checks each field
 * alone). The same functions serve the generic API (storage `validate`) and the batch import's
 * preview and run, so both answer with the same pt-BR message on the same (dotted) field.
 *
 * - Inscrição estadual: when given (and not ISENTO) it needs its UF, and must be valid for that
 *   UF (length and check digits of the state, `validIe`).
 * - Addresses: the municipality (IBGE code) exists and belongs to the item's UF; the CEP lies in
 *   that UF's Correios range.
 * - Bank accounts of the organisation: bank, agência, conta and dígito are required unless the
 *   account is a cash box (`cash`).
 * - Company bills: the due date is not before the closing date.
 */
import { IE_EXEMPT, ufOfCep, validIe, type Uf } from '../../src/contracts/brazil/index.js';
import { municipality as municipalityByCode } from './municipalities.js';
import type { FieldErrors } from '../errors.js';
import type { Values } from './storage.js';

export type Rule = (values: Values) => FieldErrors;

const add = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export const RULE_MESSAGES = {
  ieNeedsUf: 'Informe a UF da inscrição estadual.',
  ieInvalidForUf: (uf: string) => `Inscrição estadual inválida para ${uf}.`,
  cityUnknown: 'Município não encontrado.',
  cityOutsideUf: 'O município não pertence à UF informada.',
  cepOutsideUf: (uf: string) => `O CEP informado não pertence à UF ${uf}.`,
  bankDataRequired: 'Obrigatório para contas bancárias (só uma conta do tipo Caixa dispensa os dados bancários).',
  dueBeforeClosing: 'O vencimento não pode ser anterior ao fechamento.',
  cashPixKeys: 'Um caixa não tem chaves PIX: cadastre-as numa conta bancária.',
  pixKeyNotHolder: 'Uma chave CPF ou CNPJ desta conta deve ser o documento do titular.',
} as const;

/** IE valid for its UF (`stateRegistration` + `stateRegistrationUf`). */
export function stateRegistrationRule(values: Values, ieField = 'stateRegistration', ufField = 'stateRegistrationUf'): FieldErrors {
  const errors: FieldErrors = {};
  const ie = text(values[ieField]);
  if (!ie || ie === IE_EXEMPT) return errors;
  const uf = text(values[ufField]);
  if (!uf) add(errors, ufField, RULE_MESSAGES.ieNeedsUf);
  else if (!validIe(ie, uf as Uf)) add(errors, ieField, RULE_MESSAGES.ieInvalidForUf(uf));
  return errors;
}

/** Each address item: municipality of its UF, CEP of its UF. */
export function addressRule(values: Values, field = 'addresses'): FieldErrors {
  const errors: FieldErrors = {};
  const items = Array.isArray(values[field]) ? (values[field] as Record<string, unknown>[]) : [];
  items.forEach((item, index) => {
    const uf = text(item?.state);
    const city = text(item?.city);
    const cep = text(item?.cep);
    if (city) {
      const municipality = municipalityByCode(city);
      if (!municipality) add(errors, `${field}.${index}.city`, RULE_MESSAGES.cityUnknown);
      else if (uf && municipality.uf !== uf) add(errors, `${field}.${index}.city`, RULE_MESSAGES.cityOutsideUf);
    }
    if (cep && uf) {
      const cepUf = ufOfCep(cep);
      if (cepUf && cepUf !== uf) add(errors, `${field}.${index}.cep`, RULE_MESSAGES.cepOutsideUf(uf));
    }
  });
  return errors;
}

/** A bank account (not a cash box) names its bank, agência, conta and dígito. */
export function bankAccountRule(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  const keys = Array.isArray(values.pixKeys) ? (values.pixKeys as { type?: string; key?: string }[]) : [];
  if (values.type === 'cash') {
    if (keys.length) add(errors, 'pixKeys', RULE_MESSAGES.cashPixKeys);
    return errors;
  }
  for (const field of ['bankId', 'agency', 'account', 'accountDigit']) if (!text(values[field])) add(errors, field, RULE_MESSAGES.bankDataRequired);
  // A CPF/CNPJ key is the holder's own document: someone else's CNPJ on our account is someone else's money.
  const holder = text(values.holderDocument);
  keys.forEach((entry, index) => {
    if ((entry.type === 'cpf' || entry.type === 'cnpj') && entry.key && entry.key !== holder) add(errors, `pixKeys.${index}.key`, RULE_MESSAGES.pixKeyNotHolder);
  });
  return errors;
}

export function billDatesRule(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  const closing = text(values.closingDate);
  const due = text(values.dueDate);
  if (closing && due && due < closing) add(errors, 'dueDate', RULE_MESSAGES.dueBeforeClosing);
  return errors;
}

/** Several rules as one (errors merged). */
export function rules(...list: Rule[]): Rule {
  return (values) => {
    const errors: FieldErrors = {};
    for (const rule of list) for (const [field, messages] of Object.entries(rule(values))) for (const message of messages) add(errors, field, message);
    return errors;
  };
}

/** Persons, customers, suppliers and companies: IE for its UF, addresses. */
export const partyRules: Rule = rules(stateRegistrationRule, (values) => addressRule(values));
