// Writes `<file>.br` and `<file>.gz` beside each text file of the built bundle (dist/), once, at
// build time: the server sends them to a browser that accepts them (server/http/bundle-files.ts),
// so an instance without a compressing proxy in front still sends the portal's ~300 KB core chunk
// as ~80 KB. A variant is written after its file (the server uses only one at least as new as the
// file) and only when it is smaller.
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isCompressible } from '../server/http/compressible';

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

/** Every compressible file of `dir` (server/http/compressible.ts), recursively. */
export function compressDir(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressDir(file);
    else if (isCompressible(entry.name, statSync(file).size)) compressFile(file);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) compressDir(process.argv[2] ?? 'dist');
