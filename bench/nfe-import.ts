/**
 * Figure: importing an NF-e (issue 24 "import of a 500-item NF-e"): `importNfe` — read (UTF-8,
 * DOCTYPE scan, saxes → tree, fields, centavos) + check (protocol, chave, totals, duplicatas) —
 * of a 500-item nfeProc from tests/fixtures/nfe/build.ts, and of 990 items (the most an NF-e
 * may carry); the steps apart (XML tree, reading, checks). In process, no server or database
 * (the route adds the upload and the writes). Median of RUNS (30) after WARMUP (5).
 */
import { checkNfe, importNfe, readNfe } from '../server/supply/nfe/index';
import { readXml } from '../server/supply/nfe/xml';
import { buildNfeXml, manyItems, nfeFixture } from '../tests/fixtures/nfe/build';

const RUNS = Number(process.env.RUNS ?? 30);
const WARMUP = Number(process.env.WARMUP ?? 5);

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    run();
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

for (const items of [500, 990]) {
  const bytes = new TextEncoder().encode(buildNfeXml(nfeFixture({ items: manyItems(items) })));
  const result = importNfe(bytes);
  if (!result.ok) throw new Error(`the fixture should import: ${result.message}`);
  const read = readNfe(bytes);
  if (!read.ok) throw new Error(read.message);
  const total = median(() => importNfe(bytes));
  const xml = median(() => readXml(bytes));
  const fields = median(() => readNfe(bytes));
  const checks = median(() => checkNfe(read.nfe));
  console.log(
    `nfe-import: ${String(items).padStart(3)} items, ${(bytes.length / 1024).toFixed(0)} KB: read + check ${total.toFixed(1)} ms (median of ${RUNS}); XML tree ${xml.toFixed(1)} ms, read ${fields.toFixed(1)} ms, checks ${checks.toFixed(2)} ms`,
  );
}
