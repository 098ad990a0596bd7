/**
 * Helpers of the registry API tests: sample values from field types (checked against the
 * declaration's own schema), API paths of declarations, CSV/XLSX readers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import * as z from 'zod/mini';
import { filledWhileHidden, fillPath, ifMatch, type AnyResource, type FieldDef, type ScalarFieldDef } from '../../src/contracts/resource.js';
import { CURRENT_APPLICATION, findResource } from '../../src/contracts/resources/index.js';
import { FILE_CHUNK_BYTES, type StoredFile } from '../../src/contracts/files.js';
import { FAMILY_PREFIXES } from '../../server/registry/families.js';
import { call, type Answer, type Session, type TestEnv } from './fixture.js';

export const API_BASE = FAMILY_PREFIXES.identity;
/** Parent parameters of the identity declarations: the caller's own application. */
export const PARENT_PARAMS: Readonly<Record<string, string>> = { applicationId: CURRENT_APPLICATION };

/** The family prefix of a declaration (`/v1/identity`). */
export const familyBase = (resource: AnyResource) => FAMILY_PREFIXES[resource.api];

export function apiPath(resource: AnyResource, params: Readonly<Record<string, string>> = PARENT_PARAMS, suffix?: string): string {
  const base = `${familyBase(resource)}/${fillPath(resource.path, params)}`;
  return suffix ? `${base}/${suffix}` : base;
}

/** A route template of a declaration (`{param}` placeholders) filled for one call. */
export function fillRoute(resource: AnyResource, template: string, params: Readonly<Record<string, string>>): string {
  return `${familyBase(resource)}/${template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name))}`;
}

const parents = new WeakMap<Session, Map<string, Record<string, string>>>();
/**
 * Path parameters naming a parent the caller may use: `current` for applications, else a parent
 * record created once per session through the API (recursively for nested parents).
 */
export async function parentParams(env: TestEnv, session: Session, resource: AnyResource): Promise<Record<string, string>> {
  if (!resource.parent) return {};
  let cache = parents.get(session);
  if (!cache) parents.set(session, (cache = new Map()));
  const known = cache.get(resource.name);
  if (known) return known;
  const parent = findResource(resource.parent.resource)!;
  let params: Record<string, string>;
  if (parent.name === 'applications') params = { [resource.parent.param]: CURRENT_APPLICATION };
  else {
    const grand = await parentParams(env, session, parent);
    const created = await createRecord(env, session, parent, apiPath(parent, grand), sampleValues(parent, await referenceIds(env, session, parent)));
    if (created.status !== 201) throw new Error(`parent ${parent.name} of ${resource.name}: ${created.status} ${created.raw}`);
    params = { ...grand, [resource.parent.param]: created.body.id };
  }
  cache.set(resource.name, params);
  return params;
}

/** A valid CNPJ (numeric) from a 12-digit base. */
export function cnpjFrom(base12: string): string {
  const digits = base12.padStart(12, '0').slice(-12).split('').map(Number);
  const check = (numbers: number[]) => {
    const weights = numbers.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = numbers.reduce((acc, n, i) => acc + n * weights[i], 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(digits);
  const second = check([...digits, first]);
  return [...digits, first, second].join('');
}

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(++counter).toString(36)}`;

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/** Candidates of a scalar type, in order of preference; the first one the schema accepts wins. */
function candidates(def: ScalarFieldDef, tag: string, refs: Record<string, string[]>): unknown[] {
  switch (def.type) {
    case 'text':
    case 'longText':
    case 'richText':
      // Names first; then codes (slug, letters and digits, short), IE "ISENTO", bank codes of the
      // 9xx range (free in the official list), ISPB/GTIN/NCM digits, a month, a check digit.
      return [
        `Teste ${tag}`,
        `teste-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        `teste${tag.replace(/[^A-Za-z0-9]/g, '')}`,
        `T${randomBytes(4).toString('hex')}`,
        'ISENTO',
        `9${digits(2)}`,
        digits(8),
        '2025-06',
        '06/2025',
        '7',
      ];
    case 'email':
      return [`contrato.${tag.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@demo.com.br`];
    case 'integer':
      return [7];
    case 'money':
      return [123456];
    case 'percent':
      return [1234];
    case 'date':
      return ['2025-06-26'];
    case 'datetime':
      return ['2025-06-26T12:00:00.000Z'];
    case 'boolean':
      return [true];
    case 'enum':
      return def.multiple ? [[def.options[0]]] : [def.options[def.options.length - 1], def.options[0]];
    case 'reference':
    case 'tree':
      return [refs[(def as { resource?: string }).resource ?? '']?.[0] ?? null];
    case 'references':
      return [refs[def.resource]?.slice(0, 1) ?? []];
    case 'cpf':
      return ['12345678909'];
    case 'cnpj':
    case 'cpfCnpj':
      return [cnpjFrom(String(Math.floor(Math.random() * 1e11)).padStart(8, '7') + '0001')];
    case 'cep':
      return ['01310930'];
    case 'phone':
      return ['11987654321'];
    case 'scopes':
      return [['read']];
    case 'uf':
      return ['SP'];
    case 'city':
      return ['3550308'];
    case 'pixKey':
      return [randomUUID(), '12345678909', 'pix.teste@demo.com.br', '+5511987654321'];
    case 'file':
      return [refs.files?.[0] ?? randomUUID()];
    default:
      return [null];
  }
}

