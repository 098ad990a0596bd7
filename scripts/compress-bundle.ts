// Writes `<file>.br` and `<file>.gz` beside each text file of the built bundle (dist/), once, at
// build time: the server sends them to a browser that accepts them (server/http/bundle-files.ts),
// so an instance without a compressing proxy in front still sends the portal's ~300 KB core chunk
// as ~80 KB. A variant is written after its file (the server uses only one at least as new as the
// file) and only when it is smaller.
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|json|html|svg|txt)$/;
const MIN_BYTES = 1024;

/** Writes the .br and .gz variants of `file` (and removes a stale one that would not be smaller). */
export function compressFile(file: string): void {
  const body = readFileSync(file);
  const variants = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz: gzipSync(body, { level: 9 }),
  };
  for (const [extension, compressed] of Object.entries(variants)) {
    if (compressed.length < body.length) writeFileSync(`${file}.${extension}`, compressed);
    else rmSync(`${file}.${extension}`, { force: true });
  }
}

/** Every compressible file of `dir` of at least MIN_BYTES, recursively. */
export function compressDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) count += compressDir(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= MIN_BYTES) {
      compressFile(file);
      count++;
    }
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) compressDir(process.argv[2] ?? 'dist');
