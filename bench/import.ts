/**
 * Figures: batch import of 10,000 suppliers through the real server (the wizard's calls:
 * multipart upload → mapping with the preview of every row → run in the background → polling
 * the batch every 50 ms), then the same file again (every row an UPDATE by CNPJ).
 * Wall time of each step, rows per second, and the server's resident memory (before, peak
 * while importing — sampled at every poll —, after). Every row is a full supplier: masked CNPJ,
 * IE checked for its UF, an address with the municipality by name, bank data by COMPE code.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database next to it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importFile, rssMb, scratchDatabase, signIn, SUPPLIER_MAPPING, suppliersCsv, type ImportTiming } from './import-data';
import { startServer } from './server-process';

const ROWS = 10_000;

function line(label: string, t: ImportTiming, peak: number) {
  const b = t.batch;
  return `import: ${label.padEnd(34)} ${(t.totalMs / 1000).toFixed(2)} s total (upload ${t.uploadMs.toFixed(0)} ms, preview ${t.previewMs.toFixed(0)} ms, run ${t.runMs.toFixed(0)} ms), ${Math.round((ROWS / t.totalMs) * 1000)} rows/s; created ${b.created}, updated ${b.updated}, failed ${b.failed}; peak RSS ${peak.toFixed(0)} MB`;
}

async function bench(label: string, env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rt-bench-import-'));
  const server = await startServer(3221, { LOG_LEVEL: 'warn', ...env }, dir);
  try {
    const client = await signIn(server.url);
    const content = suppliersCsv(ROWS);
    const before = rssMb(server.pid);
    let peak = before;
    const sample = () => (peak = Math.max(peak, rssMb(server.pid)));
    const first = await importFile(client, 'suppliers', 'fornecedores-10000.csv', content, SUPPLIER_MAPPING, sample);
    if (first.batch.created !== ROWS) throw new Error(`expected ${ROWS} created: ${JSON.stringify(first.batch)}`);
    console.log(line(`${label} 10,000 new suppliers`, first, peak));
    const again = await importFile(client, 'suppliers', 'fornecedores-10000.csv', content, SUPPLIER_MAPPING, sample);
    if (again.batch.updated !== ROWS) throw new Error(`expected ${ROWS} updated: ${JSON.stringify(again.batch)}`);
    console.log(line(`${label} same file again (updates)`, again, peak));
    console.log(`import: ${label} server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${rssMb(server.pid).toFixed(0)} MB; file ${(Buffer.byteLength(content) / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await bench('[pglite]', {});
if (process.env.DATABASE_URL) {
  const scratch = await scratchDatabase(process.env.DATABASE_URL, 'import');
  try {
    await bench('[postgres]', { DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}