function sampleField(resource: AnyResource, field: string, def: FieldDef, tag: string, refs: Record<string, string[]>): unknown {
  const schema = resource.schema.shape[field] as z.core.$ZodType;
  if (def.type === 'list') {
    // One item: per sub-field, the first candidate without an issue at `0.<sub-field>`.
    const item: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(def.of)) {
      const options = [...candidates(sub, `${tag} ${name}`, refs), null];
      item[name] = options.find((value) => {
        const result = z.safeParse(schema, [{ ...item, [name]: value }]);
        return result.success || !result.error.issues.some((issue) => issue.path[0] === 0 && issue.path[1] === name);
      });
    }
    if (!z.safeParse(schema, [item]).success) throw new Error(`No sample item of ${resource.name}.${field} passes its schema`);
    return [item];
  }
  for (const option of [...candidates(def, tag, refs), null]) if (z.safeParse(schema, option).success) return option;
  throw new Error(`No sample value of ${resource.name}.${field} passes its schema`);
}

/** Writable values of a declaration; `refs` maps target resource names to ids of the tenant. */
/** Date fields whose rule reads today (a token de conta's validity): their sample is a month ahead, not the samples' past date. */
/** Dates the server refuses in the past (`lines.neededBy`: the field of every item of a list). */
const AHEAD_OF_TODAY: Readonly<Record<string, readonly string[]>> = { accountTokens: ['expiresOn'], orders: ['neededBy', 'lines.neededBy'] };
/** Values only the server can judge, beyond the schema: a policy names a resource of the permission catalogue. */
const KNOWN_TO_SERVER: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  applicationPolicies: { statements: [{ kind: 'resource', name: 'orders', scopes: ['read'] }] },
  // The sample account is a caixa (no bank data needed), and a caixa has no PIX keys (registry/rules.ts).
  bankAccounts: { pixKeys: [] },
  bankAccountChanges: { pixKeys: [] },
};
const monthAhead = () => new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

export function sampleValues(resource: AnyResource, refs: Record<string, string[]>, tag = unique()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, def] of Object.entries(resource.fields)) {
    if (def.readOnly) continue;
    const known = KNOWN_TO_SERVER[resource.name]?.[field];
    values[field] = known !== undefined ? structuredClone(known) : AHEAD_OF_TODAY[resource.name]?.includes(field) ? monthAhead() : sampleField(resource, field, def, `${resource.name} ${tag}`, refs);
  }
  for (const path of AHEAD_OF_TODAY[resource.name] ?? []) {
    const [list, field] = path.split('.');
    if (field && Array.isArray(values[list])) for (const item of values[list] as Record<string, unknown>[]) if (item[field] != null) item[field] = monthAhead();
  }
  // Two references to the same target name two different records when there are (an approver and their substitute).
  const taken = new Map<string, Set<unknown>>();
  for (const [field, def] of Object.entries(resource.fields)) {
    if (def.readOnly || def.type !== 'reference' || values[field] == null) continue;
    const seen = taken.get(def.resource) ?? new Set();
    const other = refs[def.resource]?.find((id) => !seen.has(id));
    if (seen.has(values[field]) && other) values[field] = other;
    seen.add(values[field]);
    taken.set(def.resource, seen);
  }
  // What a form sends: a field hidden for these values (`emptyWhenHidden`: a queue's triggers for a kind without them) goes empty.
  for (const path of Object.keys(filledWhileHidden(resource, values))) {
    const [field, index, sub] = path.split('.');
    if (sub) (values[field] as Record<string, unknown>[])[Number(index)][sub] = null;
    else values[field] = Array.isArray(values[field]) ? [] : null;
  }
  return values;
}

