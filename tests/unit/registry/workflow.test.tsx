import { visuallyHidden } from '../../../src/core/styles/base.css';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../src/contracts/approvals';
import * as z from 'zod/mini';
import { orders } from '../../../src/contracts/resources/orders';
import { payableInstallments, receivableInstallments } from '../../../src/contracts/resources/installments';
import { checkInput } from '../../../src/core/resources/values';
import { FieldValue } from '../../../src/core/ui/fields/FieldValue';
import { forgetAllDrafts } from '../../../src/core/formDraftStore';
import { RecordForm } from '../../../src/core/ui/RecordForm';
import { WorkflowActions } from '../../../src/core/ui/WorkflowActions';
import { BulkDecision, InboxTable } from '../../../src/modules/approvals/InboxPage';
import { byText, calls, click, flush, json, mount, resetApi, signIn, stubApi, text, type } from './harness';
import { sampleRecord } from './samples';

beforeEach(() => signIn());
afterEach(() => resetApi());

const order = (overrides: Record<string, unknown> = {}) =>
  sampleRecord(orders, {
    id: 'o1',
    version: 4,
    status: 'draft',
    lines: [
      { id: 'line-a', productId: null, description: 'Caneta', quantity: 2, unit: 'UN', unitPrice: 150, neededBy: null },
      { id: 'line-b', productId: null, description: 'Papel', quantity: 1, unit: 'PCT', unitPrice: 2590, neededBy: null },
    ],
    ...overrides,
  });

describe('workflow state badge', () => {
  it('shows the state label in its tone', async () => {
    const view = await mount(() => <FieldValue resource={orders} field="status" def={orders.fields.status} value="rejected" />);
    const badge = view.container.querySelector('[data-tone]')!;
    expect(text(badge)).toBe('Reprovado');
    expect(badge.getAttribute('data-tone')).toBe('danger');
    view.unmount();
  });

  it('counts a list in a cell as "1 item" and "2 itens"', async () => {
    for (const [lines, said] of [[1, '1 item'], [2, '2 itens']] as const) {
      const view = await mount(() => <FieldValue resource={orders} field="lines" def={orders.fields.lines} value={Array.from({ length: lines }, () => ({}))} compact />);
      expect(text(view.container)).toBe(said);
      view.unmount();
    }
  });
});

