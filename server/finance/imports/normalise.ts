/**
 * One spreadsheet cell → the wire value of its field, normalised like typed input
 * (contracts/imports.ts): documents unmasked (leading zeros a spreadsheet lost restored), CEP and
 * phones unmasked, `1.234,56` money (and `1234.56` / numeric cells), `dd/mm/aaaa` dates,
 * `sim/não` booleans, enum values by key or pt-BR label, UF by code or name, municipality by
 * IBGE code or name within the row's UF, PIX keys read as their type (detected when the type
 * column is empty). References are resolved by the caller (engine.ts). The declaration's
 * schema then validates the result, so a cell that cannot be normalised is passed on as typed
 * and answered with the schema's own message — or with a message of its own here when the
 * problem is the format of the cell.
 */
import {
  fold,
  normaliseCep,
  normaliseCnpj,
  normaliseCpf,
  normaliseCpfCnpj,
  normaliseEmail,
  normaliseIe,
  normalisePhone,
  normalisePixKey,
  normaliseUf,
  onlyDigits,
  PIX_KEY_TYPES,
  UF_CODES,
  UF_NAMES,
  unmask,
  type PixKeyType,
  type Uf,
  MESSAGES as BRAZIL_MESSAGES,
} from '../../../src/contracts/brazil/index.js';
import { municipalityNamed as municipalityByName } from '../../registry/municipalities.js';
import type { ScalarFieldDef } from '../../../src/contracts/resource.js';
import { parseScaled } from '../../../src/core/format/money.js';

export type Cell = { value: unknown; error?: undefined } | { value?: undefined; error: string };

export const CELL_MESSAGES = {
  integer: 'Número inválido. Use somente algarismos.',
  money: 'Valor inválido. Use o formato 1.234,56.',
  percent: 'Percentual inválido. Use o formato 12,5 ou 12,5%.',
  date: 'Data inválida. Use dd/mm/aaaa.',
  datetime: 'Data e hora inválidas. Use dd/mm/aaaa hh:mm.',
  boolean: 'Use sim ou não.',
  enum: (labels: string[]) => `Opção inválida. Use uma destas: ${labels.join(', ')}.`,
  cityNeedsUf: 'Informe a UF para encontrar o município.',
  cityNotFound: (uf: string) => `Município não encontrado em ${uf}.`,
} as const;

const ok = (value: unknown): Cell => ({ value });
const fail = (error: string): Cell => ({ error });

const TRUE = new Set(['sim', 's', 'yes', 'y', 'true', 'verdadeiro', 'v', '1', 'x', 'ativo', 'ativa']);
const FALSE = new Set(['nao', 'n', 'no', 'false', 'falso', 'f', '0', 'inativo', 'inativa']);

export function parseBoolean(raw: string): boolean | null {
  const folded = fold(raw);
  if (TRUE.has(folded)) return true;
  if (FALSE.has(folded)) return false;
  return null;
}

/** `1.234,56`, `R$ 1.234,56`, `1234,5`, `1234.56` (a dot followed by 1–2 digits is decimal), `-10` → centavos. */
export function parseMoneyCell(raw: string, scale = 2): number | null {
  const text = raw.replace(/R\$|\s|\u00a0/g, '');
  if (!text.includes(',') && /^-?\d+\.\d{1,2}$/.test(text)) return parseScaled(text.replace('.', ','), scale);
  return parseScaled(text, scale);
}

