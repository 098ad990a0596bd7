/**
 * "Baixar modelo": a ready XLSX for an import type — one column per importable field, headed by
 * its label (the wizard maps those by itself), required ones marked, and one example row that
 * imports as it is (typed the way people type in a spreadsheet: "sim", "1.234,56", 31/12/2026).
 */

import { importableFields, type ImportField } from '../../../src/contracts/importFields.js';
import { IMPORT_TARGETS, type ImportResourceType } from '../../../src/contracts/imports.js';
import type { FieldDef } from '../../../src/contracts/resource.js';
import { findResource } from '../../../src/contracts/resources/index.js';

/** Example values by field name (the short name of a list field's item). */
const EXAMPLES: Readonly<Record<string, string>> = {
  document: '11.222.333/0001-81',
  name: 'Empresa Exemplo Ltda',
  tradeName: 'Exemplo',
  email: 'contato@exemplo.com.br',
  phone: '(11) 3333-4444',
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  district: 'Bela Vista',
  state: 'SP',
  city: 'São Paulo',
  code: 'EX-001',
  sku: 'EX-0001',
  slug: 'exemplo',
  title: 'Exemplo',
  description: 'Linha de exemplo: substitua pelos seus dados.',
};

function fieldDef(type: ImportResourceType, key: string): FieldDef | undefined {
  const resource = findResource(IMPORT_TARGETS[type].resource);
  const [name, , sub] = key.split('.');
  const def = resource?.fields[name];
  return sub && def?.type === 'list' ? def.of[sub] : def;
}

/** The example cell of a field: a known example, else one by type, else empty (optional fields only). */
function example(type: ImportResourceType, field: ImportField): string {
  const short = field.key.split('.').pop()!;
  if (Object.hasOwn(EXAMPLES, short)) return EXAMPLES[short];
  const def = fieldDef(type, field.key);
  switch (def?.type) {
    case 'boolean':
      return 'sim';
    case 'enum':
      return def.multiple ? '' : (def.optionLabels?.[def.options[0]] ?? def.options[0]);
    case 'money':
      return '1.234,56';
    case 'date':
      return '31/12/2026';
    case 'integer':
      return '1';
    default:
      return field.required ? 'Exemplo' : '';
  }
}

/** The template workbook of `type` (sheet "Modelo"; required headers bold). */
export async function importTemplate(type: ImportResourceType): Promise<Buffer> {
  const fields = importableFields(type).filter((field) => !field.key.includes('.') || field.key.startsWith('addresses.') || field.required);
  // Loaded on the first template asked for, not at every start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Modelo');
  sheet.addRow(fields.map((field) => field.label));
  sheet.addRow(fields.map((field) => example(type, field)));
  sheet.getRow(1).eachCell((cell, column) => {
    if (fields[column - 1].required) cell.font = { bold: true };
  });
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
