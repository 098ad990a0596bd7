/**
 * List exports as the user sees the list: the filtered rows, the columns shown, values formatted
 * like the screen (CPF/CNPJ and phones masked, money "R$ 1.234,56"), a file named in Portuguese.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, suppliers } from '../../src/contracts/resources/index.js';
import { databaseKinds, loginSession, useTestEnv, type Session } from './fixture.js';
import { apiPath, cnpjFrom, createRecord, download, parseCsv, referenceIds, sampleValues, unzip, xlsxRows } from './registry-support.js';

/** A valid CPF from 9 random digits. */
function cpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, n, i) => acc + n * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

const TODAY_IN_BRASILIA = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe.each(databaseKinds())('list exports [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  const tag = `Exp${randomUUID().slice(0, 6)}`;
  const person = { cpf: cpf(), cnpj: cnpjFrom(String(randomInt(1e11, 1e12 - 1))) };

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    const refs = await referenceIds(env, admin, suppliers);
    const url = apiPath(suppliers);
    for (const [name, document, phone] of [[`${tag} Ana`, person.cpf, '11987654321'], [`${tag} Beta Ltda`, person.cnpj, '1133334444']]) {
      const created = await createRecord(env, admin, suppliers, url, { ...sampleValues(suppliers, refs), name, document, phone });
      expect(created.status, created.raw).toBe(201);
    }
    const productRefs = await referenceIds(env, admin, products);
    const product = await createRecord(env, admin, products, apiPath(products), { ...sampleValues(products, productRefs), name: `${tag} Caneta`, price: 123456 });
    expect(product.status, product.raw).toBe(201);
  });

  it('names the file after the list in Portuguese, with the Brasília date', async () => {
    const csv = await download(env, admin, `${apiPath(suppliers)}/export.csv?q=${tag}`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toBe(`attachment; filename="fornecedores-${TODAY_IN_BRASILIA()}.csv"`);
    const xlsx = await download(env, admin, `${apiPath(products)}/export.xlsx?q=${tag}`);
    expect(String(xlsx.headers['content-disposition'])).toBe(`attachment; filename="produtos-${TODAY_IN_BRASILIA()}.xlsx"`);
  });

  it('exports the filtered rows and the columns shown, documents and phones masked as on the screen', async () => {
    const csv = await download(env, admin, `${apiPath(suppliers)}/export.csv?q=${tag}&sort=name&columns=name,document,phone`);
    const rows = parseCsv(csv.body.toString('utf8'));
    const masked = (value: string) => value.length === 11
      ? value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
      : value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
    expect(rows).toEqual([
      ['Nome / Razão social', 'CPF/CNPJ', 'Telefone'],
      [`${tag} Ana`, masked(person.cpf), '(11) 98765-4321'],
      [`${tag} Beta Ltda`, masked(person.cnpj), '(11) 3333-4444'],
    ]);
    // The same in XLSX, in the order the user chose; a name that is no list column is left out.
    const xlsx = await download(env, admin, `${apiPath(suppliers)}/export.xlsx?q=${tag}&sort=name&columns=phone,name,passwordHash`);
    expect(xlsxRows(xlsx.body)).toEqual([['Telefone', 'Nome / Razão social'], ['(11) 98765-4321', `${tag} Ana`], ['(11) 3333-4444', `${tag} Beta Ltda`]]);
    // Without `columns`: every list column of the declaration.
    const all = parseCsv((await download(env, admin, `${apiPath(suppliers)}/export.csv?q=${tag}`)).body.toString('utf8'));
    expect(all[0]).toEqual(suppliers.list!.columns.map((column) => (suppliers.fields as Record<string, { label: string }>)[column.field].label));
    expect(all).toHaveLength(3);
    // An unknown parameter is still refused.
    expect((await download(env, admin, `${apiPath(suppliers)}/export.csv?colunas=name`)).status).toBe(400);
  });

  it('writes money as the screen shows it: "R$ 1.234,56" in CSV, an amount in a R$ format in XLSX', async () => {
    const csv = parseCsv((await download(env, admin, `${apiPath(products)}/export.csv?q=${tag}&columns=name,price`)).body.toString('utf8'));
    expect(csv).toEqual([['Nome', 'Preço de referência'], [`${tag} Caneta`, 'R$ 1.234,56']]);
    const xlsx = await download(env, admin, `${apiPath(products)}/export.xlsx?q=${tag}&columns=name,price`);
    const files = unzip(xlsx.body);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    const priceCell = /<c r="B2" s="(\d+)"><v>([^<]+)<\/v><\/c>/.exec(sheet);
    expect(priceCell?.[2]).toBe('1234.56');
    const styles = files.get('xl/styles.xml')!;
    const xfs = [...styles.split('<cellXfs')[1].matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => m[1]);
    const format = xfs[Number(priceCell?.[1])];
    expect(styles).toContain(`<numFmt numFmtId="${format}" formatCode="&quot;R$ &quot;#,##0.00;&quot;-R$ &quot;#,##0.00"/>`);
  });
});
