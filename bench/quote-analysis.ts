/**
 * Figure (issue 24): the análise of a cotação of 200 lines answered by 8 suppliers — the time to
 * read what the comparison table shows (the cotação with its lines and pedidos de origem, and the 8
 * solicitações with their 1,600 prices: `GET quotes/{id}` + `GET quotes/{id}/requests`), median
 * of 20 rounds; then the conclusion of a split award (each supplier the cheapest on 25 lines) into 8
 * ordens de compra, each line through the mapping and the ordens' service.
 * On PostgreSQL when DATABASE_URL is set (a scratch database, dropped after), else on PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cnpjCheckDigits } from '../src/contracts/brazil/documents';
import { signIn } from './import-data';
import { scratchPostgres, type BenchDatabase } from './registry-data';
import { startServer } from './server-process';

const LINES = 200;
const SUPPLIERS = 8;
const ROUNDS = 20;
const PORT = 3234;

type Client = Awaited<ReturnType<typeof signIn>>;

async function api<T>(client: Client, method: string, url: string, body?: unknown, version?: number): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${client.token}`, 'x-xsrf-token': client.xsrf, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (version !== undefined) headers['if-match'] = `"${version}"`;
  const response = await fetch(`${client.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchOne(kind: string, target: BenchDatabase): Promise<void> {
  const server = await startServer(PORT, { LOG_LEVEL: 'warn', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }, target.dataDir);
  try {
    const buyer = await signIn(server.url, 'compras@demo.com.br');
    const suppliers = (await api<{ id: string }[]>(buyer, 'GET', `/v1/companies/suppliers?perPage=${SUPPLIERS}`)).map((s) => s.id);
    for (let n = suppliers.length; n < SUPPLIERS; n++) {
      const root = `77${String(n).padStart(6, '0')}0001`;
      const document = `${root}${cnpjCheckDigits(root)}`;
      const created = await api<{ id: string }>(buyer, 'POST', '/v1/companies/suppliers', { document, name: `Fornecedor de bench ${n + 1} Ltda`, isCustomer: false, isActive: true, contacts: [], addresses: [], bankAccounts: [], pixKeys: [] });
      suppliers.push(created.id);
    }
    const lines = Array.from({ length: LINES }, (_, i) => ({ productId: null, description: `Material ${i + 1}`, quantity: (i % 9) + 1, unit: 'UN' }));
    let quote = await api<{ id: string; version: number; lines: { id: string }[] }>(buyer, 'POST', '/v1/pricing/quotes', { title: 'Bench: 200 itens × 8 fornecedores', deadline: '2027-01-31', notes: null, lines });
    const base = `/v1/pricing/quotes/${quote.id}`;
    const requests: { id: string; version: number }[] = [];
    for (const [s, supplierId] of suppliers.entries()) {
      // Supplier s is the cheapest on lines where i % 8 === s.
      const answers = quote.lines.map((line, i) => ({ lineId: line.id, unitPrice: 1_000 + ((i + SUPPLIERS - s) % SUPPLIERS) * 10, quantity: (i % 9) + 1, leadTimeDays: 5 + s }));
      requests.push(await api(buyer, 'POST', `${base}/requests`, { supplierId, contactEmail: null, answers, freight: 1_500, paymentTerms: '30/60', validUntil: null, notes: null, proposalFileId: null }));
    }
    quote = await api(buyer, 'POST', `${base}/actions/send`, {}, quote.version);
    for (const request of requests) await api(buyer, 'POST', `${base}/requests/${request.id}/actions/answer`, {}, request.version);
    const read = async () => {
      const t = performance.now();
      const [one, all] = await Promise.all([api<{ version: number }>(buyer, 'GET', base), api<{ answers: unknown[] }[]>(buyer, 'GET', `${base}/requests?perPage=100`)]);
      if (all.length !== SUPPLIERS || all.some((r) => r.answers.length !== LINES)) throw new Error('incomplete answers');
      return { ms: performance.now() - t, version: one.version };
    };
    await read();
    const times: number[] = [];
    let version = 0;
    for (let round = 0; round < ROUNDS; round++) ({ ms: times[round], version } = await read());
    console.log(`quote-analysis [${kind}]: read ${LINES} lines × ${SUPPLIERS} suppliers (${LINES * SUPPLIERS} prices): median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms over ${ROUNDS} rounds`);
    const analysing = await api<{ version: number }>(buyer, 'POST', `${base}/actions/analyse`, {}, version);
    const awards = quote.lines.map((line, i) => ({ lineId: line.id, requestId: requests[i % SUPPLIERS].id }));
    const t = performance.now();
    const concluded = await api<{ awards: { purchaseOrderId: string }[] }>(buyer, 'POST', `${base}/actions/conclude`, { awards }, analysing.version);
    const orders = new Set(concluded.awards.map((a) => a.purchaseOrderId)).size;
    console.log(`quote-analysis [${kind}]: conclude a split award of ${LINES} lines into ${orders} ordens de compra: ${(performance.now() - t).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}

if (process.env.DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.DATABASE_URL, 'quote_analysis');
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-quote-analysis-pg-'));
  try {
    await benchOne('PostgreSQL', { dataDir: dir, databaseUrl: scratch.url });
  } finally {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-quote-analysis-'));
  try {
    await benchOne('PGlite', { dataDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
