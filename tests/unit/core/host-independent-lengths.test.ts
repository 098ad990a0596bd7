/**
 * Inside an element's shadow root a `rem` is still the host page's root font size (22 px on the
 * demo intranet, 10 px on a page with `html { font-size: 62.5% }`), while the element's own text is
 * set in px (core/styles/tokens.css.ts): a length in rem would grow or shrink with the host's CSS,
 * and a container query in rem would switch layouts at another width. So the styles, column widths
 * and inline styles of src/ use px (or em, which follows the element's own font). Read from the
 * sources: every `<number>rem` in a .ts/.tsx file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('no length in src/ follows the host page’s root font size (rem)', () => {
  const found: string[] = [];
  for (const file of sources(path.resolve('src'))) {
    readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
      if (/(?<![\w.])\d+(?:\.\d+)?rem\b/.test(line)) found.push(`${path.relative(process.cwd(), file)}:${index + 1}`);
    });
  }
  expect(found).toEqual([]);
});
