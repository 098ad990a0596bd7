/**
 * One constructable stylesheet shared by every shadow root of every Retaguarda element.
 * Each lazily loaded chunk adds its own CSS (see scripts/rollup-vanilla-shadow.mjs);
 * because roots adopt the same sheet object, they all see later additions at once.
 */
const parts = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;

function sharedSheet(): CSSStyleSheet | null {
  if (sheet) return sheet;
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  sheet = new CSSStyleSheet();
  sheet.replaceSync([...parts.values()].join('\n'));
  return sheet;
}

export function adoptCss(id: string, css: string): void {
  if (parts.get(id) === css) return;
  parts.set(id, css);
  sharedSheet()?.replaceSync([...parts.values()].join('\n'));
}

export function adoptStyles(root: ShadowRoot): void {
  const shared = sharedSheet();
  if (!shared || !('adoptedStyleSheets' in root)) return;
  if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
}
