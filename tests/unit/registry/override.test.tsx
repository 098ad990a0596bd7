import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '../../../src/core/router';
import { resourceRoutes } from '../../../src/modules/registry/resourceRoutes';
import type { RegistryPageProps } from '../../../src/modules/registry/spec';
import { mount, pageResponse, resetApi, signIn, stubApi, text } from './harness';

function CustomShow({ spec, view, userGroupId }: RegistryPageProps) {
  return <p>Tela própria de {spec.resource} ({view}) #{String(userGroupId)}</p>;
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('resourceRoutes', () => {
  const routes = resourceRoutes({
    resource: 'userGroups',
    base: '/grupos-de-usuario',
    idParam: 'userGroupId',
    title: 'Perfis de Usuário',
    tabs: ['membros'],
    views: { show: async () => ({ default: CustomShow }) },
  });

  it('declares list, lista, adicionar, {id}, {id}/editar, the tabs and {id}/historico', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/grupos-de-usuario',
      '/grupos-de-usuario/lista',
      '/grupos-de-usuario/adicionar',
      '/grupos-de-usuario/{userGroupId}',
      '/grupos-de-usuario/{userGroupId}/editar',
      '/grupos-de-usuario/{userGroupId}/membros',
      '/grupos-de-usuario/{userGroupId}/historico',
    ]);
    expect(routes.every((r) => r.layout === 'portal' && r.title === 'Perfis de Usuário')).toBe(true);
  });

  it('lets a module replace one view and keeps the generic others', async () => {
    const show = matchRoute(routes, '/grupos-de-usuario/g7')!;
    const { default: Show } = await show.route.load();
    const custom = await mount(() => createElement(Show, show.params));
    expect(text(custom.container)).toBe('Tela própria de userGroups (show) #g7');
    custom.unmount();

    stubApi(() => pageResponse([]));
    const list = matchRoute(routes, '/grupos-de-usuario')!;
    const { default: List } = await list.route.load();
    expect(await list.route.load()).toBe(await list.route.load()); // loaded once, same component
    const generic = await mount(() => createElement(List, list.params), { path: '/grupos-de-usuario' });
    expect(generic.container.querySelector('h1')?.textContent).toBe('Perfis de Usuário');
    generic.unmount();
  });
});
