import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh sheet module per test: its parts and sheet are module state. */
async function freshSheet() {
  vi.resetModules();
  return import('../../../src/core/styles/sheet');
}

const rulesOf = (root: ShadowRoot) => root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));

describe('the shared stylesheet', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses the parts a chunk adds while it evaluates once, before anything renders', async () => {
    const { adoptCss, adoptStyles } = await freshSheet();
    const root = document.createElement('div').attachShadow({ mode: 'open' });
    adoptCss('core', '.a { color: red; }');
    adoptStyles(root);
    const replace = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
    // A lazily loaded chunk: three of its modules add their CSS in one go.
    adoptCss('list-1', '.b { color: blue; }');
    adoptCss('list-2', '.c { color: green; }');
    adoptCss('list-3', '.d { color: black; }');
    await Promise.resolve();
    expect(replace).toHaveBeenCalledTimes(1);
    expect(rulesOf(root).join(' ')).toMatch(/\.a.*\.b.*\.c.*\.d/);
  });

  it('gives a root adopting it in the same task every part added so far', async () => {
    const { adoptCss, adoptStyles } = await freshSheet();
    const first = document.createElement('div').attachShadow({ mode: 'open' });
    adoptStyles(first);
    adoptCss('late', '.late { color: red; }');
    const second = document.createElement('div').attachShadow({ mode: 'open' });
    adoptStyles(second);
    expect(rulesOf(second).join(' ')).toContain('.late');
    expect(rulesOf(first).join(' ')).toContain('.late');
  });

  it('does not parse again for a part it already holds', async () => {
    const { adoptCss, adoptStyles } = await freshSheet();
    adoptCss('core', '.a { color: red; }');
    adoptStyles(document.createElement('div').attachShadow({ mode: 'open' }));
    const replace = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync');
    adoptCss('core', '.a { color: red; }');
    await Promise.resolve();
    expect(replace).not.toHaveBeenCalled();
  });
});
