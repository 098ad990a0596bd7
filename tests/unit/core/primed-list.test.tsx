/** Render while fetching: a list route's first page asked for while the guard runs, taken by the list. */
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom } from '../../../src/core/config';
import { RouteView } from '../../../src/core/host/RouteView';
import { RouterHost, type Guard, type GuardOutcome } from '../../../src/core/host/RouterHost';
import { apiPath } from '../../../src/core/resources/paths';
import { apiQuery, readListState } from '../../../src/core/resources/query';
import { useList } from '../../../src/core/resources/useList';
import { createRouter, type RouteDef } from '../../../src/core/router';
import { resetSession, setFields } from '../../../src/core/session';
import { primeList, primePage } from '../../../src/modules/registry/primeList';
import { mountSpec } from '../../../src/modules/registry/resourceRoutes';
import { store } from '../../../src/core/store';
import { FUTURE_JWT, makeUser, testConfig } from './helpers';
import { flush, query, resource, state, supplierPage } from './suppliersPage';

let sent: string[];

beforeEach(() => {
  resetSession();
  setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization' });
  store.set(appConfigAtom, testConfig());
  sent = [];
  renders = [];
  configureApi({
    fetch: async (input) => {
      sent.push(String(input));
      return supplierPage();
    },
  });
});
afterEach(() => configureApi({ fetch: null }));

let renders: string[] = [];

function SupplierList() {
  const list = useList(resource, state, {});
  renders.push(list.loading ? 'carregando' : `${list.rows.length} linha(s)`);
  return <ul aria-busy={list.loading}>{list.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
}

async function mount(guard: Guard, primed: () => void) {
  const routes: RouteDef[] = [
    {
      path: '/fornecedores',
      layout: 'portal',
      load: async () => ({ default: SupplierList }),
      prime: async () => {
        primed();
        return primePage(resource.api, apiPath(resource, {}), query);
      },
    },
    { path: '/login', layout: 'login', public: true, load: async () => ({ default: () => <h1>Entrar</h1> }) },
  ];
  const router = createRouter({ history: createMemoryHistory({ initialEntries: ['/fornecedores'] }), routes, primary: false });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<RouterHost router={router} guard={guard} render={(view) => <RouteView view={view} />} />));
  return { container, router, unmount: async () => { await act(async () => root.unmount()); container.remove(); } };
}

