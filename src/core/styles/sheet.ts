/**
 * One constructable stylesheet shared by every shadow root of every Retaguarda element.
 * Each lazily loaded chunk adds its own CSS (see scripts/rollup-vanilla-shadow.mjs);
 * because roots adopt the same sheet object, they all see later additions at once.
 * A chunk's modules add their parts one by one while it evaluates; the sheet is parsed again
 * once for them all, in a microtask (before the browser renders anything, so no frame shows
 * a screen without its styles), not once per part: the whole text was parsed again for each
 * part a cold list adds (about ten), ~4 ms of a CPU profile before its first row.
 */
const parts = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;
let stale = false;

function flush(): void {
  if (!stale || !sheet) return;
  stale = false;
  sheet.replaceSync([...parts.values()].join('\n'));
}

function sharedSheet(): CSSStyleSheet | null {
  if (sheet) return sheet;
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  sheet = new CSSStyleSheet();
  stale = true;
  flush();
  return sheet;
}

export function adoptCss(id: string, css: string): void {
  if (parts.get(id) === css) return;
  parts.set(id, css);
  if (!sheet || stale) return;
  stale = true;
  queueMicrotask(flush);
}

export function adoptStyles(root: ShadowRoot): void {
  const shared = sharedSheet();
  if (!shared || !('adoptedStyleSheets' in root)) return;
  // A root adopting it now (an element rendering in the same task) sees every part added so far.
  flush();
  if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
}
