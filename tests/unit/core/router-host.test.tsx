import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory } from 'history';
import { describe, expect, it, vi } from 'vitest';
import { RouteView } from '../../../src/core/host/RouteView';
import { RouterHost, type GuardOutcome, type View } from '../../../src/core/host/RouterHost';
import { createRouter, type RouteDef } from '../../../src/core/router';
import { resetSession, setField } from '../../../src/core/session';
import { FUTURE_JWT } from './helpers';

const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('RouterHost', () => {
  it('keeps the current page on screen but inert under the progress bar (drawn after 300 ms) while the next one loads; a query change keeps it live', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => { release = resolve; });
    const routes: RouteDef[] = [
      { path: '/login', layout: 'login', public: true, load: async () => ({ default: () => <input aria-label="E-mail" /> }) },
      { path: '/auth/recuperar-senha', layout: 'login', public: true, load: async () => { await slow; return { default: () => <h1>Recuperar senha</h1> }; } },
    ];
    const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/login'] }), routes, primary: false });
    const guard = async (): Promise<GuardOutcome> => ({ type: 'continue' });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
    await flush();
    expect(container.querySelector('input')).not.toBeNull();
    expect(container.querySelector('[inert]')).toBeNull();

    await act(async () => router.go('/login?redirectTo=%2Fx'));
    await flush();
    expect(container.querySelector('[inert]')).toBeNull();

    await act(async () => router.go('/auth/recuperar-senha'));
    await flush();
    expect(container.querySelector('input')).not.toBeNull();
    expect(container.querySelector('[inert]')?.contains(container.querySelector('input'))).toBe(true);
    expect(container.querySelector('[inert]')!.getAttribute('aria-busy')).toBe('true');
    // The bar is there from the start, drawn only once the wait passes 300 ms.
    const bar = () => container.querySelector('[role="progressbar"]');
    expect(bar()).not.toBeNull();
    expect(bar()!.hasAttribute('data-drawn')).toBe(false);
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 320)); });
    expect(bar()!.hasAttribute('data-drawn')).toBe(true);

    release();
    await flush();
    expect(container.textContent).toContain('Recuperar senha');
    expect(container.querySelector('[inert]')).toBeNull();
    expect(bar()).toBeNull();
    await act(async () => root.unmount());
    container.remove();
  });

  it('downloads the route\'s chunk while the guard runs (a session is stored), and renders it only once the guard lets it through', async () => {
    setField('accessToken', FUTURE_JWT);
    const events: string[] = [];
    let allow!: (outcome: GuardOutcome) => void;
    const routes: RouteDef[] = [
      { path: '/usuarios', layout: 'portal', load: async () => { events.push('chunk requested'); return { default: () => <h1>Usuários</h1> }; } },
      { path: '/login', layout: 'login', public: true, load: async () => ({ default: () => <h1>Entrar</h1> }) },
    ];
    const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/usuarios'] }), routes, primary: false });
    const guard = () => {
      events.push('guard started');
      return new Promise<GuardOutcome>((resolve) => { allow = resolve; });
    };
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
    await flush();
    expect(events).toEqual(['chunk requested', 'guard started']);
    expect(container.textContent).not.toContain('Usuários');
    allow({ type: 'redirect', to: '/login' });
    await flush();
    expect(container.textContent).not.toContain('Usuários');
    allow({ type: 'continue' });
    await flush();
    expect(container.textContent).toContain('Entrar');
    await act(async () => root.unmount());
    container.remove();
    resetSession();
  });

  it("with no session stored, leaves a signed-in page's chunk until the guard lets it through: a visitor sent to the login downloads the login only", async () => {
    resetSession();
    const events: string[] = [];
    const routes: RouteDef[] = [
      { path: '/', layout: 'portal', load: async () => { events.push('home requested'); return { default: () => <h1>Início</h1> }; } },
      { path: '/login', layout: 'login', public: true, load: async () => { events.push('login requested'); return { default: () => <h1>Entrar</h1> }; } },
    ];
    const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/'] }), routes, primary: false });
    const guard = async (to: string): Promise<GuardOutcome> => (to === '/' ? { type: 'redirect', to: '/login' } : { type: 'continue' });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
    await flush();
    expect(container.textContent).toContain('Entrar');
    expect(events).toEqual(['login requested']);
    await act(async () => root.unmount());
    container.remove();
  });

  it("starts a navigation's guard in the commit that shows the page's frame, not a frame later", async () => {
    // Outside act(): React then commits and runs passive effects in tasks of its own, as in a browser.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const events: string[] = [];
    const routes: RouteDef[] = [{ path: '/usuarios', layout: 'portal', load: async () => ({ default: () => <h1>Usuários</h1> }) }];
    const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/usuarios'] }), routes, primary: false });
    const guard = () => {
      events.push('guard started');
      return new Promise<GuardOutcome>(() => {});
    };
    let guardInCommit: boolean | undefined;
    // A ref is attached in the commit; a microtask queued there runs once that commit's task ends.
    const committed = (node: HTMLElement | null) => {
      if (node && guardInCommit === undefined) queueMicrotask(() => (guardInCommit = events.includes('guard started')));
    };
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      root.render(<RouterHost router={router} guard={guard} render={(view) => <p ref={committed}>{view.kind}</p>} />);
      for (let i = 0; i < 20 && guardInCommit === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(guardInCommit).toBe(true);
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it("shows the first screen's layout while its first data comes, then the screen with it; later pages stay behind the current one", async () => {
    let answer!: (rows: unknown) => void;
    const pending = () => new Promise((resolve) => { answer = resolve; });
    const routes: RouteDef[] = [
      { path: '/fornecedores', layout: 'portal', load: async () => ({ default: () => <h1>Fornecedores</h1> }), prime: async () => ({ answer: pending(), release: () => undefined }) },
      { path: '/clientes', layout: 'portal', load: async () => ({ default: () => <h1>Clientes</h1> }), prime: async () => ({ answer: pending(), release: () => undefined }) },
    ];
    const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/fornecedores'] }), routes, primary: false });
    const guard = async (): Promise<GuardOutcome> => ({ type: 'continue' });
    const render = (view: View) => (
      <>
        {view.kind === 'loading' && view.shell ? <nav aria-label="Navegação">{view.shell.route.path}</nav> : null}
        <RouteView view={view} />
      </>
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<RouterHost router={router} guard={guard} render={render} />));
    await flush();
    expect(container.querySelector('nav')?.textContent).toBe('/fornecedores');
    expect(container.textContent).not.toContain('Fornecedores');
    answer([]);
    await flush();
    expect(container.querySelector('h1')?.textContent).toBe('Fornecedores');
    expect(container.querySelector('nav')).toBeNull();

    await act(async () => router.go('/clientes'));
    await flush();
    // Not the layout again: the current page stays on screen (inert) until the next one has its data.
    expect(container.querySelector('nav')).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Fornecedores');
    answer([]);
    await flush();
    expect(container.querySelector('h1')?.textContent).toBe('Clientes');
    await act(async () => root.unmount());
    container.remove();
  });
  it('leaves the first page where the browser put it (a hash target still scrolls into view); later navigations scroll to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const intoView = vi.fn();
    const routes: RouteDef[] = [
      { path: '/pedidos', layout: 'portal', load: async () => ({ default: () => <h1>Pedidos</h1> }) },
      { path: '/pedidos/{orderId}', layout: 'portal', load: async () => ({ default: () => <h2 id="itens" ref={(node) => { if (node) node.scrollIntoView = intoView; }}>Itens</h2> }) },
    ];
    const guard = async (): Promise<GuardOutcome> => ({ type: 'continue' });
    const mount = async (path: string) => {
      const router = createRouter({ history: createMemoryHistory({ initialEntries: [path] }), routes, primary: false });
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
      await flush();
      return { router, unmount: async () => { await act(async () => root.unmount()); container.remove(); } };
    };
    try {
      const first = await mount('/pedidos');
      expect(first.router.state.location.pathname).toBe('/pedidos');
      expect(scrollTo).not.toHaveBeenCalled();
      await act(async () => first.router.go('/pedidos/7'));
      await flush();
      expect(document.body.textContent).toContain('Itens');
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
      await first.unmount();

      const withHash = await mount('/pedidos/7#itens');
      expect(intoView).toHaveBeenCalledWith({ block: 'start' });
      await withHash.unmount();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it("gives the guard the screen's first data once the screen shows it, so what it does behind the page waits for the rows", async () => {
    const route: RouteDef = { path: '/fornecedores', layout: 'portal', load: async () => ({ default: () => <h1>Fornecedores</h1> }), prime: async () => ({ answer: Promise.resolve([]), release: () => undefined }) };
    expect(await onScreenWhenGuardIsTold(route)).toEqual(['Fornecedores']);
  });

  it('a screen without first data: the guard is told once it is on screen too (its revalidation goes behind the page)', async () => {
    const route: RouteDef = { path: '/inicio', layout: 'portal', load: async () => ({ default: () => <h1>Início</h1> }) };
    expect(await onScreenWhenGuardIsTold(route)).toEqual(['Início']);
  });
});

/** What was on screen (its heading) when the guard's `firstData` settled, for a page at `route`. */
async function onScreenWhenGuardIsTold(route: RouteDef): Promise<string[]> {
  const seen: string[] = [];
  const router = createRouter({ history: createMemoryHistory({ initialEntries: [route.path] }), routes: [route], primary: false });
  const container = document.createElement('div');
  document.body.append(container);
  const guard = async (_to: string, _match: unknown, firstData?: Promise<unknown>): Promise<GuardOutcome> => {
    void firstData?.then(() => seen.push(container.querySelector('h1')?.textContent ?? 'nothing on screen'));
    return { type: 'continue' };
  };
  const root = createRoot(container);
  await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
  await flush();
  await act(async () => root.unmount());
  container.remove();
  return seen;
}
