/**
 * The style guide on the developer paths: every `--bo-*` token of the theme contract is listed;
 * the guide shows only to who may read the settings and only when the server serves its gate
 * (never in production: 404), everyone else gets the not-found page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vars } from '../../../src/core/styles/tokens.css';
import { clearCache } from '../../../src/core/resources/cache';
import { setPermissions } from '../../../src/core/session';
import StyleGuidePage from '../../../src/modules/settings/StyleGuidePage';
import { themeTokens } from '../../../src/modules/settings/styleGuide/tokenList';
import { calls, json, mount, resetApi, signIn, stubApi, type Mounted } from '../registry/harness';

describe('theme tokens', () => {
  it('lists every token of the contract by its custom property name', () => {
    const tokens = themeTokens();
    const count = Object.values(vars).reduce((sum, group) => sum + Object.keys(group).length, 0);
    expect(tokens).toHaveLength(count);
    expect(tokens[0]).toEqual({ name: '--bo-color-primary', kind: 'color', key: 'color.primary' });
    expect(tokens.every((token) => /^--bo-[a-z-]+$/.test(token.name))).toBe(true);
    expect(tokens.map((token) => token.kind)).toContain('shadow');
  });
});

describe('StyleGuidePage', () => {
  let mounted: Mounted | null = null;
  beforeEach(() => clearCache());
  afterEach(() => {
    mounted?.unmount();
    mounted = null;
    resetApi();
  });

  it('an admin on a development server sees the tokens and the theming section', async () => {
    signIn('Admin');
    setPermissions([{ resources: [{ name: 'settings', scopes: ['read', 'update'] }], acls: [] }]);
    stubApi((call) => (call.path === 'style-guide' ? json({ enabled: true }) : json({}, { status: 404 })));
    mounted = await mount(() => <StyleGuidePage />, { path: '/theme' });
    expect(mounted.container.querySelector('h1')?.textContent).toBe('Guia de estilo');
    expect(mounted.container.querySelectorAll('[data-token]')).toHaveLength(themeTokens().length);
    expect(mounted.container.textContent).toContain('Como aplicar um tema a uma tag');
    expect(mounted.container.querySelector('[aria-current="page"]')?.textContent).toBe('Tokens e tema');
  });

  it('a production server (the gate answers 404) shows the not-found page, even to a SystemOwner', async () => {
    signIn('SystemOwner');
    stubApi(() => json({ message: 'Não encontrado.' }, { status: 404 }));
    mounted = await mount(() => <StyleGuidePage />, { path: '/tests' });
    expect(mounted.container.querySelector('h1')?.textContent).toBe('Page Not Found');
    expect(mounted.container.querySelector('[data-token]')).toBeNull();
  });

  it('a user without settings: read gets the not-found page without asking the server', async () => {
    signIn('User');
    setPermissions([{ resources: [{ name: 'orders', scopes: ['create'] }], acls: [] }]);
    stubApi(() => json({ enabled: true }));
    mounted = await mount(() => <StyleGuidePage />, { path: '/theme' });
    expect(mounted.container.querySelector('h1')?.textContent).toBe('Page Not Found');
    expect(calls.filter((call) => call.path === 'style-guide')).toHaveLength(0);
  });
});
