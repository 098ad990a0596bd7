/** The show page reads as a document: references link to their records, each heading once, addresses as lines. */
import { afterEach, describe, expect, it } from 'vitest';
import { invoices, orders, payableInstallments, purchaseOrders, suppliers } from '../../../src/contracts/resources';
import { clearCache } from '../../../src/core/resources/cache';
import { setPermissions } from '../../../src/core/session';
import ShowPage from '../../../src/modules/registry/ShowPage';
import { mountSpec } from '../../../src/modules/registry/resourceRoutes';
import { byText, click, eventually, json, mount, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

const parcela = sampleRecord(payableInstallments, {
  id: 'i1',
  status: 'authorized',
  entryId: 'e1',
  supplierId: 's1',
  settlements: [{ id: 'b1', paidOn: '2026-11-23', amount: 20000, interest: 0, fine: 0, discount: 0, paidTotal: 20000, bankAccountId: 'a1', note: null, reversed: false, reversalReason: null }],
  _actions: [],
  _refs: { entryId: [{ id: 'e1', label: 'Manutenção do ar-condicionado' }], supplierId: [{ id: 's1', label: 'Comercial Horizonte Ltda' }] },
});

const showParcela = (options: { routable?: (path: string) => boolean } = {}) => {
  stubApi((call) => (call.path.endsWith('/history') ? json([]) : json(parcela)));
  return mount(() => <ShowPage spec={mountSpec('payableInstallments')} view="show" installmentId="i1" />, { path: '/contas-a-pagar/parcelamentos/i1', ...options });
};

afterEach(() => {
  resetApi();
  clearCache();
});

describe('record show page as a document', () => {
  it('links a reference to the referenced record\'s page where the host routes it, and follows it', async () => {
    signIn();
    const view = await showParcela({ routable: (path) => path.startsWith('/contas-a-pagar/') });
    const entry = byText(view.container, 'a', 'Manutenção do ar-condicionado')!;
    expect(entry.getAttribute('href')).toBe('/contas-a-pagar/lancamentos/e1');
    // The supplier's module is not routed by this host: its name stays text.
    expect(byText(view.container, 'dd', 'Comercial Horizonte Ltda')!.querySelector('a')).toBeNull();
    await click(entry);
    expect(view.navigations).toContain('/contas-a-pagar/lancamentos/e1');
    view.unmount();
  });

  it('does not link a resource the user may not read', async () => {
    signIn('User');
    setPermissions([{ resources: [{ name: 'payables', scopes: ['read'] }], acls: [] }]);
    const view = await showParcela({ routable: () => true });
    expect(byText(view.container, 'a', 'Manutenção do ar-condicionado')!.getAttribute('href')).toBe('/contas-a-pagar/lancamentos/e1');
    expect(byText(view.container, 'dd', 'Comercial Horizonte Ltda')!.querySelector('a')).toBeNull();
    view.unmount();
  });

  it('names a section whose only field is named like it once: "Baixas" is the heading, not also a label', async () => {
    signIn();
    const view = await showParcela();
    const section = view.container.querySelector('section[aria-label="Baixas"]')!;
    expect(byText(section, 'h2', 'Baixas')).toBeTruthy();
    expect(section.querySelector('dt')).toBeNull();
    expect(section.querySelector('table')).toBeTruthy();
    view.unmount();
  });

  it('names a list once when its section has its name and more fields (a pedido\'s "Itens" and its total)', async () => {
    signIn();
    const order = sampleRecord(orders, { id: 'o1', status: 'draft', _actions: [], lines: [{ id: 'l1', productId: null, description: 'Papel A4', quantity: 3, unit: 'UN', unitPrice: 24990, neededBy: null }] });
    stubApi((call) => (call.path.endsWith('/history') ? json([]) : json(order)));
    const view = await mount(() => <ShowPage spec={mountSpec('orders')} view="show" orderId="o1" />, { path: '/pedidos/o1' });
    const section = view.container.querySelector('section[aria-label="Itens"]')!;
    expect([...section.querySelectorAll('h2, h3, dt')].map((node) => text(node))).toEqual(['Itens', 'Total estimado']);
    expect(section.querySelector('table')).toBeTruthy();
    view.unmount();
  });

  it('reads an address as whole lines: street, number, complement / bairro / município-UF / CEP', async () => {
    signIn();
    const supplier = sampleRecord(suppliers, {
      id: 's1',
      addresses: [{ type: 'main', cep: '30130000', street: 'Avenida Afonso Pena', number: '1500', complement: 'Sala 3', district: 'Centro', state: 'MG', city: '3106200' }],
    });
    stubApi(() => json(supplier));
    const view = await mount(() => <ShowPage spec={mountSpec('suppliers')} view="show" supplierId="s1" />, { path: '/fornecedores/s1' });
    const list = view.container.querySelector('ul[aria-label="Endereços"]')!;
    expect(list).toBeTruthy();
    const lines = await eventually(() => {
      const found = [...list.querySelectorAll('li > *')].map((line) => text(line));
      return found.includes('Belo Horizonte/MG') ? found : null;
    });
    expect(lines).toEqual(['Principal', 'Avenida Afonso Pena, 1500, Sala 3', 'Centro', 'Belo Horizonte/MG', 'CEP 30130-000']);
    view.unmount();
  });

  it('reads a faturamento line\'s "Item da ordem" as the ordem\'s line ("1. Resma de papel A4"), not its id', async () => {
    signIn();
    const invoice = sampleRecord(invoices, {
      id: 'n1',
      purchaseOrderId: 'po1',
      lines: [{ purchaseOrderLineId: 'pl2', description: 'Caneta', quantity: 2, unitPrice: 500 }, { purchaseOrderLineId: 'pl9', description: 'Outro', quantity: 1, unitPrice: 100 }],
      _actions: [],
      _refs: { purchaseOrderId: [{ id: 'po1', label: 'Ordem de compra nº 7' }] },
    });
    const order = sampleRecord(purchaseOrders, { id: 'po1', lines: [{ id: 'pl1', description: 'Resma de papel A4', quantity: 10, unit: 'UN', unitPrice: 2500, productId: null }, { id: 'pl2', description: 'Caneta azul (caixa)', quantity: 2, unit: 'CX', unitPrice: 500, productId: null }] });
    stubApi((call) => (call.path.endsWith('/history') ? json([]) : call.path.includes('purchase-orders/po1') ? json(order) : json(invoice)));
    const view = await mount(() => <ShowPage spec={mountSpec('invoices')} view="show" invoiceId="n1" />, { path: '/invoices/n1' });
    const cells = await eventually(() => {
      const table = [...view.container.querySelectorAll('table')].find((candidate) => candidate.querySelector('caption')?.textContent === 'Itens');
      const found = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => row.querySelector('td')?.textContent);
      return found.includes('2. Caneta azul (caixa)') ? found : null;
    });
    // A line the ordem no longer has keeps its id (the API names it when saved).
    expect(cells).toEqual(['2. Caneta azul (caixa)', 'pl9']);
    view.unmount();
  });
});
