/** The "Histórico" tab every record has: its audit entries with field labels and formatted values. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders, products } from '../../../src/contracts/resources';
import { clearCache } from '../../../src/core/resources/cache';
import ShowPage from '../../../src/modules/registry/ShowPage';
import { mountSpec, resourceRoutes } from '../../../src/modules/registry/resourceRoutes';
import { byText, calls, click, json, mount, pageResponse, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

const spec = mountSpec('products');
const product = sampleRecord(products, { id: 'p1', version: 3, name: 'Monitor 24"', price: 150000, categoryId: 'c2', _refs: { categoryId: [{ id: 'c2', label: 'Informática' }] } });

const entries = [
  {
    id: 'a2',
    action: 'update',
    actor: { id: 'u1', label: 'Ana Compras' },
    at: '2026-03-02T13:30:00.000Z',
    changes: [
      { field: 'price', label: 'Preço de referência', before: 129990, after: 150000 },
      { field: 'categoryId', label: 'Departamento', before: null, after: 'c2' },
    ],
  },
  { id: 'a1', action: 'create', actor: null, at: '2026-03-01T10:00:00.000Z', changes: [{ field: 'name', label: 'Nome', before: null, after: 'Monitor 24"' }] },
];

beforeEach(() => signIn());
afterEach(() => {
  resetApi();
  clearCache();
});

describe('Histórico tab', () => {
  it('is a route and a tab of every record', async () => {
    expect(resourceRoutes('products').map((route) => route.path)).toContain('/produtos/{productId}/historico');
    expect(resourceRoutes('suppliers').map((route) => route.path)).toContain('/fornecedores/{supplierId}/historico');
    stubApi(() => json(product));
    const view = await mount(() => <ShowPage spec={spec} view="show" productId="p1" />, { path: '/produtos/p1' });
    const tab = byText(view.container, 'a', 'Histórico')!;
    expect(tab.getAttribute('href')).toBe('/produtos/p1/historico');
    expect(view.container.querySelector('[data-audit]')).toBeNull();
    view.unmount();
  });

  it('lists who changed which field when, with the labels and the values formatted, newest first', async () => {
    stubApi((call) => (call.path === 'products/p1/audit' ? pageResponse(entries, { total: 2 }) : json(product)));
    const view = await mount(() => <ShowPage spec={spec} view="show" tab="historico" productId="p1" />, { path: '/produtos/p1/historico' });
    const audit = view.container.querySelector('[data-audit]')!;
    expect(byText(audit, 'h2', 'Histórico de alterações')).toBeTruthy();
    const request = calls.find((c) => c.path === 'products/p1/audit')!;
    expect(request.url.searchParams.get('page')).toBe('1');
    const items = [...audit.querySelectorAll('ol > li')];
    expect(items).toHaveLength(2);
    expect(text(items[0])).toContain('Alteração');
    expect(text(items[0])).toContain('por Ana Compras');
    expect(text(items[0])).toContain('02/03/2026');
    const price = items[0].querySelector('[data-change="price"]')!;
    expect(text(price.querySelector('th')!)).toBe('Preço de referência');
    expect(text(price).replace(/\s/g, ' ')).toContain('R$ 1.299,90');
    expect(text(price).replace(/\s/g, ' ')).toContain('R$ 1.500,00');
    expect(text(items[0].querySelector('[data-change="categoryId"]')!)).toContain('Informática');
    expect(text(items[1])).toContain('Criação');
    expect(text(items[1])).toContain('pelo sistema');
    // The record's own sections are not on this tab.
    expect(byText(view.container, 'a', 'Histórico')!.getAttribute('aria-current')).toBe('page');
    view.unmount();
  });

  it('says so when nothing was recorded, and keeps the state timeline of a workflow record on its details', async () => {
    stubApi((call) => (call.path.endsWith('/audit') ? pageResponse([], { total: 0 }) : call.path.endsWith('/history') ? json([]) : json(sampleRecord(orders, { id: 'o1', status: 'draft', _actions: [] }))));
    const ordersSpec = mountSpec('orders');
    const audit = await mount(() => <ShowPage spec={ordersSpec} view="show" tab="historico" orderId="o1" />, { path: '/pedidos/o1/historico' });
    expect(text(audit.container.querySelector('[data-audit]')!)).toContain('Nenhuma alteração registrada.');
    audit.unmount();
    const details = await mount(() => <ShowPage spec={ordersSpec} view="show" orderId="o1" />, { path: '/pedidos/o1' });
    expect(details.container.querySelector('[part="history"]')).toBeTruthy();
    expect(byText(details.container, 'a', 'Histórico')).toBeTruthy();
    details.unmount();
  });

  it('pages through older entries', async () => {
    stubApi((call) => (call.path === 'products/p1/audit' ? pageResponse(entries, { page: Number(call.url.searchParams.get('page')), last: 2, total: 22 }) : json(product)));
    const view = await mount(() => <ShowPage spec={spec} view="show" tab="historico" productId="p1" />, { path: '/produtos/p1/historico' });
    await click(view.container.querySelector('[data-audit] nav button[aria-label="Próxima página"]'));
    expect(calls.filter((c) => c.path === 'products/p1/audit').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    view.unmount();
  });
});

describe('Histórico: what a cascade wrote', () => {
  it("names a record's values arriving from its origin and a link to the record made from it, in pt-BR", async () => {
    const { auditActionLabel } = await import('../../../src/core/ui/AuditTrail');
    const { invoices, payableInstallments } = await import('../../../src/contracts/resources');
    expect(auditActionLabel(payableInstallments, 'follow')).toBe('Alteração pelo registro de origem');
    expect(auditActionLabel(invoices, 'link')).toBe('Vínculo com o registro gerado');
  });
});
