/** Fills `#` (digit), `A` (letter or digit) slots of `pattern` with `chars`, stopping when they run out. */
export function applyPattern(pattern: string, chars: string): string {
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= chars.length) break;
    if (slot === '#' || slot === 'A') out += chars[i++];
    else out += slot;
  }
  return out;
}