/** Ids of every reference target of `resource`, read through the API as `session`. */
export async function referenceIds(env: TestEnv, session: Session, resource: AnyResource): Promise<Record<string, string[]>> {
  const refs: Record<string, string[]> = {};
  // Top-level references and references inside list items (a person's bank data → banks) of the
  // writable fields only: a read-only one (a cotação's award naming its solicitação) is never sent,
  // and following it would go round the chain (cotação → solicitação → cotação …).
  const defs = Object.values(resource.fields).filter((def) => !def.readOnly).flatMap((def): FieldDef[] => (def.type === 'list' ? Object.values(def.of) : [def]));
  for (const def of defs) {
    // A file of a type the field takes: a PNG, or a PDF where only PDFs are accepted (a supplier's proposal).
    if (def.type === 'file' && !refs.files) {
      const pdfOnly = def.accept && !def.accept.includes('image/png');
      const sample = pdfOnly ? { name: 'amostra.pdf', contentType: 'application/pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1000)]) } : { name: 'amostra.png', contentType: 'image/png', bytes: samplePng(1000) };
      refs.files = [(await uploadFile(env, session, sample)).id];
    }
    if (def.type !== 'reference' && def.type !== 'references') continue;
    if (refs[def.resource]) continue;
    const target = findResource(def.resource)!;
    const params = def.params ?? (target.parent ? await parentParams(env, session, target) : {});
    const answer = await call(env, 'GET', apiPath(target, { ...PARENT_PARAMS, ...params }), { session });
    let ids = Array.isArray(answer.body) ? (answer.body as { id: string }[]).map((r) => r.id) : [];
    if (!ids.length && target.name !== resource.name && target.kind !== 'singleton') {
      // An empty target: one record of it, made through the API.
      const created = await createRecord(env, session, target, apiPath(target, { ...PARENT_PARAMS, ...params }), sampleValues(target, await referenceIds(env, session, target)));
      if (created.status === 201) ids = [created.body.id];
    }
    refs[def.resource] = ids;
  }
  return refs;
}

/** Bytes that start with the PNG signature (all the server checks), `size` in all. */
export function samplePng(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

/** Uploads `bytes` through the files API of `family` in 64 KB parts, and completes it. */
export async function uploadFile(env: TestEnv, session: Session, file: { name: string; contentType: string; bytes: Buffer }, family: 'commons' | 'cart' | 'pricing' = 'commons'): Promise<StoredFile> {
  const base = `${FAMILY_PREFIXES[family]}/files`;
  const started = await call<StoredFile>(env, 'POST', base, { session, body: { name: file.name, size: file.bytes.length, contentType: file.contentType } });
  if (started.status !== 201) throw new Error(`upload start: ${started.status} ${started.raw}`);
  for (let index = 0; index < started.body.chunks; index++) {
    const part = file.bytes.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
    const sent = await call(env, 'PUT', `${base}/${started.body.id}/chunks/${index}`, { session, body: part });
    if (sent.status !== 200) throw new Error(`upload part ${index}: ${sent.status} ${sent.raw}`);
  }
  const done = await call<StoredFile>(env, 'POST', `${base}/${started.body.id}/complete`, { session });
  if (done.status !== 200) throw new Error(`upload complete: ${done.status} ${done.raw}`);
  return done.body;
}

export function put(env: TestEnv, session: Session, url: string, body: unknown, version?: number): Promise<Answer> {
  return call(env, 'PUT', url, { session, body, headers: version === undefined ? {} : { 'if-match': ifMatch(version) } });
}

/** Rows of a `;` CSV with quotes (what the export writes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') row.push(cell), (cell = '');
    else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = '');
      i++;
    } else cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** The files of a ZIP archive (local headers; what the XLSX writer produces). */
export function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const method = buffer.readUInt16LE(offset + 8);
    const size = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extra = buffer.readUInt16LE(offset + 28);
    const name = buffer.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extra;
    const data = buffer.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    offset = start + size;
  }
  return files;
}

