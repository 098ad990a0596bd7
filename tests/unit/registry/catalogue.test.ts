/**
 * The client's catalogue (src/core/catalogue: entries.ts, workflows.ts, declarations.ts) is generated from
 * the declarations; this fails while it is out of date (`npm run registry:catalogue` rewrites it)
 * or disagrees with them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS_FILE, ENTRIES_FILE, entryOf, renderDeclarations, renderEntries, renderSources, renderWorkflows, SOURCES_FILE, WORKFLOWS_FILE } from '../../../scripts/registry-catalogue';
import { resourceList } from '../../../src/contracts/resources';
import { CATALOGUE, catalogueEntry } from '../../../src/core/catalogue';
import { DECLARATIONS } from '../../../src/core/catalogue/declarations';
import { WORKFLOWS } from '../../../src/core/catalogue/workflows';
import { loadDeclaration, loadedDeclaration } from '../../../src/core/catalogue/load';
import { mountSpec, resourceRoutes } from '../../../src/modules/registry/resourceRoutes';

describe('the catalogue', () => {
  it('is what the declarations say (else run `npm run registry:catalogue`)', async () => {
    expect(readFileSync(ENTRIES_FILE, 'utf8')).toBe(renderEntries());
    expect(readFileSync(WORKFLOWS_FILE, 'utf8')).toBe(renderWorkflows());
    expect(readFileSync(DECLARATIONS_FILE, 'utf8')).toBe(await renderDeclarations());
    expect(readFileSync(SOURCES_FILE, 'utf8')).toBe(await renderSources());
  });

  it('has one entry per declaration, equal to what the declaration says', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(resourceList.map((resource) => resource.name).sort());
    for (const resource of resourceList) expect(JSON.parse(JSON.stringify(catalogueEntry(resource.name))), resource.name).toEqual(JSON.parse(JSON.stringify(entryOf(resource))));
  });

  it("carries each workflow's state labels and tones, and each reference target's display field", () => {
    for (const resource of resourceList) {
      const entry = catalogueEntry(resource.name)!;
      expect(entry.titleField).toBe(resource.titleField);
      const workflow = (WORKFLOWS as Record<string, { field: string; states: Record<string, unknown> }>)[resource.name];
      if (!resource.workflow) expect(workflow).toBeUndefined();
      else {
        expect(workflow.field).toBe(resource.workflow.field);
        expect(Object.keys(workflow.states)).toEqual(Object.keys(resource.workflow.states));
        for (const [state, def] of Object.entries(resource.workflow.states)) expect(workflow.states[state]).toEqual({ label: def.label, tone: def.tone });
      }
    }
  });

  it('loads each declaration by name, and remembers it', async () => {
    expect(Object.keys(DECLARATIONS).sort()).toEqual(Object.keys(CATALOGUE).sort());
    for (const resource of resourceList) expect(await loadDeclaration(resource.name)).toBe(resource);
    expect(loadedDeclaration('orders')).toBe(resourceList.find((resource) => resource.name === 'orders'));
    await expect(loadDeclaration('nothing')).rejects.toThrow('Unknown resource');
  });
});

describe('registry mounts', () => {
  it('derive base, id parameter, title and field tabs from the catalogue', () => {
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
