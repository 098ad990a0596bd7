/**
 * Batch imports (contracts/imports.ts) on the real server, PGlite and PostgreSQL:
 * - uploads: 413 over 10 MiB, 415 for content that is not CSV/XLSX whatever its name (a PNG
 *   named .csv, a PDF, an old .xls, a ZIP that is no workbook, a JSON body), 400 without rows,
 *   with too many rows or an unknown type; CSV with `;` or `,`, BOM, Windows-1252; XLSX;
 * - mapping: unknown column/field, required field missing, a field twice → 400; the preview has
 *   per-row field errors from the API's own rules (schema, IE for its UF, city of the UF…);
 * - the run: background job polled through the generic GET; re-importing the same file UPDATES
 *   by natural key (no duplicates); repeated keys in a file (the last wins); failed rows never
 *   abort the good ones; trees with parents in the file, cycles reported; errors.csv neutralised;
 * - resumable from `processed` after a crash (lease expired), never twice while leased;
 * - permissions (the target's own create/update scope too) and tenants (404 for another's batch).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping, importableFields } from '../../src/contracts/importFields.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_RESOURCE_TYPES } from '../../src/contracts/imports.js';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { MESSAGES } from '../../server/errors.js';
import { ABANDONED_AFTER_MS, CHUNK_ROWS, IMPORT_JOB, JOB_MESSAGES } from '../../server/finance/imports/job.js';
import { READ_MESSAGES } from '../../server/finance/imports/read.js';
import { IMPORT_MESSAGES } from '../../server/finance/imports/routes.js';
import { TREE_CYCLE_MESSAGE } from '../../server/registry/records.js';
import { RULE_MESSAGES } from '../../server/registry/rules.js';
import { call, createUser, databaseKinds, loginSession, useTestEnv, type Answer, type Session } from './fixture.js';
import { cnpjFrom, download, multipartBody, parseCsv, postMultipart } from './registry-support.js';

const BATCHES = '/api/finance/import-batches';
let serial = 0;
const newCnpj = () => cnpjFrom(`${(Date.now() % 1e7).toString().padStart(7, '0')}${String(++serial).padStart(5, '0')}`);
const mask = (cnpj: string) => cnpj.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');

const SUPPLIER_HEADER = ['CNPJ', 'Razão Social', 'Fantasia', 'IE', 'UF IE', 'E-mail', 'Telefone', 'CEP', 'Logradouro', 'Número', 'Bairro', 'UF', 'Cidade', 'Banco', 'Agência', 'Conta', 'Dígito', 'Chave PIX', 'Ativo'];
const SUPPLIER_MAPPING: Record<string, string> = {
  CNPJ: 'document',
  'Razão Social': 'name',
  Fantasia: 'tradeName',
  IE: 'stateRegistration',
  'UF IE': 'stateRegistrationUf',
  'E-mail': 'email',
  Telefone: 'phone',
  CEP: 'addresses.0.cep',
  Logradouro: 'addresses.0.street',
  Número: 'addresses.0.number',
  Bairro: 'addresses.0.district',
  UF: 'addresses.0.state',
  Cidade: 'addresses.0.city',
  Banco: 'bankAccounts.0.bankId',
  Agência: 'bankAccounts.0.agency',
  Conta: 'bankAccounts.0.account',
  Dígito: 'bankAccounts.0.accountDigit',
  'Chave PIX': 'pixKeys.0.key',
  Ativo: 'isActive',
};

function supplierRow(cnpj: string, name: string, overrides: Partial<Record<string, string>> = {}): string[] {
  const row: Record<string, string> = {
    CNPJ: mask(cnpj),
    'Razão Social': name,
    Fantasia: name.split(' ')[0],
    IE: '110.042.490.114',
    'UF IE': 'SP',
    'E-mail': `contato@${name.toLowerCase().replace(/[^a-z]/g, '')}.com.br`,
    Telefone: '(11) 3322-4455',
    CEP: '01310-100',
    Logradouro: 'Avenida Paulista',
    Número: '1000',
    Bairro: 'Bela Vista',
    UF: 'SP',
    Cidade: 'São Paulo',
    Banco: '341',
    Agência: '0912',
    Conta: '45678',
    Dígito: '9',
    'Chave PIX': cnpj,
    Ativo: 'sim',
    ...overrides,
  };
  return SUPPLIER_HEADER.map((column) => row[column]);
}

const csvLine = (cells: string[], separator = ';') => cells.map((c) => (/[";,\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(separator);
const csv = (rows: string[][], separator = ';', bom = true) => `${bom ? '\uFEFF' : ''}${[csvLine(SUPPLIER_HEADER, separator), ...rows.map((r) => csvLine(r, separator))].join('\r\n')}\r\n`;

describe.each(databaseKinds())('batch imports [%s]', (kind) => {
  const env = useTestEnv(kind);
  let admin: Session;
  let other: Session;

  beforeAll(async () => {
    admin = await loginSession(env, 'admin@demo.com.br');
    other = await loginSession(env, 'admin@outra.com.br');
  });

  const upload = (type: string, name: string, content: Buffer | string, session: Session = admin, fields: Record<string, string> = {}) =>
    postMultipart(env, session, BATCHES, multipartBody({ resourceType: type, ...fields }, { name, content }));
  const map = (id: string, mapping: Record<string, string>, session: Session = admin, query = '') => call(env, 'PUT', `${BATCHES}/${id}/mapping${query}`, { session, body: { mapping } });
  const run = (id: string, session: Session = admin) => call(env, 'POST', `${BATCHES}/${id}/run`, { session });
  const batch = (id: string, session: Session = admin) => call(env, 'GET', `${BATCHES}/${id}`, { session });
  async function importFile(type: string, name: string, content: Buffer | string, mapping: Record<string, string>): Promise<{ id: string; preview: Answer; result: Answer }> {
    const uploaded = await upload(type, name, content);
    expect(uploaded.status, uploaded.raw).toBe(201);
    const preview = await map(uploaded.body.id, mapping);
    expect(preview.status, preview.raw).toBe(200);
    const started = await run(uploaded.body.id);
    expect(started.status, started.raw).toBe(202);
    await env.app.backgroundIdle();
    return { id: uploaded.body.id, preview, result: await batch(uploaded.body.id) };
  }
  const personsWith = async (documents: string[]) =>
    (await sql<{ document: string; n: string }>`SELECT document, count(*) AS n FROM persons WHERE org_id = ${DEMO_ORG_ID} AND document = ANY(${documents}::text[]) GROUP BY document`.execute(env.db)).rows;

  it('reads a CSV (`;`, BOM) into a batch: columns, first rows, total; server-made names only for what it stores', async () => {
    const rows = [supplierRow(newCnpj(), 'Alfa Papelaria Ltda'), supplierRow(newCnpj(), 'Beta Serviços Ltda')];
    const answer = await upload('suppliers', '../../etc/fornecedores\u0007.csv', csv(rows), admin, { description: 'Carga inicial' });
    expect(answer.status, answer.raw).toBe(201);
    expect(answer.headers.location).toBe(`${BATCHES}/${answer.body.id}`);
    expect(answer.body).toMatchObject({ resourceType: 'suppliers', status: 'uploaded', total: 2, processed: 0, description: 'Carga inicial', fileName: 'fornecedores.csv', version: 1 });
    expect(answer.body.columns.map((c: { name: string }) => c.name)).toEqual(SUPPLIER_HEADER);
    expect(answer.body.sampleRows).toEqual(rows);
    const audit = await env.db.selectFrom('audit_log').select('action').where('entity_id', '=', answer.body.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['importBatches.create']);
    // The generic POST with JSON is not how batches are made.
    const json = await call(env, 'POST', BATCHES, { session: admin, body: { description: 'x' } });
    expect(json.status).toBe(415);
  });

  it('every change of a batch\'s status is a transition of its workflow: history with actor and before → after, and audit', async () => {
    const rows = [supplierRow(newCnpj(), 'Histórico Papelaria Ltda')];
    const { id, result } = await importFile('suppliers', 'historico.csv', csv(rows), SUPPLIER_MAPPING);
    expect(result.body).toMatchObject({ status: 'done', created: 1 });
    const adminId = (await sql<{ id: string; name: string }>`SELECT id, name FROM users WHERE email = 'admin@demo.com.br'`.execute(env.db)).rows[0];
    const history = await call(env, 'GET', `${BATCHES}/${id}/history`, { session: admin });
    expect(history.status, history.raw).toBe(200);
    expect(history.body.map((h: { action: string; from: string | null; to: string; actor: { id: string; label: string } | null }) => [h.action, h.from, h.to, h.actor?.id])).toEqual([
      ['create', null, 'uploaded', adminId.id],
      ['mapping', 'uploaded', 'mapped', adminId.id],
      ['run', 'mapped', 'running', adminId.id],
      // The job's step ends the run as the system, in the name of who started it.
      ['finish', 'running', 'done', adminId.id],
    ]);
    expect(history.body[1].actor.label).toBe(adminId.name);
    const audit = await sql<{ action: string; actor_user_id: string; before: { status?: string } | string | null; after: { status?: string } | string | null }>`
      SELECT action, actor_user_id, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY seq`.execute(env.db);
    const status = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as { status?: string }) : (value as { status?: string } | null))?.status ?? null;
    expect(audit.rows.map((a) => [a.action, status(a.before), status(a.after), a.actor_user_id])).toEqual([
      ['importBatches.create', null, 'uploaded', adminId.id],
      ['importBatches.mapping', 'uploaded', 'mapped', adminId.id],
      ['importBatches.run', 'mapped', 'running', adminId.id],
      ['importBatches.finish', 'running', 'done', adminId.id],
    ]);
    // Nobody fires the job's transitions, nor the mapping and run, through generated routes.
    for (const action of ['finish', 'fail', 'run', 'mapping']) expect((await call(env, 'POST', `${BATCHES}/${id}/actions/${action}`, { session: admin, body: {} })).status).toBe(404);
    expect((await batch(id)).body._actions).toEqual([]);
  });

  it('"Baixar modelo" gives an XLSX per type with the fields\' labels and an example row that imports as it is', async () => {
    const outcomes: Record<string, string> = {};
    for (const type of IMPORT_RESOURCE_TYPES) {
      const template = await download(env, admin, `${BATCHES}/templates/${type}`);
      expect(template.status, type).toBe(200);
      expect(template.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(template.headers['content-disposition']).toMatch(/^attachment; filename="modelo-importacao-[a-z-]+\.xlsx"$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(template.body as never);
      const rows = workbook.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
      const header = rows[0].slice(1).map(String);
      const labels = new Set(importableFields(type).map((f) => f.label));
      expect(header.every((h) => labels.has(h)), type).toBe(true);
      const mapping = suggestMapping(header, importableFields(type));
      expect(Object.keys(mapping).length, type).toBe(header.length);
      const { result } = await importFile(type, `modelo-${type}.xlsx`, template.body as Buffer, mapping);
      outcomes[type] = `${result.body.status} ${result.body.created + result.body.updated}/${result.body.failed}`;
    }
    expect(outcomes).toEqual(Object.fromEntries(IMPORT_RESOURCE_TYPES.map((type) => [type, 'done 1/0'])));
    expect((await download(env, admin, `${BATCHES}/templates/outra-coisa`)).status).toBe(400);
  });

  it('refuses oversized uploads (413) and content that is not CSV/XLSX whatever its name (415), and explains 400s', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a');
    const tooLarge = await upload('suppliers', 'grande.csv', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(IMPORT_MESSAGES.tooLarge);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
    const cases: [string, Buffer, string][] = [
      ['fornecedores.csv', png, READ_MESSAGES.unsupported],
      ['fornecedores.xlsx', png, READ_MESSAGES.unsupported],
      ['fornecedores.csv', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), READ_MESSAGES.unsupported],
      ['fornecedores.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), READ_MESSAGES.oldExcel],
      ['fornecedores.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]), READ_MESSAGES.unsupported],
      ['fornecedores.csv', Buffer.from('a;b\u0000\u0001\u0002\u0003\u0004;c\n'.repeat(20)), READ_MESSAGES.unsupported],
    ];
    for (const [name, content, message] of cases) {
      const answer = await upload('suppliers', name, content);
      expect(answer.status, `${name} ${content.subarray(0, 4).toString('hex')}`).toBe(415);
      expect(answer.body.message).toBe(message);
    }
    const noRows = await upload('suppliers', 'vazio.csv', `${SUPPLIER_HEADER.join(';')}\r\n\r\n`);
    expect(noRows.status).toBe(400);
    expect(noRows.body.errors.file).toEqual([IMPORT_MESSAGES.noRows]);
    const empty = await upload('suppliers', 'vazio.csv', '\r\n\r\n');
    expect(empty.body.errors.file).toEqual([READ_MESSAGES.noHeader]);
    const many = await upload('costCenters', 'muitos.csv', `codigo;nome\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `C${i};N`).join('\n')}`);
    expect(many.status).toBe(400);
    expect(many.body.errors.file).toEqual([IMPORT_MESSAGES.tooManyRows]);
    const badType = await upload('pedidos', 'x.csv', 'a;b\n1;2\n');
    expect(badType.status).toBe(400);
    expect(badType.body.errors.resourceType).toEqual([IMPORT_MESSAGES.badType]);
    const noFile = await postMultipart(env, admin, BATCHES, multipartBody({ resourceType: 'suppliers' }));
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors.file).toEqual([IMPORT_MESSAGES.noFile]);
    // Nothing of it was kept.
    const kept = await sql<{ n: string }>`SELECT count(*) AS n FROM import_batches WHERE org_id = ${DEMO_ORG_ID} AND file_name IN ('grande.csv', 'vazio.csv', 'muitos.csv')`.execute(env.db);
    expect(Number(kept.rows[0].n)).toBe(0);
  });

  it('reads Windows-1252 and comma-separated files; suggests nothing itself but refuses bad mappings with field errors', async () => {
    const latin = Buffer.from(`CNPJ,Razão Social\r\n${mask(newCnpj())},"Ação & Cia, Ltda"\r\n`, 'latin1');
    const answer = await upload('suppliers', 'latin1.csv', latin);
    expect(answer.status, answer.raw).toBe(201);
    expect(answer.body.columns).toEqual([{ name: 'CNPJ' }, { name: 'Razão Social' }]);
    expect(answer.body.sampleRows[0][1]).toBe('Ação & Cia, Ltda');
    const id = answer.body.id;
    const bad = await map(id, { CNPJ: 'document', Inexistente: 'name', 'Razão Social': 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'mapping.Inexistente': [IMPORT_MESSAGES.unknownColumn],
      'mapping.Razão Social': [IMPORT_MESSAGES.unknownField('nope')],
      mapping: [IMPORT_MESSAGES.missing(['Nome / Razão social'])],
    });
    const twice = await map(id, { CNPJ: 'document', 'Razão Social': 'document' });
    expect(twice.body.errors['mapping.Razão Social']).toEqual([IMPORT_MESSAGES.fieldTwice('CPF/CNPJ')]);
    expect((await run(id)).status).toBe(409); // not mapped yet
    const ok = await map(id, { CNPJ: 'document', 'Razão Social': 'name' });
    expect(ok.body).toEqual({ rows: [{ line: 2, values: { document: answer.body.sampleRows[0][0], name: 'Ação & Cia, Ltda' }, errors: {} }], valid: 1, invalid: 0, updates: 0 });
    expect((await batch(id)).body).toMatchObject({ status: 'mapped', mapping: [{ column: 'CNPJ', field: 'document' }, { column: 'Razão Social', field: 'name' }], version: 2 });
  });

  it('previews every row with the API rules (per-row field errors), imports the good rows and reports the bad ones', async () => {
    const good = [newCnpj(), newCnpj(), newCnpj()];
    const rows = [
      supplierRow(good[0], 'Gama Comércio Ltda'),
      supplierRow('12345678000100', '=HYPERLINK("http://mal.example/x")'), // invalid check digits
      supplierRow(good[1], 'Delta Distribuidora Ltda', { IE: '110042490114', 'UF IE': 'RJ' }), // IE not valid for RJ
      supplierRow(newCnpj(), 'Épsilon Ltda', { Cidade: 'Niterói' }), // not a city of SP
      supplierRow(newCnpj(), 'Zeta Ltda', { Banco: '999', Ativo: 'talvez' }), // unknown bank, bad boolean
      supplierRow(good[2], 'Eta Serviços Ltda', { Telefone: '', IE: '', 'UF IE': '', 'Chave PIX': '' }),
    ];
    const { id, preview, result } = await importFile('suppliers', 'fornecedores.csv', csv(rows), SUPPLIER_MAPPING);
    expect(preview.body).toMatchObject({ valid: 2, invalid: 4, updates: 0 });
    const errors = Object.fromEntries(preview.body.rows.map((r: { line: number; errors: Record<string, string[]> }) => [r.line, r.errors]));
    expect(errors[2]).toEqual({});
    expect(errors[3]).toEqual({ document: ['CPF ou CNPJ inválido.'], 'pixKeys.0.key': ['Chave PIX inválida.'] });
    expect(errors[4]).toEqual({ stateRegistration: [RULE_MESSAGES.ieInvalidForUf('RJ')] });
    expect(errors[5]).toEqual({ 'addresses.0.city': ['Município não encontrado em SP.'] });
    expect(errors[6]).toEqual({ 'bankAccounts.0.bankId': ['Registro não encontrado: "999".'], isActive: ['Use sim ou não.'] });
    expect(errors[7]).toEqual({});
    const onlyInvalid = await map(id.replace(/.*/, id), SUPPLIER_MAPPING, admin, '?only=invalid');
    expect(onlyInvalid.status).toBe(409); // already done: the preview belongs to the mapping step
    expect(result.body).toMatchObject({ status: 'done', total: 6, processed: 6, created: 2, updated: 0, failed: 4 });
    expect(result.body.startedAt).toEqual(expect.any(String));
    expect(result.body.finishedAt).toEqual(expect.any(String));
    // The good rows are suppliers, normalised like typed input.
    const suppliers = await call(env, 'GET', `/v1/companies/suppliers?q=${good[0]}`, { session: admin });
    expect(suppliers.body).toHaveLength(1);
    const itau = (await call(env, 'GET', '/api/finance/banks?q=341', { session: admin })).body.find((b: { code: string }) => b.code === '341');
    expect(suppliers.body[0]).toMatchObject({
      document: good[0],
      kind: 'PJ',
      name: 'Gama Comércio Ltda',
      stateRegistration: '110042490114',
      stateRegistrationUf: 'SP',
      phone: '1133224455',
      isActive: true,
      isCustomer: false,
      addresses: [{ type: 'main', cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', state: 'SP', city: '3550308' }],
      bankAccounts: [{ bankId: itau.id, agency: '0912', agencyDigit: null, account: '45678', accountDigit: '9', accountType: 'checking', holderName: null, holderDocument: null, isDefault: true }],
      pixKeys: [{ type: 'cnpj', key: good[0], isDefault: true }],
    });
    expect(suppliers.body[0]._refs['bankAccounts.0.bankId']).toEqual([{ id: itau.id, label: itau.name }]);
    const eta = (await call(env, 'GET', `/v1/companies/suppliers?q=${good[2]}`, { session: admin })).body[0];
    expect(eta).toMatchObject({ phone: null, stateRegistration: null, pixKeys: [] });
    // Audited per record, by the user who ran it.
    const audit = await sql<{ action: string; actor_user_id: string }>`SELECT action, actor_user_id FROM audit_log WHERE entity_id = ${suppliers.body[0].id}`.execute(env.db);
    expect(audit.rows.map((a) => a.action)).toEqual(['suppliers.import.create']);
    // The error report: one line per row (linha;erros) + the original row, formulas neutralised, a server-made name.
    const report = await download(env, admin, `${BATCHES}/${id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(`attachment; filename="erros-importacao-${id.slice(0, 8)}.csv"`);
    const text = report.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(text);
    expect(table[0]).toEqual(['linha', 'erros', ...SUPPLIER_HEADER]);
    expect(table.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['3', 'Chaves PIX — Chave: Chave PIX inválida. | CPF/CNPJ: CPF ou CNPJ inválido.'],
      ['4', `Inscrição estadual: ${RULE_MESSAGES.ieInvalidForUf('RJ')}`],
      ['5', 'Endereços — Município: Município não encontrado em SP.'],
      ['6', 'Dados bancários — Banco: Registro não encontrado: "999". | Ativo: Use sim ou não.'],
    ]);
    expect(table[1][2 + SUPPLIER_HEADER.indexOf('Razão Social')]).toBe(`'=HYPERLINK("http://mal.example/x")`);
    expect(text).not.toMatch(/;=HYPERLINK/);
    // A finished batch keeps no whole account number: the report shows it as the audit does.
    expect(table.slice(1).map((r) => r[2 + SUPPLIER_HEADER.indexOf('Conta')])).toEqual(['•••• 5678', '•••• 5678', '•••• 5678', '•••• 5678']);
  });

  it('keeps the uploaded rows whole while the batch can still run; once done, its bank columns are masked (the records keep them whole)', async () => {
    const evp = randomUUID();
    const documents = [newCnpj(), newCnpj()];
    const rows = [supplierRow(documents[0], 'Theta Bancária Ltda', { Conta: '1234509876', 'Chave PIX': evp }), supplierRow(documents[1], 'Iota Bancária Ltda', { Conta: '5550001111' })];
    const uploaded = await upload('suppliers', 'bancarios.csv', csv(rows));
    expect(uploaded.status, uploaded.raw).toBe(201);
    const id = uploaded.body.id;
    const stored = async () => JSON.stringify((await sql<{ rows: unknown }>`SELECT rows FROM import_batches WHERE id = ${id}`.execute(env.db)).rows[0].rows);
    expect((await map(id, SUPPLIER_MAPPING)).status).toBe(200);
    for (const whole of ['1234509876', '5550001111', evp]) expect(await stored()).toContain(whole);
    expect((await run(id)).status).toBe(202);
    await env.app.backgroundIdle();
    expect((await batch(id)).body).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const kept = await stored();
    for (const whole of ['1234509876', '5550001111', evp]) expect(kept).not.toContain(whole);
    const cells = (JSON.parse(kept) as [number, string[]][]).map(([, c]) => [c[SUPPLIER_HEADER.indexOf('Conta')], c[SUPPLIER_HEADER.indexOf('Chave PIX')], c[SUPPLIER_HEADER.indexOf('Agência')]]);
    // A CNPJ key is the holder's own identifier and stays, as in the audit; what is not bank data is untouched.
    expect(cells).toEqual([['•••• 9876', `•••• ${evp.slice(-4)}`, '0912'], ['•••• 1111', documents[1], '0912']]);
    const supplier = (await call(env, 'GET', `/v1/companies/suppliers?q=${documents[0]}`, { session: admin })).body[0];
    expect(supplier).toMatchObject({ bankAccounts: [{ account: '1234509876' }], pixKeys: [{ type: 'evp', key: evp }] });
  });

  it('re-importing the same file updates by natural key instead of duplicating; within a file the last row wins', async () => {
    const documents = [newCnpj(), newCnpj(), newCnpj()];
    const rows = documents.map((d, i) => supplierRow(d, `Reimport ${i} Ltda`));
    const first = await importFile('suppliers', 'reimport.csv', csv(rows), SUPPLIER_MAPPING);
    expect(first.result.body).toMatchObject({ created: 3, updated: 0, failed: 0 });
    // An existing person who is only a customer becomes a supplier too.
    const customerDoc = newCnpj();
    const customer = await call(env, 'POST', '/v1/companies/customers', {
      session: admin,
      body: { document: customerDoc, name: 'Cliente Antigo', tradeName: 'Guardado', isSupplier: false, stateRegistration: null, stateRegistrationUf: null, municipalRegistration: null, email: null, phone: null, isActive: true, contacts: [], addresses: [], bankAccounts: [], pixKeys: [], notes: 'não mexer' },
    });
    expect(customer.status, customer.raw).toBe(201);
    const changed = rows.map((r) => [...r]);
    changed[1][SUPPLIER_HEADER.indexOf('Razão Social')] = 'Reimport 1 Nome Novo Ltda';
    const second = await importFile('suppliers', 'reimport.csv', csv([...changed, supplierRow(customerDoc, 'Cliente Antigo Fornecedor', { Fantasia: '' })]), SUPPLIER_MAPPING);
    expect(second.preview.body).toMatchObject({ valid: 4, invalid: 0, updates: 4 });
    expect(second.result.body).toMatchObject({ created: 0, updated: 4, failed: 0 });
    expect((await personsWith([...documents, customerDoc])).map((r) => Number(r.n))).toEqual([1, 1, 1, 1]);
    const renamed = (await call(env, 'GET', `/v1/companies/suppliers?q=${documents[1]}`, { session: admin })).body[0];
    expect(renamed).toMatchObject({ name: 'Reimport 1 Nome Novo Ltda', version: 2 });
    // Mapped, non-empty cells change; the rest of the record stays (trade name cell empty, notes unmapped).
    const both = (await call(env, 'GET', `/v1/companies/persons/${customer.body.id}`, { session: admin })).body;
    expect(both).toMatchObject({ isCustomer: true, isSupplier: true, name: 'Cliente Antigo Fornecedor', tradeName: 'Guardado', notes: 'não mexer' });
    // Repeated keys in one file: the last row wins, the earlier ones are reported.
    const dup = newCnpj();
    const third = await importFile('suppliers', 'repetidos.csv', csv([supplierRow(dup, 'Primeira Versão Ltda'), supplierRow(newCnpj(), 'Outra Ltda'), supplierRow(dup, 'Última Versão Ltda')]), SUPPLIER_MAPPING);
    expect(third.preview.body.rows[0].errors).toEqual({ document: ['Este valor se repete na linha 4; só a última linha com ele é importada.'] });
    expect(third.result.body).toMatchObject({ created: 2, failed: 1 });
    expect((await call(env, 'GET', `/v1/companies/suppliers?q=${dup}`, { session: admin })).body.map((s: { name: string }) => s.name)).toEqual(['Última Versão Ltda']);
  });

  it('imports an XLSX workbook (numbers, dates, booleans as cells), products by SKU with their department by slug', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produtos');
    const sku = `XL-${randomUUID().slice(0, 6)}`;
    sheet.addRow(['SKU', 'Nome', 'Tipo', 'Unidade', 'Preço', 'Departamento', 'Ativo', 'GTIN']);
    sheet.addRow([`${sku}-1`, 'Grampeador', 'Produto', 'UN', 49.9, 'material-de-escritorio', true, 78912345]);
    sheet.addRow([`${sku}-2`, 'Suporte técnico', 'serviço', 'Hora', '1.250,00', 'Informática', 'sim', null]);
    sheet.addRow([`${sku}-3`, 'Sem preço', 'product', 'UN', 'caro', 'inexistente', false, null]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const mapping = { SKU: 'sku', Nome: 'name', Tipo: 'kind', Unidade: 'unit', Preço: 'price', Departamento: 'categoryId', Ativo: 'isActive', GTIN: 'barcode' };
    const { id, preview, result } = await importFile('products', 'produtos.xlsx', buffer, mapping);
    expect((await batch(id)).body.fileName).toBe('produtos.xlsx');
    expect(preview.body.rows[2].errors).toEqual({ price: ['Valor inválido. Use o formato 1.234,56.'], categoryId: ['Registro não encontrado: "inexistente".'] });
    expect(result.body).toMatchObject({ created: 2, failed: 1 });
    const products = (await call(env, 'GET', `/v1/cart/products?q=${sku}&sort=sku`, { session: admin })).body;
    expect(products.map((p: Record<string, unknown>) => [p.sku, p.kind, p.unit, p.price, p.isActive, p.barcode, (p._refs as Record<string, { label: string }[]>).categoryId[0].label])).toEqual([
      [`${sku}-1`, 'product', 'UN', 4990, true, '78912345', 'Material de escritório'],
      [`${sku}-2`, 'service', 'H', 125000, true, null, 'Informática'],
    ]);
  });

  it('imports trees with parents named by code (parents first, even below their children in the file) and reports cycles', async () => {
    const t = randomUUID().slice(0, 4).toUpperCase();
    const file = ['codigo;nome;pai', `${t}.1.1;Neto;${t}.1`, `${t}.1;Filho;${t}`, `${t};Raiz;`, `${t}.9;Ciclo A;${t}.8`, `${t}.8;Ciclo B;${t}.9`, `${t}.7;Sob o existente;1.01`].join('\n');
    const { preview, result } = await importFile('costCenters', 'centros.csv', file, { codigo: 'code', nome: 'name', pai: 'parentId' });
    expect(preview.body).toMatchObject({ valid: 4, invalid: 2 });
    expect(preview.body.rows.filter((r: { errors: object }) => Object.keys(r.errors).length).map((r: { line: number; errors: object }) => [r.line, r.errors])).toEqual([
      [5, { parentId: [TREE_CYCLE_MESSAGE] }],
      [6, { parentId: [TREE_CYCLE_MESSAGE] }],
    ]);
    expect(result.body).toMatchObject({ created: 4, failed: 2 });
    const list = (await call(env, 'GET', `/api/finance/cost-centers?q=${t}&perPage=50`, { session: admin })).body as { code: string; _refs: { parentId: { label: string }[] } }[];
    const parentOf = Object.fromEntries(list.map((c) => [c.code, c._refs.parentId[0]?.label ?? null]));
    expect(parentOf).toEqual({ [t]: null, [`${t}.1`]: 'Raiz', [`${t}.1.1`]: 'Filho', [`${t}.7`]: 'Financeiro' });
    // Re-import moving the root under its own grandchild: a cycle with the existing tree.
    const move = await importFile('costCenters', 'mover.csv', `codigo;nome;pai\n${t};Raiz;${t}.1.1\n`, { codigo: 'code', nome: 'name', pai: 'parentId' });
    expect(move.preview.body.rows[0].errors).toEqual({ parentId: [TREE_CYCLE_MESSAGE] });
    expect(move.result.body).toMatchObject({ updated: 0, failed: 1 });
  });

  it('refuses a row that newly names an inactive record (as a form would), and keeps one a record already holds', async () => {
    const t = randomUUID().slice(0, 4).toUpperCase();
    const first = await importFile('costCenters', 'ativos.csv', ['codigo;nome;pai', `${t};Raiz;`, `${t}.1;Filho;${t}`].join('\n'), { codigo: 'code', nome: 'name', pai: 'parentId' });
    expect(first.result.body).toMatchObject({ created: 2, failed: 0 });
    const root = (await call(env, 'GET', `/api/finance/cost-centers?q=${t}&perPage=50`, { session: admin })).body.find((c: { code: string }) => c.code === t);
    expect((await call(env, 'POST', '/api/finance/cost-centers/bulk/deactivate', { session: admin, body: { ids: [root.id] } })).status).toBe(200);

    const file = ['codigo;nome;pai', `${t}.1;Filho renomeado;${t}`, `${t}.2;Novo sob inativo;${t}`].join('\n');
    const { preview, result } = await importFile('costCenters', 'inativo.csv', file, { codigo: 'code', nome: 'name', pai: 'parentId' });
    expect(preview.body.rows.map((r: { line: number; errors: object }) => [r.line, r.errors])).toEqual([
      [2, {}],
      [3, { parentId: [`Registro inativo: ${t}. Escolha um registro ativo.`] }],
    ]);
    expect(result.body).toMatchObject({ updated: 1, created: 0, failed: 1 });
  });

  it('runs in chunks and resumes from `processed` after a crash; a step run twice writes nothing twice', async () => {
    const total = CHUNK_ROWS + 500;
    const t = randomUUID().slice(0, 4).toUpperCase();
    const lines = ['codigo;nome', ...Array.from({ length: total }, (_, i) => `RS${t}-${i};Centro ${i}`)];
    const uploaded = await upload('costCenters', 'retomar.csv', lines.join('\n'));
    const id = uploaded.body.id;
    expect((await map(id, { codigo: 'code', nome: 'name' })).body).toMatchObject({ valid: total, invalid: 0 });
    // A process that died after its first chunk, its next step lost: running, processed = CHUNK_ROWS.
    const longAgo = new Date(env.clock.now().getTime() - 10 * 60_000);
    await sql`UPDATE import_batches SET status = 'running', processed = ${CHUNK_ROWS}, created = ${CHUNK_ROWS}, updated_at = ${longAgo} WHERE id = ${id}`.execute(env.db);
    expect((await run(id)).status).toBe(409); // already running
    // The same step queued twice (a retried step whose first run is still going): one writes it.
    const step = { batchId: id, orgId: DEMO_ORG_ID, offset: CHUNK_ROWS };
    await env.app.jobs.send(undefined, IMPORT_JOB, step);
    await env.app.jobs.send(undefined, IMPORT_JOB, step);
    await env.app.backgroundIdle();
    expect((await batch(id)).body).toMatchObject({ status: 'done', processed: total, created: total, failed: 0 });
    // Only the rows after the resume point were written, each once.
    const written = await sql<{ n: string; codes: string }>`SELECT count(*) AS n, count(DISTINCT code) AS codes FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} AND code LIKE ${`RS${t}-%`}`.execute(env.db);
    expect(written.rows[0]).toMatchObject({ n: String(total - CHUNK_ROWS), codes: String(total - CHUNK_ROWS) });
    // A stale step of a finished batch does nothing; the recovery scan finds nothing to resume.
    await env.app.jobs.send(undefined, IMPORT_JOB, { ...step, offset: 0 });
    await env.app.jobs.recover(false);
    await env.app.backgroundIdle();
    expect((await batch(id)).body).toMatchObject({ status: 'done', processed: total, created: total, updated: 0, failed: 0 });
  });

  it('resumes a running batch whose step was lost (the recovery scan queues it again)', async () => {
    const total = 300;
    const t = randomUUID().slice(0, 4).toUpperCase();
    const lines = ['codigo;nome', ...Array.from({ length: total }, (_, i) => `RP${t}-${i};Centro ${i}`)];
    const uploaded = await upload('costCenters', 'perdido.csv', lines.join('\n'));
    const id = uploaded.body.id;
    await map(id, { codigo: 'code', nome: 'name' });
    const longAgo = new Date(env.clock.now().getTime() - 10 * 60_000);
    await sql`UPDATE import_batches SET status = 'running', updated_at = ${longAgo} WHERE id = ${id}`.execute(env.db);
    await env.app.jobs.recover(false);
    await env.app.backgroundIdle();
    expect((await batch(id)).body).toMatchObject({ status: 'done', processed: total, created: total, failed: 0 });
  });

  it('an abandoned wizard leaves no batch behind: an upload not imported within a day is removed by the recovery scan', async () => {
    const sent = (await upload('costCenters', 'esquecido.csv', 'codigo;nome\nAB-1;Centro')).body.id as string;
    const mapped = (await upload('costCenters', 'mapeado.csv', 'codigo;nome\nAB-2;Centro')).body.id as string;
    await map(mapped, { codigo: 'code', nome: 'name' });
    const fresh = (await upload('costCenters', 'recente.csv', 'codigo;nome\nAB-3;Centro')).body.id as string;
    const dayAgo = new Date(env.clock.now().getTime() - ABANDONED_AFTER_MS - 60_000);
    await sql`UPDATE import_batches SET updated_at = ${dayAgo} WHERE id IN (${sent}, ${mapped})`.execute(env.db);
    await env.app.jobs.recover(false);
    expect((await batch(sent)).status).toBe(404);
    expect((await batch(mapped)).status).toBe(404);
    expect((await batch(fresh)).body.status).toBe('uploaded');
  });

  it('an unexpected failure marks the batch failed with its progress; running it again resumes there, each row written once', async () => {
    const total = 2 * CHUNK_ROWS + 500;
    const t = randomUUID().slice(0, 4).toUpperCase();
    const lines = ['codigo;nome', ...Array.from({ length: total }, (_, i) => `RF${t}-${i};Centro ${i}`)];
    const id = (await upload('costCenters', 'falha.csv', lines.join('\n'))).body.id;
    await map(id, { codigo: 'code', nome: 'name' });
    // The database refuses the second chunk's progress (a fault outside the rows themselves).
    const trigger = `fail_${t.toLowerCase()}`;
    await sql.raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falha simulada'; END $$`).execute(env.db);
    await sql.raw(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON import_batches FOR EACH ROW
        WHEN (NEW.id = '${id}' AND OLD.processed = ${CHUNK_ROWS} AND NEW.processed = ${2 * CHUNK_ROWS}) EXECUTE FUNCTION ${trigger}()`).execute(env.db);
    try {
      expect((await run(id)).status).toBe(202);
      await env.app.backgroundIdle();
      expect((await batch(id)).body).toMatchObject({ status: 'failed', processed: CHUNK_ROWS, created: CHUNK_ROWS, errorMessage: JOB_MESSAGES.failed });
    } finally {
      await sql.raw(`DROP TRIGGER ${trigger} ON import_batches`).execute(env.db);
      await sql.raw(`DROP FUNCTION ${trigger}()`).execute(env.db);
    }
    expect((await run(id)).status).toBe(202);
    await env.app.backgroundIdle();
    expect((await batch(id)).body).toMatchObject({ status: 'done', processed: total, created: total, updated: 0, failed: 0 });
    const written = await sql<{ n: string; codes: string }>`SELECT count(*) AS n, count(DISTINCT code) AS codes FROM cost_centers WHERE org_id = ${DEMO_ORG_ID} AND code LIKE ${`RF${t}-%`}`.execute(env.db);
    expect(written.rows[0]).toMatchObject({ n: String(total), codes: String(total) });
    // The failure and the second run are in the batch's history like any change of status.
    const history = await call(env, 'GET', `${BATCHES}/${id}/history`, { session: admin });
    expect(history.body.map((h: { action: string; from: string | null; to: string; input: unknown }) => [h.action, h.from, h.to])).toEqual([
      ['create', null, 'uploaded'], ['mapping', 'uploaded', 'mapped'], ['run', 'mapped', 'running'], ['fail', 'running', 'failed'], ['run', 'failed', 'running'], ['finish', 'running', 'done'],
    ]);
    expect(history.body[3].input).toEqual({ reason: JOB_MESSAGES.failed });
  });

  it('checks permissions (the batch scope and the target resource) and tenants on every import route', async () => {
    const rows = csv([supplierRow(newCnpj(), 'Permissão Ltda')]);
    const mine = await upload('suppliers', 'meu.csv', rows);
    const id = mine.body.id;
    const theirs = await upload('suppliers', 'deles.csv', rows, other);
    expect(theirs.status, theirs.raw).toBe(201);
    // Another tenant's batch: exactly like a missing one.
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '/mapping', { mapping: SUPPLIER_MAPPING }],
      ['POST', '/run', undefined],
      ['GET', '/errors.csv', undefined],
    ] as const) {
      const foreign = await call(env, method, `${BATCHES}/${theirs.body.id}${suffix}`, { session: admin, body });
      const missing = await call(env, method, `${BATCHES}/${randomUUID()}${suffix}`, { session: admin, body });
      expect(foreign.status, `${method} ${suffix}`).toBe(404);
      expect(foreign.raw).toBe(missing.raw);
    }
    expect((await batch(theirs.body.id, other)).body.status).toBe('uploaded');
    // Anonymous → 401; no scope → 403; the batch scope without the target's → 403 as well.
    const nobodyUser = await createUser(env);
    const nobody = await loginSession(env, nobodyUser.email, nobodyUser.password);
    expect((await postMultipart(env, undefined, BATCHES, multipartBody({ resourceType: 'suppliers' }, { name: 'x.csv', content: rows }))).status).toBe(401);
    expect((await upload('suppliers', 'x.csv', rows, nobody)).status).toBe(403);
    expect((await map(id, SUPPLIER_MAPPING, nobody)).status).toBe(403);
    expect((await run(id, nobody)).status).toBe(403);
    expect((await download(env, nobody, `${BATCHES}/${id}/errors.csv`)).status).toBe(403);
    const importer = await createUser(env, { accessLevel: 'User' });
    const groups = await env.db.selectFrom('user_groups').select(['id', 'name']).where('org_id', '=', DEMO_ORG_ID).execute();
    // Comprador: suppliers create/update but no importBatches; Administrador-like batch scope without suppliers: a policy of its own.
    const policyId = randomUUID();
    const application = await env.db.selectFrom('applications').select('id').where('org_id', '=', DEMO_ORG_ID).where('is_default', '=', true).executeTakeFirstOrThrow();
    await env.db.insertInto('policies').values({ id: policyId, org_id: DEMO_ORG_ID, application_id: application.id, name: `Importador ${policyId}`, description: null, created_at: new Date(), updated_at: new Date() }).execute();
    await env.db.insertInto('policy_permissions').values({ id: randomUUID(), org_id: DEMO_ORG_ID, policy_id: policyId, kind: 'resource', name: 'importBatches', scopes: ['create', 'read'] }).execute();
    await env.db.insertInto('user_policies').values({ org_id: DEMO_ORG_ID, user_id: importer.id, policy_id: policyId }).execute();
    const session = await loginSession(env, importer.email, importer.password);
    const refused = await upload('suppliers', 'x.csv', rows, session);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(IMPORT_MESSAGES.targetForbidden);
    const comprador = groups.find((g) => g.name === 'Comprador')!;
    await env.db.insertInto('user_group_members').values({ org_id: DEMO_ORG_ID, group_id: comprador.id, user_id: importer.id }).execute();
    const allowed = await upload('suppliers', 'x.csv', rows, session);
    expect(allowed.status, allowed.raw).toBe(201);
    expect((await map(id, SUPPLIER_MAPPING, session)).status).toBe(200);
    // XSRF is required like on every mutating route.
    const noXsrf = await call(env, 'POST', `${BATCHES}/${id}/run`, { session: admin, xsrf: false });
    expect(noXsrf.status).toBe(403);
    expect(noXsrf.body.message).toBe(MESSAGES.xsrf);
  });
});
