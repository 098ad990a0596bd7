/**
 * The route table's copy of the declarations (src/modules/registry/mounts.ts) is generated; this
 * fails while it is out of date (`npm run registry:mounts` rewrites it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOUNTS_FILE, renderMounts } from '../../../scripts/registry-mounts';
import { mountSpec, resourceRoutes } from '../../../src/modules/registry/resourceRoutes';

describe('registry mounts', () => {
  it('are what the declarations say (else run `npm run registry:mounts`)', () => {
    expect(readFileSync(MOUNTS_FILE, 'utf8')).toBe(renderMounts());
  });

  it('derive base, id parameter, title and field tabs from the declaration', () => {
    expect(mountSpec('products')).toEqual({ resource: 'products', base: '/produtos', idParam: 'productId', title: 'Produtos', tabs: ['midias', 'variantes'] });
    expect(mountSpec('settings')).toEqual({ resource: 'settings', base: '/configuracoes/configuracoes', title: 'Configurações', tabs: [], single: { mode: 'form' } });
    // A tab naming another resource is that resource's own mount, not a show tab.
    expect(mountSpec('bankAccounts').tabs).toEqual([]);
    expect(resourceRoutes('products').map((route) => route.path)).toContain('/produtos/{productId}/midias');
  });

  it('take overrides for a second mount', () => {
    const routes = resourceRoutes('companies', { base: '/gestao-de-empresas/{companyTypeId}', title: 'Gestão de Empresas' });
    expect(routes[0]).toMatchObject({ path: '/gestao-de-empresas/{companyTypeId}', title: 'Gestão de Empresas' });
    expect(routes.map((route) => route.path)).toContain('/gestao-de-empresas/{companyTypeId}/{companyId}/editar');
  });

  it('name only the lists their declaration declares (each keeps its own columns and saved filters)', () => {
    expect(mountSpec('payableInstallments', { list: 'paymentQueue' }).list).toBe('paymentQueue');
    // @ts-expect-error not one of the declaration's `list.named`
    expect(mountSpec('payableInstallments', { list: 'elsewhere' }).list).toBe('elsewhere');
    // @ts-expect-error products declare no named list
    expect(mountSpec('products', { list: 'paymentQueue' }).list).toBe('paymentQueue');
  });
});
