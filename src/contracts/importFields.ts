/**
 * The fields a batch import can fill for each resource type, derived from the target
 * declaration (never listed by hand), and the automatic column → field suggestion.
 */
import { fold } from './brazil/text';
import { IMPORT_TARGETS, type ImportResourceType } from './imports';
import { isOptionalField, type AnyResource, type FieldDef } from './resource';
import { findResource } from './resources';
import './validation/provide';

export interface ImportField {
  /** Field name, or `list.0.sub` for the first item of a list field. */
  key: string;
  label: string;
  required: boolean;
  /** The natural key: a re-import with the same value updates the record. */
  isKey: boolean;
}

const SKIPPED = new Set<FieldDef['type']>(['file', 'references', 'scopes', 'richText']);


/** Importable fields of a resource type, in declaration order (list fields: their first item). */
export function importableFields(type: ImportResourceType): ImportField[] {
  const target = IMPORT_TARGETS[type];
  const resource = findResource(target.resource);
  if (!resource) return [];
  const out: ImportField[] = [];
  for (const [name, def] of Object.entries(resource.fields)) {
    if (def.readOnly || SKIPPED.has(def.type)) continue;
    if (def.type === 'list') {
      for (const [sub, subDef] of Object.entries(def.of)) {
        if (!SKIPPED.has(subDef.type)) out.push({ key: `${name}.0.${sub}`, label: `${def.label} — ${subDef.label}`, required: false, isKey: false });
      }
      continue;
    }
    const required = def.type !== 'boolean' && !(def.type === 'enum' && def.multiple) && !isOptionalField(resource, name);
    out.push({ key: name, label: def.label, required, isKey: name === target.key });
  }
  return out;
}

/**
 * Headers Brazilian spreadsheets use for a field, by the field's (short) name — what ERPs, banks
 * and the Receita export call it when it is not our label.
 */
const HEADER_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  name: ['Razão social', 'Nome', 'Nome empresarial', 'Nome/Razão social'],
  document: ['CNPJ', 'CPF', 'CNPJ/CPF', 'CPF/CNPJ', 'CNPJ ou CPF', 'Documento', 'Nº do documento'],
  tradeName: ['Nome fantasia', 'Fantasia'],
  stateRegistration: ['Inscrição estadual', 'IE', 'Insc. estadual'],
  municipalRegistration: ['Inscrição municipal', 'IM', 'Insc. municipal'],
  email: ['E-mail', 'Email', 'Correio eletrônico'],
  phone: ['Telefone', 'Fone', 'Tel', 'Celular', 'WhatsApp'],
  cep: ['CEP', 'Código postal'],
  street: ['Logradouro', 'Endereço', 'Rua', 'Avenida'],
  number: ['Número', 'Nº', 'No', 'Num'],
  complement: ['Complemento', 'Compl'],
  district: ['Bairro'],
  state: ['UF', 'Estado', 'Sigla UF'],
  city: ['Cidade', 'Município', 'Nome do município'],
};

/**
 * Column → field key for the columns whose header names a field (its label, its name, the last
 * part of a list field's label, or a usual synonym — accents, case and punctuation ignored:
 * "Razão Social", "RAZAO_SOCIAL", "cnpj/cpf", "Município", "UF"…). Each field once, the first
 * field of the declaration winning a shared header.
 */
export function suggestMapping(columns: readonly string[], fields: readonly ImportField[]): Record<string, string> {
  const byName = new Map<string, string>();
  for (const field of fields) {
    const short = field.key.includes('.') ? field.key.split('.').pop()! : field.key;
    const own = field.label.split(' — ').pop()!;
    for (const alias of [field.label, field.key, short, own, ...field.label.split('/'), ...own.split('/'), ...(HEADER_SYNONYMS[short] ?? [])]) {
      const folded = fold(alias);
      if (folded && !byName.has(folded)) byName.set(folded, field.key);
    }
  }
  const used = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const column of columns) {
    const aliases = [column, column.replace(/([a-z])([A-Z])/g, '$1 $2'), ...column.split('/')];
    const key = aliases.map((alias) => byName.get(fold(alias))).find((found) => found && !used.has(found));
    if (key) {
      mapping[column] = key;
      used.add(key);
    }
  }
  return mapping;
}

/** Required fields no column is mapped to. */
export function missingRequired(mapping: Readonly<Record<string, string>>, fields: readonly ImportField[]): ImportField[] {
  const mapped = new Set(Object.values(mapping));
  return fields.filter((field) => field.required && !mapped.has(field.key));
}
