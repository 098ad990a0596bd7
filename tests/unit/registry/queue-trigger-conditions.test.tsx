/**
 * A queue's triggers offer only the conditions its kind can compare (approvalQueues
 * APPROVAL_TRIGGER_CONDITIONS): a condition that could never match would leave the queue silently
 * unapplied. The declaration agrees with each kind's approval plug; the form hides the others and
 * sends them empty; the API refuses them (tests/api/bank-account-changes.test.ts).
 */
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filledWhileHidden } from '../../../src/contracts/resource';
import { APPROVAL_RESOURCES, APPROVAL_TRIGGER_CONDITIONS, approvalQueues } from '../../../src/contracts/resources/approvalQueues';
import { findResource } from '../../../src/contracts/resources';
import { toBody } from '../../../src/core/resources/values';
import FormPage from '../../../src/modules/registry/FormPage';
import ShowPage from '../../../src/modules/registry/ShowPage';
import { mountSpec } from '../../../src/modules/registry/resourceRoutes';
import { sampleRecord } from './samples';
import { byText, calls, click, eventually, json, mount, resetApi, signIn, stubApi } from './harness';

beforeEach(() => signIn());
afterEach(() => resetApi());

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('queue trigger conditions', () => {
  it('are what each kind’s approval plug compares (its amount and dimensions)', () => {
    for (const kind of APPROVAL_RESOURCES) {
      const plug = findResource(kind)?.workflow?.approval;
      expect(plug, kind).toBeTruthy();
      const compared = [...(plug!.amount ? ['amount'] : []), ...Object.keys(plug!.dimensions ?? {})].sort();
      expect([...APPROVAL_TRIGGER_CONDITIONS[kind]].sort(), kind).toEqual(compared);
    }
  });

  it('a condition hidden for the chosen kind is sent empty, and the API check names it', () => {
    const trigger = { minAmount: 100_00, maxAmount: null, costCenterId: 'cc1', departmentId: null, supplierId: 's1' };
    const values = { name: 'Fila', resource: 'orders', priority: 1, isActive: true, description: null, stages: [], triggers: [trigger] };
    expect(filledWhileHidden(approvalQueues, values)).toEqual({ 'triggers.0.supplierId': ['Não se aplica ao que esta fila aprova: deixe em branco.'] });
    expect(toBody(approvalQueues, values).triggers).toEqual([{ ...trigger, supplierId: null }]);
    expect(filledWhileHidden(approvalQueues, toBody(approvalQueues, values))).toEqual({});
    const bankData = { ...values, resource: 'bankAccountChanges' };
    expect(filledWhileHidden(approvalQueues, bankData)).toEqual({ triggers: ['Esta fila aprova sem gatilhos: ela vale para todos os registros.'] });
    expect(toBody(approvalQueues, bankData).triggers).toEqual([]);
  });

  it('the form shows a trigger only the conditions of the chosen kind, and no triggers for a change of bank data', async () => {
    stubApi((call) => (call.method === 'POST' ? json({ id: 'q1', version: 1 }, { status: 201 }) : json([])));
    const view = await mount(() => createElement(FormPage, { spec: { resource: 'approvalQueues', base: '/configuracoes/filas-de-aprovacao', idParam: 'approvalId', title: 'Filas de Aprovação' }, view: 'create' }), { path: '/configuracoes/filas-de-aprovacao/adicionar' });
    const kind = view.container.querySelector<HTMLSelectElement>('[data-field="resource"] select')!;
    const triggers = () => view.container.querySelector('[data-field="triggers"]');
    const labels = () => [...(triggers()?.querySelectorAll('fieldset label') ?? [])].map((label) => label.textContent?.replace(/\s*\*$/, '').trim());
    await click(byText(triggers()!, 'button', 'Adicionar gatilho'));
    expect(labels()).toEqual(['Valor a partir de', 'Valor até', 'Centro de custos', 'Departamento']);
    await choose(kind, 'payables');
    expect(labels()).toEqual(['Valor a partir de', 'Valor até', 'Fornecedor']);
    await choose(kind, 'bankAccountChanges');
    expect(triggers()).toBeNull();
    expect(view.container.textContent).not.toContain('Gatilhos');
    view.unmount();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('the page of a queue of a kind without triggers has neither a "Gatilhos" tab nor an empty "Gatilhos" section', async () => {
    for (const [kind, shown] of [['bankAccountChanges', false], ['orders', true]] as const) {
      const queue = sampleRecord(approvalQueues, { id: 'q1', name: 'Fila', resource: kind, stages: [{ id: 's1', name: 'Tesouraria', minApprovals: 1, approverUserIds: [], approverGroupIds: [] }], triggers: [], _actions: [] });
      stubApi(() => json(queue));
      const view = await mount(() => createElement(ShowPage, { spec: mountSpec('approvalQueues'), view: 'show', approvalId: 'q1' }), { path: '/configuracoes/filas-de-aprovacao/q1' });
      await eventually(() => byText(view.container, 'a', 'Etapas'));
      expect(Boolean(byText(view.container, 'a', 'Gatilhos')), kind).toBe(shown);
      expect(Boolean(byText(view.container, 'h2', 'Gatilhos')), kind).toBe(shown);
      view.unmount();
      resetApi();
    }
  });
});
