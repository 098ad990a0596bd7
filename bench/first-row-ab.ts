/**
 * Figure for a change to the first row (issue 23): two client builds compared in pairs, since the
 * first-row-vs-floor.ts medians move 10–20 ms between runs on a 2-core machine, more than most single
 * changes save. Each build is served by its own server (its own STATIC_DIR and embedded database) and
 * the three pages — build A's /fornecedores, build B's, and the floor — are loaded cold in turn, the
 * order rotating through all six, so the machine's drift falls on all three alike. Printed: each
 * median, each ratio to the floor, and the median of the paired differences B − A with how many
 * pairs B was the faster in (by the page's own clock: navigation start → first frame with a row).
 *
 *   BENCH_A=<a build's dist, e.g. main's>  [BENCH_B=dist]  [BENCH_RUNS=30]  npx tsx bench/first-row-ab.ts
 *
 * A build to compare: `rollup -c --silent && node scripts/custom-elements.mjs && tsx
 * scripts/compress-bundle.ts dist` on the other commit, then copy dist elsewhere (docs/decisions.md,
 * "First row … a fifth look").
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { benchSession, buildFloor, coldLoadToFirstRow, FLOOR_PATH, OURS_PATH } from './first-row-pages';
import { prepareDatabase } from './registry-data';
import { chromiumOptions, median, startServer } from './server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const dirA = path.resolve(process.env.BENCH_A ?? '');
const dirB = path.resolve(process.env.BENCH_B ?? 'dist');
if (!process.env.BENCH_A || !existsSync(path.join(dirA, 'retaguarda.js')) || !existsSync(path.join(dirB, 'retaguarda.js'))) {
  console.error('first-row-ab: BENCH_A (and BENCH_B, default dist) must each be a client build (a dist with retaguarda.js)');
  process.exit(2);
}
/** Every order of the three pages: each goes first, second and third equally often. */
const ORDERS = [['a', 'b', 'floor'], ['b', 'floor', 'a'], ['floor', 'a', 'b'], ['b', 'a', 'floor'], ['a', 'floor', 'b'], ['floor', 'b', 'a']] as const;

const work = mkdtempSync(path.join(tmpdir(), 'rt-bench-ab-'));
const removeFloor = await buildFloor(dirA);
try {
  const dataA = path.join(work, 'a');
  const dataB = path.join(work, 'b');
  await prepareDatabase({ dataDir: dataA }, async () => undefined);
  await prepareDatabase({ dataDir: dataB }, async () => undefined);
  const browser = await chromium.launch(chromiumOptions);
  const port = Number(process.env.BENCH_PORT ?? 3222);
  const serverA = await startServer(port, { LOG_LEVEL: 'warn', STATIC_DIR: dirA }, dataA);
  const serverB = await startServer(port + 1, { LOG_LEVEL: 'warn', STATIC_DIR: dirB }, dataB);
  try {
    const sessionA = await benchSession(browser, serverA);
    const sessionB = await benchSession(browser, serverB);
    const pages = {
      a: () => coldLoadToFirstRow(browser, `${serverA.url}${OURS_PATH}`, sessionA),
      b: () => coldLoadToFirstRow(browser, `${serverB.url}${OURS_PATH}`, sessionB),
      floor: () => coldLoadToFirstRow(browser, `${serverA.url}${FLOOR_PATH}`, sessionA),
    };
    await pages.a(); // warm each server's own caches once
    await pages.b();
    const times: Record<keyof typeof pages, number[]> = { a: [], b: [], floor: [] };
    for (let i = 0; i < RUNS; i++) for (const which of ORDERS[i % ORDERS.length]) times[which].push((await pages[which]()).inPage);
    const differences = times.b.map((b, i) => b - times.a[i]);
    const ratio = (values: number[]) => (median(values) / median(times.floor)).toFixed(2);
    console.log(`first-row-ab: A ${path.relative(process.cwd(), dirA) || '.'}: median ${median(times.a).toFixed(0)} ms (ratio to the floor ${ratio(times.a)})`);
    console.log(`first-row-ab: B ${path.relative(process.cwd(), dirB) || '.'}: median ${median(times.b).toFixed(0)} ms (ratio to the floor ${ratio(times.b)})`);
    console.log(`first-row-ab: floor: median ${median(times.floor).toFixed(0)} ms`);
    console.log(`first-row-ab: B − A, paired: median ${median(differences).toFixed(1)} ms; B faster in ${differences.filter((d) => d < 0).length} of ${RUNS} pairs`);
  } finally {
    await browser.close();
    await serverA.stop();
    await serverB.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  removeFloor();
}