describe('workflow actions bar', () => {
  it('offers exactly the transitions of _actions (never a system one) and sends If-Match with the input', async () => {
    stubApi((call) => json({ ...order({ status: 'cancelled', version: 5 }), _actions: [] }));
    let changed: unknown = null;
    const record = order({ _actions: ['submit', 'cancel', 'approve'] });
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={record} onChange={(r) => (changed = r)} onReload={() => undefined} />);
    const buttons = [...view.container.querySelectorAll('[data-transition]')].map((b) => b.getAttribute('data-transition'));
    expect(buttons).toEqual(['submit', 'cancel']);
    await click(byText(view.container, 'button', 'Cancelar pedido'));
    expect(text(document.body)).toContain('Cancelar este pedido?');
    // The reason is required before anything is sent.
    const submit = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button[type="submit"]')][0];
    await click(submit);
    expect(calls).toHaveLength(0);
    await type(document.querySelector('[role="dialog"] textarea'), 'Comprado por outro setor');
    await click(submit);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].path).toBe('orders/o1/actions/cancel');
    expect(calls[0].headers.get('if-match')).toBe('"4"');
    expect(calls[0].body).toEqual({ reason: 'Comprado por outro setor' });
    expect((changed as { status: string }).status).toBe('cancelled');
    view.unmount();
  });

  it('clears a field error once its value is edited', async () => {
    stubApi(() => json({ ...order({ status: 'cancelled', version: 5 }), _actions: [] }));
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={order({ _actions: ['cancel'] })} onChange={() => undefined} onReload={() => undefined} />);
    await click(byText(view.container, 'button', 'Cancelar pedido'));
    await click(document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]'));
    const reason = () => document.querySelector('[role="dialog"] textarea')!;
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(reason().getAttribute('aria-describedby')!.split(' ')[0]);
    expect(text(message!)).not.toBe('');
    await type(reason(), 'Comprado por outro setor');
    expect(reason().hasAttribute('aria-invalid')).toBe(false);
    expect(calls).toHaveLength(0);
    view.unmount();
  });

  it('shows the server message of a 409 in the dialog', async () => {
    stubApi(() => json({ message: 'Não é possível enviar um pedido cancelado.' }, { status: 409 }));
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={order({ _actions: ['submit'] })} onChange={() => undefined} onReload={() => undefined} />);
    await click(byText(view.container, 'button', 'Enviar para aprovação'));
    expect(text(document.querySelector('[role="dialog"]')!)).toContain('Não é possível enviar um pedido cancelado.');
    view.unmount();
  });

  it('names what the record lacks when the server refuses a transition on its fields (400): the field and the line, not only "invalid"', async () => {
    stubApi(() => json({ message: 'Os dados enviados são inválidos.', errors: { costCenterId: ['Escolha o centro de custos.'], 'lines.1.unitPrice': ['Informe o valor.'] } }, { status: 400 }));
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={order({ _actions: ['submit'] })} onChange={() => undefined} onReload={() => undefined} />);
    await click(byText(view.container, 'button', 'Enviar para aprovação'));
    const dialog = text(document.querySelector('[role="dialog"]')!);
    expect(dialog).toContain('Os dados enviados são inválidos.');
    expect(dialog).toContain('Centro de custos: Escolha o centro de custos.');
    expect(dialog).toContain('Itens › Item 2 › Preço unitário estimado: Informe o valor.');
    view.unmount();
  });

  it('keeps Tab and Shift+Tab inside the dialog: the page behind the backdrop is never reached', async () => {
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={order({ status: 'submitted', _actions: ['cancel'] })} onChange={() => undefined} onReload={() => undefined} />);
    await click(byText(view.container, 'button', 'Cancelar pedido'));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    const controls = [...dialog.querySelectorAll<HTMLElement>('button, textarea, input')];
    const [first, last] = [controls[0], controls[controls.length - 1]];
    const tab = (from: HTMLElement, shiftKey = false) => {
      from.focus();
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      from.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(tab(last)).toBe(true);
    expect(document.activeElement).toBe(first);
    expect(tab(first, true)).toBe(true);
    expect(document.activeElement).toBe(last);
    // In between, the browser moves focus itself.
    expect(tab(controls[1])).toBe(false);
    view.unmount();
  });

  it('renders nothing when the record offers no transition', async () => {
    const view = await mount(() => <WorkflowActions resource={orders} params={{}} record={order({ _actions: [] })} onChange={() => undefined} onReload={() => undefined} />);
    expect(view.container.querySelector('[data-transition]')).toBeNull();
    view.unmount();
  });
});

describe('an estorno dialog (a parcela\'s "Estornar baixa" / "Estornar recebimento")', () => {
  const baixa = (id: string, reversed = false) => ({ id, paidOn: '2025-06-10', amount: 10000, interest: 0, fine: 0, discount: 0, paidTotal: 10000, bankAccountId: 'acc-1', note: null, reversed, reversalReason: reversed ? 'Duplicada' : null });
  const parcela = (resource: typeof payableInstallments | typeof receivableInstallments, settlements: unknown[]) =>
    sampleRecord(resource, { id: 'p1', version: 3, status: resource === payableInstallments ? 'paid' : 'received', paidAmount: 10000, settlements, _actions: ['reverse'] });
  const dialog = () => document.querySelector('[role="dialog"]')!;
  const submit = () => click(dialog().querySelector('button[type="submit"]'));
  const posts = () => calls.filter((call) => call.method === 'POST');

  for (const [resource, action] of [[payableInstallments, 'Estornar baixa'], [receivableInstallments, 'Estornar recebimento']] as const) {
    it(`${action}: no baixa chosen says so in pt-BR under the select (never "Invalid input"), and sends nothing`, async () => {
      stubApi(() => json({}));
      const view = await mount(() => <WorkflowActions resource={resource} params={{}} record={parcela(resource, [baixa('s1'), baixa('s2')])} onChange={() => undefined} onReload={() => undefined} />);
      await click(byText(view.container, 'button', action));
      const select = dialog().querySelector('select')!;
      expect(select.value).toBe('');
      await type(dialog().querySelector('textarea'), 'Lançada em duplicidade');
      await submit();
      expect(posts()).toHaveLength(0);
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(text(document.getElementById(select.getAttribute('aria-describedby')!)!)).toBe('Escolha a baixa a estornar.');
      expect(text(dialog())).not.toMatch(/Invalid|input/);
      view.unmount();
    });
  }

  it('chooses the only baixa that may be reversed already, and sends it', async () => {
    stubApi(() => json({ ...parcela(payableInstallments, []), status: 'authorized', _actions: [] }));
    const view = await mount(() => <WorkflowActions resource={payableInstallments} params={{}} record={parcela(payableInstallments, [baixa('s1', true), baixa('s2')])} onChange={() => undefined} onReload={() => undefined} />);
    await click(byText(view.container, 'button', 'Estornar baixa'));
    expect(dialog().querySelector('select')!.value).toBe('s2');
    await type(dialog().querySelector('textarea'), 'Lançada em duplicidade');
    await submit();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].path).toBe('payable-installments/p1/actions/reverse');
    expect(posts()[0].body).toEqual({ settlementId: 's2', reason: 'Lançada em duplicidade' });
    view.unmount();
  });

  it('any transition input left empty says a pt-BR message: its schema\'s own, else the catalogue\'s', () => {
    const schema = z.strictObject({
      account: z.string().check(z.minLength(1, 'Escolha a conta financeira.')),
      kind: z.enum(['a', 'b']),
      day: z.string(),
      note: z.optional(z.string()),
    });
    const checked = checkInput(schema, { kind: 'c' });
    expect(checked.success).toBe(false);
    const errors = checked.success ? {} : checked.errors;
    expect(errors).toEqual({ account: ['Escolha a conta financeira.'], kind: ['Escolha uma das opções.'], day: ['Preencha este campo.'] });
    expect(checkInput(schema, { account: 'x', kind: 'a', day: '2025-01-01' })).toEqual({ success: true, data: { account: 'x', kind: 'a', day: '2025-01-01' } });
  });
});

