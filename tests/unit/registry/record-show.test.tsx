/** The show page reads as a document: references link to their records, each heading once, addresses as lines. */
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { invoices, orders, payableInstallments, payables, purchaseOrders, remittances, suppliers } from '../../../src/contracts/resources';
import { clearCache } from '../../../src/core/resources/cache';
import { setPermissions } from '../../../src/core/session';
import { BornRecords } from '../../../src/modules/registry/BornRecords';
import FormPage from '../../../src/modules/registry/FormPage';
import ShowPage from '../../../src/modules/registry/ShowPage';
import { mountSpec } from '../../../src/modules/registry/resourceRoutes';
import { byText, calls, click, eventually, json, mount, pageResponse, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

const parcela = sampleRecord(payableInstallments, {
  id: 'i1',
  status: 'authorized',
  entryId: 'e1',
  supplierId: 's1',
  remittanceId: null,
  bankOutcome: null,
  bankOccurrences: null,
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

  it('links a reference inside a record\'s items (a remessa\'s parcelas) to its record, not the items\' other values', async () => {
    signIn();
    const item = { installmentId: 'i1', supplierId: 's1', paymentForm: 'pixKey', reference: 'CE115', paymentDate: '2026-12-14', amount: 100000, outcome: 'paid', occurrences: null };
    const remessa = sampleRecord(remittances, {
      id: 'r1',
      status: 'processed',
      _actions: [],
      items: [item],
      _refs: { 'items.0.installmentId': [{ id: 'i1', label: 'Manutenção — 1/2' }], 'items.0.supplierId': [{ id: 's1', label: 'Comercial Horizonte Ltda' }] },
    });
    stubApi((call) => (call.path.endsWith('/history') ? json([]) : json(remessa)));
    const view = await mount(() => <ShowPage spec={mountSpec('remittances')} view="show" remittanceId="r1" />, {
      path: '/arquivos-de-remessa/remessas-geradas/r1',
      routable: (path) => path.startsWith('/contas-a-pagar/') || path.startsWith('/arquivos-de-remessa/'),
    });
    const section = view.container.querySelector('section[aria-label="Parcelas da remessa"]')!;
    // Named once: the list is named like its section.
    expect([...section.querySelectorAll('h2, h3')].map((node) => text(node))).toEqual(['Parcelas da remessa']);
    const table = section.querySelector('table')!;
    expect(byText(table, 'a', 'Manutenção — 1/2')!.getAttribute('href')).toBe('/contas-a-pagar/parcelamentos/i1');
    // The supplier's module is not routed by this host: its name stays text.
    expect(byText(table, 'td', 'Comercial Horizonte Ltda')!.querySelector('a')).toBeNull();
    view.unmount();
  });

  it('shows a parcela\'s "Remessa bancária" only once it went in a remessa', async () => {
    signIn();
    const before = await showParcela();
    expect(before.container.querySelector('section[aria-label="Remessa bancária"]')).toBeNull();
    before.unmount();
    clearCache();
    Object.assign(parcela, { remittanceId: 'r1', bankOutcome: 'unknown', bankOccurrences: 'ZZ — código desconhecido' });
    parcela._refs = { ...parcela._refs, remittanceId: [{ id: 'r1', label: 'REMESSA-1.REM' }] };
    try {
      const after = await showParcela({ routable: () => true });
      const section = after.container.querySelector('section[aria-label="Remessa bancária"]')!;
      expect(byText(section, 'a', 'REMESSA-1.REM')!.getAttribute('href')).toBe('/arquivos-de-remessa/remessas-geradas/r1');
      expect(byText(section, 'dd', 'Ocorrência desconhecida')).toBeTruthy();
      expect(byText(section, 'dd', 'ZZ — código desconhecido')).toBeTruthy();
      after.unmount();
    } finally {
      Object.assign(parcela, { remittanceId: null, bankOutcome: null, bankOccurrences: null });
    }
  });

  it('leaves out what was never set and one of the two ways to give a PIX (hiddenWhenEmpty), and shows them once they hold a value', async () => {
    signIn();
    const labels = (container: HTMLElement) => [...container.querySelectorAll('section[aria-label="Pagamento"] dt')].map((node) => text(node));
    const saved = { ...parcela };
    Object.assign(parcela, { paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@horizonte.com.br', pixPayload: null, paymentChangedBy: null, boletoLine: null });
    try {
      const keyOnly = await showParcela();
      expect(labels(keyOnly.container)).toEqual(expect.arrayContaining(['Forma de pagamento', 'Tipo de chave PIX', 'Chave PIX']));
      expect(labels(keyOnly.container)).not.toContain('PIX copia e cola');
      expect(labels(keyOnly.container)).not.toContain('Dados de pagamento alterados por');
      // No baixa with a note or reversed: the table has no such columns.
      const heads = (container: HTMLElement) => [...container.querySelectorAll('section[aria-label="Baixas"] th')].map((node) => text(node));
      expect(heads(keyOnly.container)).toContain('Valor principal');
      expect(heads(keyOnly.container)).not.toContain('Observação');
      expect(heads(keyOnly.container)).not.toContain('Motivo do estorno');
      keyOnly.unmount();
      clearCache();
      const [baixa] = parcela.settlements as Record<string, unknown>[];
      Object.assign(parcela, { pixKeyType: null, pixKey: null, pixPayload: '00020126580014br.gov.bcb.pix0136', paymentChangedBy: 'u9', settlements: [{ ...baixa, note: 'Pago no caixa.' }, baixa] });
      parcela._refs = { ...parcela._refs, paymentChangedBy: [{ id: 'u9', label: 'Tânia Tesouraria' }] };
      const payload = await showParcela();
      expect(labels(payload.container)).toEqual(expect.arrayContaining(['PIX copia e cola', 'Dados de pagamento alterados por']));
      expect(labels(payload.container)).not.toContain('Chave PIX');
      expect(labels(payload.container)).not.toContain('Tipo de chave PIX');
      expect(byText(payload.container, 'dd', 'Tânia Tesouraria')).toBeTruthy();
      expect(heads(payload.container)).toContain('Observação');
      expect(byText(payload.container, 'td', 'Pago no caixa.')).toBeTruthy();
      payload.unmount();
    } finally {
      Object.assign(parcela, saved);
    }
  });

  it('opens the bookmarked edit page of a record its state locks whole (an authorised parcela) as values with nothing to save, and leaves out its empty hiddenWhenEmpty fields', async () => {
    signIn();
    const saved = { ...parcela };
    Object.assign(parcela, { paymentMethod: 'pix', pixKeyType: 'email', pixKey: 'financeiro@horizonte.com.br', pixPayload: null, paymentChangedBy: null, boletoLine: null });
    try {
      stubApi(() => json(parcela));
      const form = await mount(() => <FormPage spec={mountSpec('payableInstallments')} view="edit" installmentId="i1" />, { path: '/contas-a-pagar/parcelamentos/i1/editar' });
      const labels = await eventually(() => {
        const found = [...form.container.querySelectorAll('form span')].map((node) => text(node));
        return found.includes('Chave PIX') ? found : null;
      });
      expect(labels).toEqual(expect.arrayContaining(['Tipo de chave PIX', 'Chave PIX']));
      // Locked whole by "Autorizada": the page says so, shows values and nothing to save, and leaves
      // out the way of paying it does not use.
      expect(byText(form.container, '[role="status"]', 'Nesta situação o registro não pode ser alterado.')).toBeTruthy();
      expect(form.container.querySelector('form input, form textarea, form select')).toBeNull();
      expect([...form.container.querySelectorAll('button')].map((node) => text(node))).not.toContain('Salvar');
      expect(labels).not.toContain('PIX copia e cola');
      expect(labels).not.toContain('Dados de pagamento alterados por');
      // The baixas, alone in their section, are named by its legend once.
      const baixas = [...form.container.querySelectorAll('fieldset')].find((node) => text(node.querySelector('legend')!) === 'Baixas')!;
      expect(baixas).toBeTruthy();
      expect([...baixas.querySelectorAll('span')].map((node) => text(node))).not.toContain('Baixas');
      form.unmount();
    } finally {
      Object.assign(parcela, saved);
    }
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

  describe("a lançamento's parcelas as records, with their state (`bornRecords`)", () => {
    const entry = sampleRecord(payables, { id: 'e1', status: 'approved', _actions: [] });
    const installment = (id: string, number: number, status: string, paidAmount: number) =>
      sampleRecord(payableInstallments, { id, number, status, amount: 50000, paidAmount, openBalance: 50000 - paidAmount, dueDate: `2026-12-0${number}`, entryId: 'e1', _actions: [] });
    const showEntry = (installments: unknown[]) => {
      stubApi((call) => (call.path.endsWith('/history') ? json([]) : call.path === 'payable-installments' ? pageResponse(installments) : json(entry)));
      return mount(() => <ShowPage spec={mountSpec('payables')} view="show" payableId="e1" />, { path: '/contas-a-pagar/lancamentos/e1', routable: (path) => path.startsWith('/contas-a-pagar/') });
    };

    it('lists each parcela with what was paid and its state, and opens it', async () => {
      signIn();
      const view = await showEntry([installment('i1', 1, 'paid', 50000), installment('i2', 2, 'authorized', 0)]);
      const section = (await eventually(() => view.container.querySelector<HTMLElement>('[role="region"][aria-label="Situação das parcelas"]')))!;
      expect(byText(section.parentElement!, 'h2', 'Situação das parcelas')).toBeTruthy();
      const rows = [...section.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => text(cell)));
      expect(rows).toEqual([
        ['1', '01/12/2026', 'R$ 500,00', 'R$ 500,00', 'R$ 0,00', 'Paga'],
        ['2', '02/12/2026', 'R$ 500,00', 'R$ 0,00', 'R$ 500,00', 'Autorizada'],
        // Money reads "R$ 500,00" with a no-break space.
      ].map((row) => row.map((cell) => cell.replace('R$ ', 'R$\u00a0'))));
      // Its parcelas by the lançamento, in their order.
      const request = calls.find((call) => call.path === 'payable-installments')!;
      expect(request.url.searchParams.get('entryId')).toBe('e1');
      expect(request.url.searchParams.get('sort')).toBe('number');
      const link = byText(section, 'a', '2')!;
      expect(link.getAttribute('href')).toBe('/contas-a-pagar/parcelamentos/i2');
      await click(link);
      expect(view.navigations).toContain('/contas-a-pagar/parcelamentos/i2');
      view.unmount();
    });

    it('reads the parcelas again when the lançamento changes on the page (its cancel cancels them)', async () => {
      signIn();
      let changeRecord: (record: typeof entry) => void = () => undefined;
      function Page() {
        const [record, setRecord] = useState(entry);
        changeRecord = setRecord;
        return <BornRecords born={payables.bornRecords![0]} record={record} />;
      }
      stubApi(() => pageResponse([installment('i1', 1, 'queued', 0)]));
      const view = await mount(() => <Page />, { path: '/contas-a-pagar/lancamentos/e1', routable: () => true });
      await eventually(() => (calls.length ? true : null));
      expect(calls.filter((call) => call.path === 'payable-installments')).toHaveLength(1);
      await act(async () => changeRecord({ ...entry, version: Number(entry.version) + 1, status: 'cancelled' }));
      await eventually(() => (calls.length > 1 ? true : null));
      expect(calls.filter((call) => call.path === 'payable-installments')).toHaveLength(2);
      view.unmount();
    });

    it('shows nothing while the lançamento has no parcela records (waiting for approval)', async () => {
      signIn();
      const view = await showEntry([]);
      await eventually(() => calls.some((call) => call.path === 'payable-installments') || null);
      await eventually(() => (byText(view.container, 'h2', 'Histórico') ? true : null));
      expect(text(view.container)).not.toContain('Situação das parcelas');
      view.unmount();
    });
  });
});
