import { createMemoryHistory } from 'history';
import { describe, expect, it, vi } from 'vitest';
import { applyScroll, createRouter, matchRoute, routerAtom, type RouteDef } from '../../../src/core/router';
import { store } from '../../../src/core/store';

const load = () => Promise.resolve({ default: () => null });
const r = (path: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, layout: 'portal', load, ...extra });

const routes: RouteDef[] = [
  r('/'),
  r('/pedidos'),
  r('/pedidos/lista'),
  r('/pedidos/adicionar'),
  r('/pedidos/{orderId}'),
  r('/pedidos/{orderId}/editar'),
  r('/pedidos/catalogo'),
  r('/pedidos/catalogo/busca'),
  r('/pedidos/catalogo/{categorySlug*}'),
  r('/pedidos/produto/{productId*}'),
  r('/empresas/{companyTypeId}/{companyId}/editar'),
  r('/usuarios/{userId}', { validate: (p) => /^\d+$/.test(p.userId) }),
  r('/login', { layout: 'login', public: true }),
];

const path = (pathname: string) => matchRoute(routes, pathname)?.route.path;

describe('matchRoute', () => {
  it('extracts and decodes params', () => {
    expect(matchRoute(routes, '/pedidos/42/editar')).toMatchObject({ route: { path: '/pedidos/{orderId}/editar' }, params: { orderId: '42' } });
    expect(matchRoute(routes, '/empresas/fornecedor/A%20B/editar')?.params).toEqual({ companyTypeId: 'fornecedor', companyId: 'A B' });
  });

  it('static segments beat params', () => {
    expect(path('/pedidos/lista')).toBe('/pedidos/lista');
    expect(path('/pedidos/adicionar')).toBe('/pedidos/adicionar');
    expect(path('/pedidos/catalogo')).toBe('/pedidos/catalogo');
    expect(path('/pedidos/catalogo/busca')).toBe('/pedidos/catalogo/busca');
    expect(path('/pedidos/7')).toBe('/pedidos/{orderId}');
  });

  it('catalogue slug of any depth', () => {
    expect(matchRoute(routes, '/pedidos/catalogo/escritorio')?.params).toEqual({ categorySlug: 'escritorio' });
    expect(matchRoute(routes, '/pedidos/catalogo/escritorio/papel/a4')?.params).toEqual({ categorySlug: 'escritorio/papel/a4' });
    expect(matchRoute(routes, '/pedidos/produto/sku/123')?.params).toEqual({ productId: 'sku/123' });
  });

  it('tolerates a trailing slash and ignores query/hash', () => {
    expect(path('/pedidos/')).toBe('/pedidos');
    expect(path('/pedidos/42/editar/?x=1#y')).toBe('/pedidos/{orderId}/editar');
    expect(path('/')).toBe('/');
  });

  it('a splat route still beats none, and of two routes as specific, the first declared wins', () => {
    expect(matchRoute(routes, '/pedidos/catalogo/x')?.route.path).toBe('/pedidos/catalogo/{categorySlug*}');
    const twins = [r('/a/{x}'), r('/a/{y}'), r('/a/{rest*}'), r('/a/{also*}')];
    expect(matchRoute(twins, '/a/1')?.route.path).toBe('/a/{x}');
    expect(matchRoute(twins, '/a/1/2')?.route.path).toBe('/a/{rest*}');
    // An encoded slash is one segment: a param takes it whole.
    expect(matchRoute(twins, '/a/1%2F2')?.params).toEqual({ x: '1/2' });
  });

  it('a route whose first segment is a param still takes a path another route starts like', () => {
    const mixed = [r('/{tenant}/painel'), r('/pedidos/{orderId}'), r('/{tenant}/{page}'), r('//pedidos//lista//')];
    expect(path('/pedidos/painel')).toBe('/pedidos/{orderId}');
    expect(matchRoute(mixed, '/acme/painel')?.route.path).toBe('/{tenant}/painel');
    expect(matchRoute(mixed, '/pedidos/painel')?.route.path).toBe('/pedidos/{orderId}');
    expect(matchRoute(mixed, '/acme/outra')?.params).toEqual({ tenant: 'acme', page: 'outra' });
    // Empty segments of a declared path count for nothing, as in a visited path.
    expect(matchRoute(mixed, '/pedidos/lista')?.route.path).toBe('//pedidos//lista//');
  });

  it('unknown path → null', () => {
    expect(matchRoute(routes, '/nada')).toBeNull();
    expect(matchRoute(routes, '/pedidos/1/2/3')).toBeNull();
  });
});

describe('createRouter over history', () => {
  it('go / back / parse and state updates, validation failure is not found', () => {
    const history = createMemoryHistory({ initialEntries: ['/pedidos'] });
    const router = createRouter({ history, routes, primary: true });
    const seen: string[] = [];
    router.subscribe((s) => seen.push(s.location.pathname));
    expect(router.state.match?.route.path).toBe('/pedidos');

    router.go('/pedidos/9?aba=itens&status=a&status=b#x');
    expect(router.parse()).toMatchObject({
      pathname: '/pedidos/9',
      hash: '#x',
      params: { orderId: '9' },
      query: { aba: 'itens', status: ['a', 'b'] },
    });
    expect(store.get(router.atom).match?.params).toEqual({ orderId: '9' });
    expect(store.get(routerAtom)?.location.pathname).toBe('/pedidos/9');

    router.go('/usuarios/abc', { replace: true });
    expect(router.state.notFound).toBe(true);
    router.go('/usuarios/12');
    expect(router.state.notFound).toBe(false);
    router.go('/inexistente');
    expect(router.state).toMatchObject({ match: null, notFound: true });

    router.back();
    expect(router.location.pathname).toBe('/usuarios/12');
    expect(seen).toEqual(['/pedidos/9', '/usuarios/abc', '/usuarios/12', '/inexistente', '/usuarios/12']);
    router.destroy();
  });
});

describe('applyScroll', () => {
  it('scrolls to the top unless the route opts out', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    expect(applyScroll({ hash: '' }, { scrollToTop: true }, document)).toBe('top');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    scrollTo.mockClear();
    expect(applyScroll({ hash: '' }, { scrollToTop: false }, document)).toBe('none');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to a hash target, also inside a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const target = document.createElement('section');
    target.id = 'itens';
    root.append(target);
    const spy = vi.fn();
    target.scrollIntoView = spy;
    expect(applyScroll({ hash: '#itens' }, undefined, root)).toBe('hash');
    expect(spy).toHaveBeenCalled();
  });
});
