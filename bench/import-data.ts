/**
 * Helpers of the import and person-search benchmarks: a signed-in API client (Bearer + XSRF),
 * the batch-import calls (upload → mapping → run → poll), a supplier CSV generator with valid
 * CNPJs, a scratch PostgreSQL database, and RSS sampling of the server process.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cnpjCheckDigits } from '../src/contracts/brazil/documents';

export const ADMIN = 'admin@demo.com.br';
export const PASSWORD = 'Retaguarda#2025';

export interface Client {
  url: string;
  token: string;
  xsrf: string;
}

export async function signIn(url: string, login = ADMIN, secret = PASSWORD): Promise<Client> {
  const response = await fetch(`${url}/v1/identity/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, secret, grantType: 'Password' }) });
  if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(response.headers.getSetCookie().join(';'))?.[1];
  const body = (await response.json()) as { accessToken: string };
  if (!xsrf) throw new Error('login: no XSRF cookie');
  return { url, token: body.accessToken, xsrf };
}

async function api<T>(client: Client, method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${client.url}${path}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const BATCHES = '/api/finance/import-batches';

export interface Batch {
  id: string;
  status: string;
  total: number;
  processed: number;
  created: number;
  updated: number;
  failed: number;
}

export interface ImportTiming {
  uploadMs: number;
  previewMs: number;
  runMs: number;
  totalMs: number;
  batch: Batch;
  preview: { valid: number; invalid: number; updates?: number };
}

/** Upload → mapping (preview of every row) → run → poll until done. */
export async function importFile(client: Client, type: string, name: string, content: string, mapping: Record<string, string>, onPoll?: () => void): Promise<ImportTiming> {
  const started = performance.now();
  const form = new FormData();
  form.append('resourceType', type);
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  const uploaded = await api<Batch>(client, 'POST', BATCHES, undefined, form);
  const afterUpload = performance.now();
  const preview = await api<{ valid: number; invalid: number; updates?: number }>(client, 'PUT', `${BATCHES}/${uploaded.id}/mapping`, { mapping });
  const afterPreview = performance.now();
  await api<Batch>(client, 'POST', `${BATCHES}/${uploaded.id}/run`);
  let batch: Batch;
  for (;;) {
    onPoll?.();
    batch = await api<Batch>(client, 'GET', `${BATCHES}/${uploaded.id}`);
    if (batch.status === 'done' || batch.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finished = performance.now();
  return { uploadMs: afterUpload - started, previewMs: afterPreview - afterUpload, runMs: finished - afterPreview, totalMs: finished - started, batch, preview };
}

/** A valid CNPJ from a number (12-digit base, check digits computed). */
export function cnpjOf(n: number): string {
  const base = `${String(10_000_000 + n).padStart(8, '0').slice(-8)}0001`;
  return base + cnpjCheckDigits(base);
}

const NAMES = ['Papelaria', 'Distribuidora', 'Comércio', 'Serviços', 'Indústria', 'Transportes', 'Tecnologia', 'Alimentos', 'Construtora', 'Consultoria'];
const PLACES = ['Paulista', 'Horizonte', 'Atlântico', 'Sul', 'Central', 'Nacional', 'Brasil', 'Serra', 'Litoral', 'Planalto'];

export const SUPPLIER_MAPPING: Record<string, string> = {
  CNPJ: 'document',
  'Razão Social': 'name',
  Fantasia: 'tradeName',
  'E-mail': 'email',
  Telefone: 'phone',
  IE: 'stateRegistration',
  'UF IE': 'stateRegistrationUf',
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
};

/** `count` suppliers (from `offset`) as a `;` CSV with BOM: documents masked, city by name, bank by code. */
export function suppliersCsv(count: number, offset = 0, suffix = ''): string {
  const lines = [Object.keys(SUPPLIER_MAPPING).join(';')];
  for (let i = offset; i < offset + count; i++) {
    const cnpj = cnpjOf(i);
    const name = `${NAMES[i % 10]} ${PLACES[Math.floor(i / 10) % 10]} ${i}${suffix} Ltda`;
    lines.push(
      [
        cnpj.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5'),
        name,
        `${NAMES[i % 10]} ${i}`,
        `contato${i}@fornecedor${i % 97}.com.br`,
        `(11) 3${String(i % 1000).padStart(3, '0')}-${String(i % 10000).padStart(4, '0')}`,
        '110.042.490.114',
        'SP',
        '01310-100',
        'Avenida Paulista',
        String(100 + (i % 1900)),
        'Bela Vista',
        'SP',
        'São Paulo',
        ['341', '237', '001', '104', '033'][i % 5],
        String(1000 + (i % 9000)),
        String(10000 + i),
        String(i % 10),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Resident set size of a process, MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** A scratch database next to `baseUrl`; `drop()` removes it. */
export async function scratchDatabase(baseUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rt_bench_${label}_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
