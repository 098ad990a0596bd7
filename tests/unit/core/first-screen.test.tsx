/**
 * The portal's first screen: its data asked for as soon as the portal's code has evaluated
 * (before React renders), taken by the router host's first navigation; and the config read for it
 * counts as the first guard's step 1 (one read of app.config.json per page load).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../src/core/api';
import { appConfigAtom, loadAppConfig, loadAppConfigForGuard } from '../../../src/core/config';
import { requestConfigEarly } from '../../../src/core/configEarly';
import { primeFirstScreen, takeFirstScreenPrime } from '../../../src/core/host/firstScreen';
import { RouteView } from '../../../src/core/host/RouteView';
import { RouterHost, type Guard, type View } from '../../../src/core/host/RouterHost';
import { apiPath } from '../../../src/core/resources/paths';
import { takePrimed } from '../../../src/core/resources/primed';
import { useList } from '../../../src/core/resources/useList';
import { createRouter, type RouteDef } from '../../../src/core/router';
import { resetSession, setFields } from '../../../src/core/session';
import { store } from '../../../src/core/store';
import { primePage } from '../../../src/modules/registry/primeList';
import { FUTURE_JWT, jsonResponse, testConfig } from './helpers';
import { flush, query, resource, state, supplierPage } from './suppliersPage';

let sent: string[];
let primes: number;

function SupplierList() {
  const list = useList(resource, state, {});
  return <ul aria-busy={list.loading}>{list.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
}

const routes: RouteDef[] = [
  {
    path: '/fornecedores',
    layout: 'portal',
    load: async () => ({ default: SupplierList }),
    prime: async () => {
      primes++;
      return primePage(resource.api, apiPath(resource, {}), query);
    },
  },
  { path: '/inicio', layout: 'portal', load: async () => ({ default: () => <h1>Início</h1> }) },
];
const supplierRequests = () => sent.filter((url) => url.includes('/companies/suppliers')).length;
const allow: Guard = async () => ({ type: 'continue' });

beforeEach(() => {
  resetSession();
  setFields({ accessToken: FUTURE_JWT, tokenType: 'Authorization' });
  store.set(appConfigAtom, testConfig());
  sent = [];
  primes = 0;
  configureApi({
    fetch: async (input) => {
      sent.push(String(input));
      return supplierPage();
    },
  });
});
afterEach(() => {
  configureApi({ fetch: null });
  takeFirstScreenPrime();
  vi.unstubAllGlobals();
});

async function mountAt(path: string, guard: Guard = allow) {
  const router = createRouter({ history: createMemoryHistory({ initialEntries: [path] }), routes });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const firstPrime = takeFirstScreenPrime();
  /** The views React rendered, in order. */
  const rendered: string[] = [];
  const render = (view: View) => {
    rendered.push(view.kind);
    return <RouteView view={view} />;
  };
  await act(async () => root.render(<RouterHost router={router} guard={guard} render={render} firstPrime={firstPrime} />));
  return { container, rendered, unmount: async () => { await act(async () => root.unmount()); container.remove(); } };
}

/** A guard that counts its runs and lets everything through once `open` is called. */
function gate() {
  let runs = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const guard: Guard = async () => {
    runs++;
    await opened;
    return { type: 'continue' };
  };
  return { guard, open, runs: () => runs };
}

describe("the portal's first screen", () => {
  it('has its first page on the way before anything renders, and the router host shows that answer (one request)', async () => {
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '', hash: '' });
    await flush();
    expect(supplierRequests()).toBe(1);

    const page = await mountAt('/fornecedores');
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(supplierRequests()).toBe(1);
    expect(primes).toBe(1);
    await page.unmount();
  });

  it("through its guard, with its chunk and rows, before React renders: React's first render is the screen with its rows, and the guard ran once", async () => {
    const { guard, open, runs } = gate();
    open();
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '', hash: '' }, guard);
    await flush();
    const page = await mountAt('/fornecedores', guard);
    expect(page.rendered[0]).toBe('route');
    expect(page.rendered).not.toContain('loading');
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(runs()).toBe(1);
    expect(supplierRequests()).toBe(1);
    await page.unmount();
  });

  it('still in its guard when React renders: the router host waits for that same run (no second guard, one request), then shows the rows', async () => {
    const { guard, open, runs } = gate();
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '', hash: '' }, guard);
    const page = await mountAt('/fornecedores', guard);
    expect(new Set(page.rendered)).toEqual(new Set(['loading']));
    expect(page.container.textContent).not.toContain('Fornecedor Um');
    open();
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(runs()).toBe(1);
    expect(supplierRequests()).toBe(1);
    await page.unmount();
  });

  it('asked for one location and shown at another: released unread; the screen asks for its own page and a later list does not get the stale one', async () => {
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '?q=antigo', hash: '' });
    await flush();
    const page = await mountAt('/fornecedores');
    await flush();
    expect(page.container.textContent).toContain('Fornecedor Um');
    expect(primes).toBe(2);
    expect(supplierRequests()).toBe(2);
    // Neither answer is left over for a list shown later.
    expect(takePrimed(resource.api, apiPath(resource, {}), query)).toBeUndefined();
    await page.unmount();
  });

  it('asks for nothing on a route without a first page, nor twice on the same page', async () => {
    await primeFirstScreen(routes, { pathname: '/inicio', search: '', hash: '' });
    await primeFirstScreen(routes, { pathname: '/nao-existe', search: '', hash: '' });
    expect(takeFirstScreenPrime()).toBeNull();
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '', hash: '' });
    await primeFirstScreen(routes, { pathname: '/fornecedores', search: '', hash: '' });
    await flush();
    expect(primes).toBe(1);
    expect(supplierRequests()).toBe(1);
    takeFirstScreenPrime()?.navigation.release();
  });
});

describe('the config read for the first screen', () => {
  it("is the first guard's step 1 (one request for the page load); the next navigation's guard reads the file again", async () => {
    store.set(appConfigAtom, null);
    const reads: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      reads.push(url);
      return jsonResponse(testConfig({ useFrontEndVersion: `v${reads.length}` }));
    });
    requestConfigEarly('/app.config.json');
    expect((await loadAppConfig()).useFrontEndVersion).toBe('v1'); // the first screen's prime
    expect((await loadAppConfigForGuard()).useFrontEndVersion).toBe('v1'); // the first guard
    expect(reads).toHaveLength(1);
    expect((await loadAppConfigForGuard()).useFrontEndVersion).toBe('v2'); // the next navigation
    expect((await loadAppConfigForGuard()).useFrontEndVersion).toBe('v3');
    expect(reads).toHaveLength(3);
  });
});