/** `dd/mm/aaaa`, `d/m/aa`, `aaaa-mm-dd` → `YYYY-MM-DD` of a real calendar date. */
export function parseDateCell(raw: string): string | null {
  const text = raw.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?$/, '');
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (match) {
    d = +match[1];
    m = +match[2];
    y = match[3].length === 2 ? 2000 + +match[3] : +match[3];
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text))) {
    y = +match[1];
    m = +match[2];
    d = +match[3];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function parseDateTime(raw: string): string | null {
  const match = /^(.+?)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(raw.trim());
  if (match) {
    const date = parseDateCell(match[1]);
    if (!date) return null;
    const instant = new Date(`${date}T${match[2].padStart(2, '0')}:${match[3]}:${match[4] ?? '00'}-03:00`);
    return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
  }
  const date = parseDateCell(raw);
  if (date) return new Date(`${date}T00:00:00-03:00`).toISOString();
  const instant = new Date(raw);
  return /^\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(instant.getTime()) ? instant.toISOString() : null;
}

/** A UF by code (`sp`) or name (`São Paulo`). */
export function ufOf(raw: string): Uf | null {
  const code = normaliseUf(raw);
  if (code) return code;
  const folded = fold(raw);
  return UF_CODES.find((uf) => fold(UF_NAMES[uf]) === folded) ?? null;
}

export interface CellContext {
  /** Field name (`stateRegistration`, `agency`…): a few text fields have a format of their own. */
  field: string;
  /** Raw value of a sibling field (same record or list item), or undefined. */
  sibling(name: string): string | undefined;
}

/** Normalises a non-empty cell for a scalar (non-reference) field. */
export function normaliseCell(def: ScalarFieldDef, raw: string, context: CellContext): Cell {
  const text = raw.trim();
  switch (def.type) {
    case 'text':
    case 'longText':
    case 'richText': {
      if (context.field === 'stateRegistration') return ok(normaliseIe(text) ?? text.toUpperCase());
      if (['agency', 'account', 'ispb', 'ncm', 'barcode'].includes(context.field)) return ok(/^[\d.\s-]+$/.test(text) ? onlyDigits(text) : text);
      if (['agencyDigit', 'accountDigit'].includes(context.field)) return ok(text.toUpperCase());
      return ok(text);
    }
    case 'email':
      return ok(normaliseEmail(text) ?? text);
    case 'integer': {
      const digits = text.replace(/\./g, '');
      return /^-?\d{1,15}$/.test(digits) ? ok(Number(digits)) : fail(CELL_MESSAGES.integer);
    }
    case 'money': {
      const value = parseMoneyCell(text);
      return value === null ? fail(CELL_MESSAGES.money) : ok(value);
    }
    case 'percent': {
      const value = parseMoneyCell(text.replace(/%$/, ''));
      return value === null ? fail(CELL_MESSAGES.percent) : ok(value);
    }
    case 'date': {
      const value = parseDateCell(text);
      return value === null ? fail(CELL_MESSAGES.date) : ok(value);
    }
    case 'datetime': {
      const value = parseDateTime(text);
      return value === null ? fail(CELL_MESSAGES.datetime) : ok(value);
    }
    case 'boolean': {
      const value = parseBoolean(text);
      return value === null ? fail(CELL_MESSAGES.boolean) : ok(value);
    }
    case 'enum': {
      const pick = (part: string) => {
        const folded = fold(part);
        return def.options.find((option) => option === part.trim() || fold(option) === folded || fold(def.optionLabels[option] ?? '') === folded);
      };
      const labels = def.options.map((option) => def.optionLabels[option] ?? option);
      if (def.multiple) {
        const parts = text.split(/[,;|]/).map((p) => p.trim()).filter(Boolean);
        const values = parts.map(pick);
        return values.every(Boolean) ? ok([...new Set(values)]) : fail(CELL_MESSAGES.enum(labels));
      }
      const value = pick(text);
      return value ? ok(value) : fail(CELL_MESSAGES.enum(labels));
    }
    case 'cpf':
      return ok(normaliseCpf(text, { pad: true }) ?? unmask(text));
    case 'cnpj':
      return ok(normaliseCnpj(text, { pad: true }) ?? unmask(text));
    case 'cpfCnpj':
      return ok(normaliseCpfCnpj(text, { pad: true }) ?? unmask(text));
    case 'cep':
      return ok(normaliseCep(text, { pad: true }) ?? onlyDigits(text));
    case 'phone':
      return ok(normalisePhone(text) ?? text);
    case 'uf':
      return ok(ufOf(text) ?? text.toUpperCase());
    case 'city': {
      if (/^\d{7}$/.test(text)) return ok(text);
      const ufRaw = context.sibling(def.stateField);
      const uf = ufRaw ? ufOf(ufRaw) : null;
      if (!uf) return fail(CELL_MESSAGES.cityNeedsUf);
      const found = municipalityByName(uf, text);
      return found ? ok(found.code) : fail(CELL_MESSAGES.cityNotFound(uf));
    }
    case 'pixKey': {
      const typeRaw = def.typeField ? context.sibling(def.typeField)?.trim() : undefined;
      const type = typeRaw ? (PIX_KEY_TYPES.find((t) => t === fold(typeRaw).replace(/\s/g, '')) ?? pixTypeByLabel(typeRaw)) : null;
      const key = normalisePixKey(text, type);
      // Without a type column the key must say what it is (CPF, CNPJ, e-mail, celular, aleatória).
      if (!key && !typeRaw) return fail(BRAZIL_MESSAGES.pixKey);
      return ok(key?.value ?? text);
    }
    default:
      return ok(text);
  }
}

const PIX_LABELS: Record<string, PixKeyType> = { cpf: 'cpf', cnpj: 'cnpj', email: 'email', 'e mail': 'email', celular: 'phone', telefone: 'phone', phone: 'phone', aleatoria: 'evp', 'chave aleatoria': 'evp', evp: 'evp' };
function pixTypeByLabel(raw: string): PixKeyType | null {
  return PIX_LABELS[fold(raw)] ?? null;
}

/** The PIX key type of a key cell when the type column is empty (detected from the key). */
export function detectPixType(raw: string): PixKeyType | null {
  return normalisePixKey(raw.trim())?.type ?? null;
}
