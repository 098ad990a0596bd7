/**
 * Test harness for the registry screens: a signed-in SystemOwner, the app config, a stubbed
 * API transport (`configureApi({fetch})`, UNIT tests only) and a navigation that keeps its
 * location in state.
 */
import { Provider } from 'jotai';
import { act, useMemo, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { NavigationContext, type Navigation } from '../../../src/core/navigation';
import { clearNotices } from '../../../src/core/notices';
import { resetSession, setField, setLoggedUser, setPermissions } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, jsonResponse, makeUser, testConfig } from '../core/helpers';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Call {
  method: string;
  url: URL;
  /** Path relative to the identity base URL. */
  path: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;

export const calls: Call[] = [];

export function signIn(accessLevel: 'SystemOwner' | 'Admin' | 'User' = 'SystemOwner') {
  resetSession();
  clearNotices();
  store.set(appConfigAtom, testConfig());
  setField('accessToken', FUTURE_JWT);
  setLoggedUser(makeUser({ accessLevel }));
  setPermissions([]);
}

export function stubApi(handler: Handler) {
  calls.length = 0;
  configureApi({
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        // The family's base URL (`/v1/identity/`, `/api/finance/`…) is not part of the resource path.
        path: url.pathname.replace(/^\/(?:v1|api)\/[\w-]+\//, ''),
        headers: new Headers(init?.headers),
        body: text ? JSON.parse(text) : init?.body,
      };
      calls.push(call);
      return handler(call);
    },
  });
}

export function resetApi() {
  configureApi({ fetch: null });
}

export const json = jsonResponse;

/** A page answer with Link and X-Total-Count. */
export function pageResponse(items: unknown[], { page = 1, last = 1, total = items.length, base = 'http://localhost/v1/identity/x' } = {}) {
  const link = (p: number, rel: string) => `<${base}?page=${p}&perPage=25>; rel="${rel}"`;
  const links = [link(1, 'first'), page > 1 ? link(page - 1, 'prev') : null, page < last ? link(page + 1, 'next') : null, link(last, 'last')].filter(Boolean);
  return jsonResponse(items, { headers: { link: links.join(', '), 'x-total-count': String(total) } });
}

export interface Mounted {
  container: HTMLElement;
  root: Root;
  /** Navigations made by the screen. */
  navigations: string[];
  unmount: () => void;
}

export const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
});

/** Flushes until `find` finds something (a lazily loaded part arriving), for at most `ms`. */
export async function eventually<T>(find: () => T | null | undefined, ms = 3000): Promise<T | null> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found || Date.now() > end) return found ?? null;
    await flush();
  }
}

function NavigationHost({ initial, navigations, routable, children }: { initial: string; navigations: string[]; routable?: (path: string) => boolean; children: (nav: Navigation) => ReactNode }) {
  const [location, setLocation] = useState(() => new URL(initial, 'http://localhost'));
  const [blockers] = useState(() => new Set<(transition: { retry(): void }) => void>());
  const navigation = useMemo<Navigation>(
    () => ({
      go: function go(to) {
        const [blocker] = blockers;
        if (blocker) {
          blocker({ retry: () => go(to) });
          return;
        }
        navigations.push(to);
        setLocation(new URL(to, 'http://localhost'));
      },
      block: (blocker) => {
        blockers.add(blocker);
        return () => blockers.delete(blocker);
      },
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      params: {},
      ...(routable ? { routable } : {}),
    }),
    [location, navigations, blockers, routable],
  );
  return <NavigationContext.Provider value={navigation}>{children(navigation)}</NavigationContext.Provider>;
}

/**
 * Renders `render(navigation)` at `path`, in a shadow root when `shadow` is set; `routable` says
 * which paths the host routes (absent: none, so a show page links to no other record).
 */
export async function mount(render: (nav: Navigation) => ReactNode, { path = '/', shadow = false, routable }: { path?: string; shadow?: boolean; routable?: (path: string) => boolean } = {}): Promise<Mounted> {
  const host = document.body.appendChild(document.createElement('div'));
  const container = shadow ? host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div')) : host;
  const root = createRoot(container);
  const navigations: string[] = [];
  await act(async () => {
    root.render(
      <Provider store={store}>
        <NavigationHost initial={path} navigations={navigations} routable={routable}>{render}</NavigationHost>
      </Provider>,
    );
  });
  await flush();
  return {
    container,
    root,
    navigations,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

export const text = (node: ParentNode) => (node as Element).textContent ?? '';

export async function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
  await flush();
}

/** Sets an input's value the way React notices, then fires input. */
export async function type(input: Element | null, value: string) {
  const el = input as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await flush();
}

export async function key(element: Element | null, name: string) {
  await act(async () => {
    element!.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  });
  await flush();
}

export function byText(root: ParentNode, selector: string, content: string | RegExp): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(selector)].find((el) => (typeof content === 'string' ? el.textContent?.trim() === content : content.test(el.textContent ?? '')));
}
