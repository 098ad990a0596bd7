import { describe, expect, it } from 'vitest';
import { importableFields, missingRequired, suggestMapping } from '../../../src/contracts/importFields';
import { companies, suppliers } from '../../../src/contracts/resources';
import { IMPORT_RESOURCE_TYPES, IMPORT_TARGETS, importFileKind } from '../../../src/contracts/imports';
import { findResource } from '../../../src/contracts/resources';

describe('batch import fields', () => {
  it('every type imports into a declaration whose natural key is a field', () => {
    for (const type of IMPORT_RESOURCE_TYPES) {
      const target = findResource(IMPORT_TARGETS[type].resource);
      expect(target, type).toBeDefined();
      expect(target!.fields, type).toHaveProperty(IMPORT_TARGETS[type].key);
      const fields = importableFields(type);
      expect(fields.find((f) => f.isKey)?.key, type).toBe(IMPORT_TARGETS[type].key);
    }
  });

  it('suppliers: writable fields, required ones marked, lists by their first item, read-only left out', () => {
    const fields = importableFields('suppliers');
    const keys = fields.map((f) => f.key);
    expect(keys).toContain('document');
    expect(keys).toContain('addresses.0.cep');
    expect(keys).toContain('pixKeys.0.key');
    expect(keys).not.toContain('kind');
    expect(keys).not.toContain('isSupplier');
    expect(fields.filter((f) => f.required).map((f) => f.key)).toEqual(['document', 'name']);
  });

  it('suggests columns from real spreadsheet headers', () => {
    const fields = importableFields('suppliers');
    const mapping = suggestMapping(['Razão Social', 'CNPJ/CPF', 'E-MAIL', 'Telefone', 'Inscrição Estadual', 'Qualquer'], fields);
    expect(mapping).toEqual({ 'Razão Social': 'name', 'CNPJ/CPF': 'document', 'E-MAIL': 'email', Telefone: 'phone', 'Inscrição Estadual': 'stateRegistration' });
    expect(missingRequired(mapping, fields)).toEqual([]);
    expect(missingRequired({ 'Razão Social': 'name' }, fields).map((f) => f.key)).toEqual(['document']);
  });

  it('recognises the headers spreadsheets use for addresses and documents', () => {
    const fields = importableFields('suppliers');
    const mapping = suggestMapping(['CNPJ', 'Nome empresarial', 'Fantasia', 'CEP', 'Endereço', 'Nº', 'Bairro', 'Município', 'UF', 'Fone'], fields);
    expect(mapping).toEqual({
      CNPJ: 'document', 'Nome empresarial': 'name', Fantasia: 'tradeName', CEP: 'addresses.0.cep', Endereço: 'addresses.0.street', Nº: 'addresses.0.number',
      Bairro: 'addresses.0.district', Município: 'addresses.0.city', UF: 'addresses.0.state', Fone: 'phone',
    });
    expect(suggestMapping(['Cidade', 'Estado'], fields)).toEqual({ Cidade: 'addresses.0.city', Estado: 'addresses.0.state' });
  });

  it('accepts CSV and XLSX only', () => {
    expect(importFileKind('fornecedores.CSV')).toBe('csv');
    expect(importFileKind('planilha.xlsx')).toBe('xlsx');
    expect(importFileKind('planilha.xls')).toBeNull();
    expect(importFileKind('foto.png')).toBeNull();
  });
});

describe('partial addresses', () => {
  const address = { type: 'main', cep: '01310100', street: null, number: null, complement: null, district: null, state: 'SP', city: '3550308' };
  it('a supplier (and a customer) may be known by CEP, city and UF only; a company keeps the full address', () => {
    const item = (resource: typeof suppliers | typeof companies) => resource.schema.shape.addresses.safeParse([address]);
    const parsed = item(suppliers);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.success).toBe(true);
    expect(item(companies).error?.issues.map((i) => i.path.join('.'))).toEqual(['0.street', '0.number', '0.district']);
  });
});
