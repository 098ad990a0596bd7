import { describe, expect, it } from 'vitest';
import { encodeParamValue, readRouteParam, withRouteParam } from '../../../src/core/host/routeParam';
import { homesOf, linkAddress } from '../../../src/core/host/useRouteParam';
import { payablesRoutes } from '../../../src/modules/finance/routes';
import { ordersRoutes } from '../../../src/modules/orders/routes';
import { isRoutable } from '../../../src/core/router';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
const routable = (path: string) => isRoutable(ordersRoutes, path);

describe('a tag in the host page’s address (route-param)', () => {
  it('sets only its own parameter: the path, the other parameters (in order) and the hash stay', () => {
    expect(withRouteParam(at('/intranet.html', '?aba=2&x=a%20b', '#topo'), 'pedidos', '/pedidos/12')).toBe('/intranet.html?aba=2&x=a%20b&pedidos=/pedidos/12#topo');
    expect(withRouteParam(at('/intranet.html', '?pedidos=/pedidos&aba=2'), 'pedidos', '/pedidos/catalogo')).toBe('/intranet.html?pedidos=/pedidos/catalogo&aba=2');
    // Back on its home: the parameter goes, nothing else does.
    expect(withRouteParam(at('/intranet.html', '?aba=2&pedidos=/pedidos/12', '#topo'), 'pedidos', null)).toBe('/intranet.html?aba=2#topo');
    expect(withRouteParam(at('/intranet.html', '?pedidos=/pedidos/12'), 'pedidos', null)).toBe('/intranet.html');
    // Another tag's parameter is someone else's.
    expect(withRouteParam(at('/i', '?pagar=/contas-a-pagar/parcelas'), 'pedidos', '/pedidos/1')).toBe('/i?pagar=/contas-a-pagar/parcelas&pedidos=/pedidos/1');
  });

  it('keeps the value readable and reads it back unchanged (the tag’s own query included)', () => {
    const inner = '/pedidos?status=draft&status=sent&q=café com leite+1#x';
    const encoded = encodeParamValue(inner);
    expect(encoded).toBe('/pedidos?status=draft%26status=sent%26q=caf%C3%A9%20com%20leite%2B1%23x');
    const url = withRouteParam(at('/p'), 'pedidos', inner);
    expect(new URLSearchParams(url.split('?').slice(1).join('?')).get('pedidos')).toBe(inner);
  });

  it('starts the tag only on one of its own pages, never on another origin', () => {
    expect(readRouteParam('?pedidos=/pedidos/catalogo', 'pedidos', routable)).toBe('/pedidos/catalogo');
    expect(readRouteParam('?pedidos=/pedidos%3Fpage%3D2', 'pedidos', routable)).toBe('/pedidos?page=2');
    expect(readRouteParam('?pedidos=/contas-a-pagar/lancamentos', 'pedidos', routable)).toBeNull();
    expect(readRouteParam('?pedidos=//evil.example/pedidos', 'pedidos', routable)).toBeNull();
    expect(readRouteParam('?pedidos=https://evil.example/', 'pedidos', routable)).toBeNull();
    expect(readRouteParam('?pedidos=/pedidos/1', undefined, routable)).toBeNull();
    expect(readRouteParam('?outra=/pedidos/1', 'pedidos', routable)).toBeNull();
  });

  it('calls a home and where it redirects a home (no parameter there)', () => {
    expect(homesOf(payablesRoutes, '/contas-a-pagar')).toEqual(['/contas-a-pagar', '/contas-a-pagar/lancamentos']);
    expect(homesOf(ordersRoutes, '/pedidos')).toEqual(['/pedidos']);
  });

  it('gives a tag’s links the host page’s address with the tag’s parameter (only with route-param)', () => {
    window.history.replaceState(null, '', '/intranet.html?aba=1#topo');
    const address = linkAddress('pedidos', ['/pedidos'])!;
    expect(address('/pedidos/12')).toBe('/intranet.html?aba=1&pedidos=/pedidos/12#topo');
    expect(address({ pathname: '/pedidos' })).toBe('/intranet.html?aba=1#topo');
    expect(linkAddress(undefined, ['/pedidos'])).toBeUndefined();
  });
});