/** Text of every inline-string cell of the first sheet, row by row. */
export function xlsxRows(buffer: Buffer): string[][] {
  const sheet = unzip(buffer).get('xl/worksheets/sheet1.xml') ?? '';
  return [...sheet.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((m) =>
    [...m[1].matchAll(/<c [^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)].map((c) =>
      (c[1] ?? c[2] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    ),
  );
}

/** A raw (binary) GET through inject, for exports. */
export async function download(env: TestEnv, session: Session | undefined, url: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  const response = await env.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

// ---------------------------------------------------------------- multipart uploads (import batches)

/** A multipart/form-data body: text fields, then the file. */
export function multipartBody(fields: Record<string, string>, file?: { name: string; content: Buffer | string; type?: string; field?: string }): { payload: Buffer; contentType: string } {
  const boundary = `----retaguarda${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`, 'utf8'));
    parts.push(typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content);
    parts.push(Buffer.from('\r\n', 'utf8'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart body as `session` (JSON answer parsed). */
export async function postMultipart(env: TestEnv, session: Session | undefined, url: string, body: { payload: Buffer; contentType: string }, headers: Record<string, string> = {}): Promise<Answer> {
  const all: Record<string, string> = { accept: 'application/json', 'content-type': body.contentType, ...headers };
  if (session) {
    all.authorization = `Bearer ${session.accessToken}`;
    all['x-xsrf-token'] = session.xsrf;
  }
  const response = await env.app.inject({ method: 'POST', url, headers: all, payload: body.payload });
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = response.body;
  }
  return { status: response.statusCode, body: parsed, headers: response.headers as Answer['headers'], raw: response.body, bytes: response.rawPayload };
}

/** A small valid CSV of cost centres (what the generic tests upload to make an import batch). */
export const sampleImportCsv = (tag = randomBytes(3).toString('hex')) => `codigo;nome\r\nIMP-${tag}-1;Centro importado ${tag} 1\r\nIMP-${tag}-2;Centro importado ${tag} 2\r\n`;

/** The status of a create: 201, but a remessa is accepted (202) and generated by a job (createRecord waits for it). */
export const createdStatus = (resource: AnyResource) => (resource.name === 'remittances' ? 202 : 201);
/** Audit entries the job writes after such a create (a remessa offered: `remittances.finish`). */
export const auditAfterCreate = (resource: AnyResource) => (resource.name === 'remittances' ? ['remittances.finish'] : []);

/**
 * Creates a record of `resource` through its API: POST with the values, except import batches,
 * which only the multipart upload creates (a small cost-centre CSV, the sample description).
 */
export async function createRecord(env: TestEnv, session: Session, resource: AnyResource, url: string, values: Record<string, unknown>): Promise<Answer> {
  // A remessa is generated from authorised parcelas of an account with a convênio (remittance-support.ts).
  if (resource.name === 'remittances') return (await import('./remittance-support.js')).sampleRemittance(env, session, values);
  if (['quoteRequests', 'receipts', 'invoices'].includes(resource.name)) return (await import('./buying-support.js')).againstAnotherRecord(env, session, resource.name, url, values);
  if (resource.name !== 'importBatches') return call(env, 'POST', url, { session, body: values });
  const tag = randomBytes(4).toString('hex');
  const fields: Record<string, string> = { resourceType: 'costCenters' };
  if (typeof values.description === 'string') fields.description = values.description;
  return postMultipart(env, session, url, multipartBody(fields, { name: `centros-${tag}.csv`, content: sampleImportCsv(tag) }));
}