describe('a list route primes its first page while the guard runs', () => {
  it('sends the page while the guard is still running, renders nothing before it allows, and the list reuses that answer (one request)', async () => {
    const events: string[] = [];
    let allow!: (outcome: GuardOutcome) => void;
    const page = await mount(
      () => {
        events.push('guard started');
        return new Promise<GuardOutcome>((resolve) => (allow = resolve));
      },
      () => events.push('page asked for'),
    );
    await flush();
    expect(events).toEqual(['page asked for', 'guard started']);
    expect(sent.filter((url) => url.includes('/companies/suppliers')), sent.join()).toHaveLength(1);
    expect(page.container.textContent).not.toContain('Fornecedor Um');
    allow({ type: 'continue' });
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(sent.filter((url) => url.includes('/companies/suppliers'))).toHaveLength(1);
    await page.unmount();
  });

  it('waits for the first page after the guard, so the list renders once, with its rows', async () => {
    configureApi({
      fetch: async (input) => {
        sent.push(String(input));
        await new Promise((resolve) => setTimeout(resolve, 60)); // answered after the guard and the chunk
        return supplierPage();
      },
    });
    const page = await mount(async () => ({ type: 'continue' }), () => undefined);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(renders).toEqual(['1 linha(s)']);
    expect(sent.filter((url) => url.includes('/companies/suppliers'))).toHaveLength(1);
    await page.unmount();
  });

  it('a first page slower than 400 ms does not hold the screen: it shows loading, then the rows', async () => {
    let answer!: () => void;
    configureApi({
      fetch: (input) => {
        sent.push(String(input));
        return new Promise((resolve) => (answer = () => resolve(supplierPage())));
      },
    });
    const page = await mount(async () => ({ type: 'continue' }), () => undefined);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(page.container.querySelector('ul')?.getAttribute('aria-busy')).toBe('true');
    answer();
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(renders[0]).toBe('carregando');
    expect(sent.filter((url) => url.includes('/companies/suppliers'))).toHaveLength(1);
    await page.unmount();
  });

  it("hands the guard the first page's answer once the list shows it (the session's revalidation waits for it)", async () => {
    let firstData: Promise<unknown> | undefined;
    let onScreen: string | null | undefined;
    const page = await mount(async (_to, _match, data) => {
      firstData = data;
      void data?.then(() => (onScreen = document.body.textContent));
      return { type: 'continue' };
    }, () => undefined);
    await flush();
    await expect(firstData).resolves.toMatchObject({ items: [{ id: 's1', name: 'Fornecedor Um' }], total: 1 });
    expect(onScreen).toContain('Fornecedor Um');
    await page.unmount();
  });

  it('a refused guard renders nothing of the list and drops the answer: a later list asks again', async () => {
    const page = await mount(async (to) => (to.startsWith('/login') ? { type: 'continue' } : { type: 'redirect', to: '/login' }), () => undefined);
    await flush();
    expect(page.container.textContent).toContain('Entrar');
    expect(page.container.textContent).not.toContain('Fornecedor Um');
    expect(sent.filter((url) => url.includes('/companies/suppliers'))).toHaveLength(1);
    await page.unmount();

    // The dropped answer is nobody's: a list shown afterwards sends its own request.
    const again = await mount(async () => ({ type: 'continue' }), () => undefined);
    await flush();
    expect(again.container.textContent).toContain('Fornecedor Um');
    await again.unmount();
  });

  it('the registry list primes only for a full session allowed to read the resource', async () => {
    const spec = mountSpec('suppliers');
    // The page (the list's preferences go beside it, to their own path).
    const asked = () => sent.filter((url) => url.includes('/companies/suppliers') && !url.includes('/preferences')).length;
    (await primeList(spec, {}, '')).release(); // signed in, but no permission to read suppliers
    expect(asked()).toBe(0);
    setFields({ loggedUser: makeUser(), policyEffectivePermissions: [{ resources: [{ name: 'suppliers', scopes: ['read'] }], acls: [] }] });
    (await primeList(spec, {}, '?q=acme')).release();
    await flush();
    expect(asked()).toBe(1);
    expect(sent.find((url) => !url.includes('/preferences'))).toContain('q=acme');
    expect(sent.filter((url) => url.includes('/companies/suppliers/preferences'))).toHaveLength(1);
    resetSession();
    (await primeList(spec, {}, '')).release();
    await flush();
    expect(asked()).toBe(1);
  });

  it('a search within the mounted list takes the page its navigation primed: one request, not two', async () => {
    const searched = readListState(resource, new URLSearchParams('q=acme'));
    let setShown!: (next: typeof state) => void;
    let reload!: () => void;
    function Searchable() {
      const [shown, set] = useState(state);
      setShown = set;
      const list = useList(resource, shown, {});
      reload = list.reload;
      return <ul aria-busy={list.loading}>{list.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Searchable />));
    await flush();
    const pages = () => sent.filter((url) => url.includes('/companies/suppliers'));
    expect(pages()).toHaveLength(1);
    // The navigation to ?q=acme primes its page while its guard runs; then the list shows that state.
    primePage(resource.api, apiPath(resource, {}), JSON.stringify(apiQuery(searched)));
    await act(async () => setShown(searched));
    await flush();
    expect(pages()).toHaveLength(2);
    expect(pages()[1]).toContain('q=acme');
    expect(container.textContent).toContain('Fornecedor Um');
    // A page primed again for the same address (the sidebar's link to the list it shows) is not
    // what a reload after a save shows: the reload asks the server.
    primePage(resource.api, apiPath(resource, {}), JSON.stringify(apiQuery(searched)));
    await flush();
    expect(pages()).toHaveLength(3);
    await act(async () => reload());
    await flush();
    expect(pages()).toHaveLength(4);
    await act(async () => root.unmount());
    container.remove();
  });
});