describe('keyed line items', () => {
  it('keep their ids when saved, show the add label and the live total', async () => {
    stubApi((call) => json({ ...order(), ...(call.body as object), version: 5 }));
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    expect(text(view.container.querySelector('[data-total="total"]')!)).toMatch(/R\$\s28,90/);
    expect(byText(view.container, 'button', 'Adicionar item')).toBeTruthy();
    const quantity = view.container.querySelector<HTMLInputElement>('[data-field="lines.0.quantity"] input')!;
    await type(quantity, '4');
    expect(text(view.container.querySelector('[data-total="total"]')!)).toMatch(/R\$\s31,90/);
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers.get('if-match')).toBe('"4"');
    const lines = (put.body as { lines: { id?: string; quantity: number }[] }).lines;
    expect(lines.map((l) => l.id)).toEqual(['line-a', 'line-b']);
    expect(lines[0].quantity).toBe(4);
    view.unmount();
  });

  it("mark each line's required fields as the form marks its own: price and description, not product or date", async () => {
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    const marked = (field: string) => Boolean(view.container.querySelector(`[data-field="lines.0.${field}"] [aria-hidden="true"]`)?.textContent?.includes('*'));
    expect(['description', 'quantity', 'unitPrice'].filter(marked)).toEqual(['description', 'quantity', 'unitPrice']);
    expect(['productId', 'neededBy'].filter(marked)).toEqual([]);
    view.unmount();
  });

  it('say the section\'s title once: the list under "Itens" keeps its name for screen readers only', async () => {
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    const listLabel = view.container.querySelector('[data-field="lines"] > span[id$="-label"]')!;
    expect(text(listLabel)).toContain('Itens');
    expect(listLabel.className).toBe(visuallyHidden);
    expect(view.container.querySelector('[data-field="lines"] [role="group"]')!.getAttribute('aria-label')).toBe('Itens');
    view.unmount();
  });

  it("name a line's field in the error summary: which item, which field", async () => {
    stubApi(() => json(order()));
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    const price = view.container.querySelector<HTMLInputElement>('[data-field="lines.1.unitPrice"] input')!;
    await type(price, '');
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    expect(text(view.container.querySelector('[role="alert"], .alert') ?? view.container)).toContain('Itens › Item 2 › Preço unitário estimado: Informe o valor.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    view.unmount();
    // The form kept what was typed as this tab's draft: not the next test's.
    forgetAllDrafts();
  });

  it('shows a per-line server error under that line', async () => {
    stubApi(() => json({ message: 'Verifique os campos.', errors: { 'lines.1.quantity': ['A quantidade deve ser maior que zero.'] } }, { status: 400 }));
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    const field = view.container.querySelector('[data-field="lines.1.quantity"]')!;
    expect(text(field)).toContain('A quantidade deve ser maior que zero.');
    expect(text(view.container.querySelector('[data-field="lines.0.quantity"]')!)).not.toContain('maior que zero');
    view.unmount();
  });
});

