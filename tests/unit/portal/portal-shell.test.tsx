import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PortalShell } from '../../../src/modules/portal/PortalShell';
import { routes } from '../../../src/modules/portal/routes';
import { mount, signIn, type Mounted } from '../registry/harness';

let mounted: Mounted | null = null;
afterEach(() => {
  mounted?.unmount();
  mounted = null;
});

async function shell(path: string) {
  signIn();
  mounted = await mount(() => <PortalShell routes={routes}><h1>Página</h1></PortalShell>, { path, shadow: true });
  const root = mounted.container.getRootNode() as ShadowRoot;
  const menu = [...root.querySelectorAll('button')].find((button) => button.textContent?.includes('Menu'))!;
  const nav = root.querySelector('nav[aria-label="Navegação principal"]') as HTMLElement;
  return { root, menu, nav };
}

describe('PortalShell', () => {
  it('the Menu button controls the navigation panel: focus goes in, Escape closes and returns focus', async () => {
    const { root, menu, nav } = await shell('/pedidos');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(nav.hasAttribute('data-open')).toBe(false);

    await act(async () => menu.click());
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.hasAttribute('data-open')).toBe(true);
    expect(nav.contains(root.activeElement)).toBe(true);

    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(root.activeElement).toBe(menu);
  });

  it('a click inside the panel keeps it open, a click outside closes it', async () => {
    const { root, menu, nav } = await shell('/pedidos');
    await act(async () => menu.click());
    await act(async () => nav.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })));
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const main = root.getElementById('conteudo')!;
    await act(async () => main.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true })));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('focus leaving the panel closes it', async () => {
    const { root, menu } = await shell('/pedidos');
    await act(async () => menu.click());
    await act(async () => root.getElementById('conteudo')!.focus());
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the breadcrumbs of an inner page, the last one marked as the current page', async () => {
    const { root } = await shell('/pedidos/12/editar');
    const crumbs = root.querySelector('nav[aria-label="Você está aqui"]')!;
    expect([...crumbs.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Início', '›Pedidos', '›Pedido 12', '›Editar']);
    expect(crumbs.querySelector('[aria-current="page"]')?.textContent).toBe('Editar');
    expect(crumbs.querySelector('a[href="/pedidos/12"]')).not.toBeNull();
  });

  it('no breadcrumbs on the home page', async () => {
    const { root } = await shell('/');
    expect(root.querySelector('nav[aria-label="Você está aqui"]')).toBeNull();
  });
});
