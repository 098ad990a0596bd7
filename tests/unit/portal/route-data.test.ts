/**
 * The route table is data plus loaders (issue 23): the portal binds every area's data to its
 * screens; the server reads the data alone. Both must be the same table.
 */
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../../src/core/routeMatch';
import { routes } from '../../../src/modules/portal/routes';
import { hasScreen, portalRouteData } from '../../../src/modules/portal/routes.data';
import { PAINEL_NAMES, PAINELS, painelAt } from '../../../src/modules/bi/dashboards/painels';

describe('the route table', () => {
  it("is the areas' data, in the same order, with a loader for every route", () => {
    expect(routes.map(({ load, prime, ...data }) => data)).toEqual(portalRouteData);
    expect(routes.every((route) => typeof route.load === 'function')).toBe(true);
    // Only list routes ask for their first page, and each says which list it is (the server names its request).
    expect(routes.filter((route) => route.prime).map((route) => route.path)).toEqual(routes.filter((route) => route.list).map((route) => route.path));
  });

  it('matches a path to the same route in both', () => {
    for (const path of ['/', '/login', '/fornecedores', '/pedidos/o1/analises', '/fila-de-pagamentos/parcelamentos/fila', '/empresas/t1/c1/editar', '/cotacoes/q1']) {
      expect(matchRoute(routes, path)?.route.path, path).toBe(matchRoute(portalRouteData, path)?.route.path);
    }
  });

  it('tells the screens built from the placeholders', () => {
    expect(hasScreen('/fornecedores')).toBe(true);
    expect(hasScreen('/bi/saldos-de-conta')).toBe(true);
    expect(hasScreen('/bi/tokens-de-conta')).toBe(true);
    expect(hasScreen('/nada')).toBe(false);
  });

  it('has a screen for every painel, each path showing its own', () => {
    for (const name of PAINEL_NAMES) {
      expect(hasScreen(PAINELS[name].path), name).toBe(true);
      expect(matchRoute(portalRouteData, PAINELS[name].path)?.route.view, name).toBe('dashboard');
      expect(painelAt(PAINELS[name].path)).toBe(name);
    }
    expect(painelAt('/bi/dashboards/nada')).toBe('tesouraria');
  });
});
