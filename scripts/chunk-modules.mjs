// Which modules make up each chunk, minified and gzipped one by one (a rough share, not the sum).
import { rollup } from 'rollup';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
const configs = (await import('../rollup.config.mjs')).default;
const config = Array.isArray(configs) ? configs[0] : configs;
const bundle = await rollup(config);
const outputs = Array.isArray(config.output) ? config.output : [config.output];
const { output } = await bundle.generate(outputs[0]);
const want = process.argv.slice(2);
for (const chunk of output) {
  if (chunk.type !== 'chunk') continue;
  if (want.length && !want.some((w) => chunk.fileName.includes(w))) continue;
  const rows = [];
  for (const [id, m] of Object.entries(chunk.modules)) {
    if (!m.code) continue;
    const min = await minify(m.code, { compress: true, mangle: true }).catch(() => ({ code: m.code }));
    rows.push([gzipSync(min.code ?? '', { level: 9 }).length, id.replace(process.cwd() + '/', '')]);
  }
  rows.sort((a, b) => b[0] - a[0]);
  const total = rows.reduce((s, r) => s + r[0], 0);
  console.log(`== ${chunk.fileName} (${(total / 1024).toFixed(1)} KB summed)`);
  for (const [n, id] of rows.slice(0, Number(process.env.TOP ?? 40))) console.log(`  ${(n / 1024).toFixed(2).padStart(6)}  ${id}`);
}
await bundle.close();