describe('approval inbox bulk selection', () => {
  const item = (id: string, title: string): InboxItem => ({ id, resource: 'orders', recordId: `r-${id}`, title, amount: 12345, queueName: 'Aprovação de pedidos', stageId: `s-${id}`, stageName: 'Gestor da área', approvals: 0, minApprovals: 1, requester: { id: 'u1', label: 'Sérgio' }, waitingSince: '2025-06-01T12:00:00.000Z', onBehalfOf: null });
  const items = [item('f1', 'Pedido A'), item('f2', 'Pedido B')];

  it('selects rows and rejects them with one required reason, reporting failures', async () => {
    stubApi(() => json({ done: ['f1'], failed: [{ id: 'f2', message: 'Esta aprovação já foi concluída.' }] }));
    let selected = new Set<string>();
    let result: unknown = null;
    const view = await mount(() => (
      <>
        <InboxTable items={items} selected={selected} onSelect={(next) => (selected = next)} />
      </>
    ));
    await click(view.container.querySelector('input[aria-label="Selecionar todos desta página"]'));
    expect([...selected]).toEqual(['f1', 'f2']);
    view.unmount();

    const bar = await mount(() => <BulkDecision items={items} selected={selected} onDone={(r) => (result = r)} />);
    expect(text(bar.container)).toContain('2 selecionados');
    await click(byText(bar.container, 'button', 'Reprovar'));
    const submit = document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]')!;
    await click(submit);
    expect(calls).toHaveLength(0);
    expect(text(document.querySelector('[role="dialog"]')!)).toContain('Informe o motivo.');
    await type(document.querySelector('[role="dialog"] textarea'), 'Fora do orçamento');
    await click(submit);
    expect(calls[0].path).toBe('bulk/reject');
    expect(calls[0].body).toEqual({ ids: ['f1', 'f2'], reason: 'Fora do orçamento' });
    expect(result).toEqual({ done: ['f1'], failed: [{ id: 'f2', message: 'Esta aprovação já foi concluída.' }] });
    bar.unmount();
  });
});

describe('an edit that voids the approval', () => {
  it('says so on the form of an approved pedido and asks before saving a changed item; "Voltar" saves nothing', async () => {
    stubApi((call) => json({ ...order({ status: 'submitted' }), ...(call.body as object), version: 5 }));
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order({ status: 'approved' }), onSaved: () => undefined }));
    expect(text(view.container)).toContain('Alterar itens, centro de custos ou departamento reinicia a aprovação: ao salvar, o pedido volta para a fila de aprovação desde a primeira etapa.');
    await type(view.container.querySelector<HTMLInputElement>('[data-field="lines.0.quantity"] input')!, '4');
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const dialog = view.container.querySelector('[role="dialog"], [role="alertdialog"]')!;
    expect(text(dialog)).toContain('Enviar de novo para aprovação?');
    expect(text(dialog)).toContain('Você alterou itens. Ao salvar, o pedido perde as aprovações já dadas e volta para a fila de aprovação desde a primeira etapa.');
    await click(byText(dialog, 'button', 'Voltar'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    await click(byText(view.container.querySelector('[role="dialog"], [role="alertdialog"]')!, 'button', 'Salvar e reenviar'));
    await flush();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    view.unmount();
  });

  it('saves a change outside the watched fields (the title) without asking; a draft says nothing', async () => {
    stubApi((call) => json({ ...order({ status: 'approved' }), ...(call.body as object), version: 5 }));
    const view = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order({ status: 'approved' }), onSaved: () => undefined }));
    await type(view.container.querySelector<HTMLInputElement>('[data-field="title"] input')!, 'Outro título');
    await click(byText(view.container, 'button', 'Salvar'));
    await flush();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    view.unmount();
    const draft = await mount(() => createElement(RecordForm, { resource: orders, params: {}, record: order(), onSaved: () => undefined }));
    expect(text(draft.container)).not.toContain('reinicia a aprovação');
    draft.unmount();
  });
});
