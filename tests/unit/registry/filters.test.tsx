/**
 * The list's filters (src/core/ui/Filters.tsx): both ends of a range are applied whatever the
 * timing (the URL, hence `values`, may lag behind the changes already sent), and a value that
 * cannot be read or a range that ends before it starts is refused with a message by the field.
 */
import { act, createElement, useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payableInstallments, users } from '../../../src/contracts/resources';
import { NavigationContext, type Navigation } from '../../../src/core/navigation';
import { Filters } from '../../../src/core/ui/Filters';
import type { ListState } from '../../../src/core/resources/query';
import ListPage from '../../../src/modules/registry/ListPage';
import type { RegistrySpec } from '../../../src/modules/registry/spec';
import { byText, flush, mount, pageResponse, resetApi, signIn, stubApi, text } from './harness';
import { sampleRecord } from './samples';

type Values = ListState['filters'];

beforeEach(() => signIn());
afterEach(() => resetApi());

/** The filters over `values` that only move when the test says (the URL catching up late). */
async function lagging(initial: Values) {
  const sent: Values[] = [];
  let show: (values: Values) => void = () => undefined;
  function Host() {
    const [values, setValues] = useState(initial);
    show = setValues;
    return <Filters resource={payableInstallments} params={{}} values={values} onChange={(next) => sent.push(next)} />;
  }
  const view = await mount(() => createElement(Host));
  const details = view.container.querySelector('details')!;
  if (!details.open) {
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await flush();
  }
  return { view, sent, catchUp: async (values: Values) => { await act(async () => show(values)); await flush(); } };
}

const input = (root: ParentNode, label: string | RegExp) => byText(root, 'label', label)!.parentElement!.querySelector('input')!;

/** Types like a user (no flush): the value React sees, then an input event. */
function typeNow(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
const leave = (el: HTMLInputElement) => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));

async function fill(el: HTMLInputElement, value: string) {
  await act(async () => typeNow(el, value));
  await act(async () => leave(el));
  await flush();
}

const messageOf = (el: HTMLInputElement) => {
  const ids = el.getAttribute('aria-describedby');
  return ids ? ids.split(' ').map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ') : '';
};

describe('Filters: both ends of a range, whatever the timing', () => {
  it('keeps "de" when "até" is applied before the URL caught up', async () => {
    const { view, sent } = await lagging({});
    await fill(input(view.container, /^Valor.* — de$/), '1000');
    await fill(input(view.container, /^Valor.* — até$/), '5000');
    expect(sent.at(-1)).toEqual({ 'amount.from': ['100000'], 'amount.to': ['500000'] });

    await fill(input(view.container, 'Vencimento — de'), '01012026');
    await fill(input(view.container, 'Vencimento — até'), '31122026');
    expect(sent.at(-1)).toEqual({ 'amount.from': ['100000'], 'amount.to': ['500000'], 'dueDate.from': ['2026-01-01'], 'dueDate.to': ['2026-12-31'] });
    view.unmount();
  });

  it('keeps both ends changed in the same tick', async () => {
    const { view, sent } = await lagging({});
    const from = input(view.container, 'Vencimento — de');
    const to = input(view.container, 'Vencimento — até');
    await act(async () => {
      typeNow(from, '01012026');
      leave(from);
      typeNow(to, '31122026');
      leave(to);
    });
    await flush();
    expect(sent.at(-1)).toEqual({ 'dueDate.from': ['2026-01-01'], 'dueDate.to': ['2026-12-31'] });
    view.unmount();
  });

  it('builds on the changes still on their way, and on the URL once it moves elsewhere', async () => {
    const { view, sent, catchUp } = await lagging({});
    await fill(input(view.container, /^Valor.* — de$/), '1000');
    await fill(input(view.container, /^Valor.* — até$/), '5000');
    // The URL shows the first change only (the second is still on its way).
    await catchUp(sent[0]);
    await fill(input(view.container, 'Vencimento — de'), '01012026');
    expect(sent.at(-1)).toEqual({ 'amount.from': ['100000'], 'amount.to': ['500000'], 'dueDate.from': ['2026-01-01'] });
    // Elsewhere (filters cleared, a saved filter, the back button): the URL is the truth again.
    await catchUp({ 'amount.to': ['700000'] });
    await fill(input(view.container, 'Vencimento — até'), '31122026');
    expect(sent.at(-1)).toEqual({ 'amount.to': ['700000'], 'dueDate.to': ['2026-12-31'] });
    view.unmount();
  });

  it('applies both ends through the list page while its address is still on the way', async () => {
    // Like the portal's router: the screen sees a new address only once that page is ready.
    const spec: RegistrySpec = { resource: 'users', base: '/usuarios', idParam: 'userId', title: 'Usuários' };
    stubApi(() => pageResponse([sampleRecord(users, { id: 'u1', name: 'Pessoa 1' })]));
    const asked: string[] = [];
    let arrive: () => void = () => undefined;
    function LateRouter() {
      const [location, setLocation] = useState(() => new URL('/usuarios', 'http://localhost'));
      arrive = () => setLocation(new URL(asked.at(-1)!, 'http://localhost'));
      const navigation = useMemo<Navigation>(() => ({ go: (to) => void asked.push(to), pathname: location.pathname, search: location.search, hash: '', params: {} }), [location]);
      return <NavigationContext.Provider value={navigation}><ListPage spec={spec} view="list" /></NavigationContext.Provider>;
    }
    const view = await mount(() => createElement(LateRouter));
    const details = view.container.querySelector('details')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await flush();
    await fill(input(view.container, /— de$/), '01022025');
    await fill(input(view.container, /— até$/), '28022025');
    expect(asked.at(-1)).toBe('/usuarios?createdAt.from=2025-02-01&createdAt.to=2025-02-28');
    await act(async () => arrive());
    await flush();
    expect(text(view.container)).toContain('Filtros (2)');
    view.unmount();
  });
});

describe('Filters: values that cannot be applied', () => {
  it('says an unreadable amount or date is invalid, and does not apply it', async () => {
    const { view, sent } = await lagging({});
    const amount = input(view.container, /^Valor.* — de$/);
    await fill(amount, 'abc');
    expect(sent).toEqual([]);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('Valor inválido.');
    expect(amount.value).toBe('abc');

    const due = input(view.container, 'Vencimento — de');
    await fill(due, '31022026');
    expect(due.value).toBe('31/02/2026');
    expect(sent).toEqual([]);
    expect(messageOf(due)).toBe('Data inválida.');
    expect(text(view.container)).toContain('Data inválida.');

    // Corrected: the message goes and the value applies.
    await fill(amount, '1000');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(amount)).toBe('');
    expect(text(view.container)).not.toContain('Valor inválido.');
    expect(sent.at(-1)).toEqual({ 'amount.from': ['100000'] });
    view.unmount();
  });

  it('says when a range starts after it ends, and does not apply that end', async () => {
    const { view, sent } = await lagging({});
    await fill(input(view.container, 'Vencimento — de'), '01012027');
    expect(sent.at(-1)).toEqual({ 'dueDate.from': ['2027-01-01'] });
    // Before the URL caught up, too.
    const to = input(view.container, 'Vencimento — até');
    await fill(to, '01122026');
    expect(sent).toHaveLength(1);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(to)).toBe('O início é depois do fim.');

    const amountTo = input(view.container, /^Valor.* — até$/);
    await fill(amountTo, '100');
    const amountFrom = input(view.container, /^Valor.* — de$/);
    await fill(amountFrom, '5.000,00');
    expect(sent.at(-1)).toEqual({ 'dueDate.from': ['2027-01-01'], 'amount.to': ['10000'] });
    expect(messageOf(amountFrom)).toBe('O início é depois do fim.');
    // The same value is fine for both ends.
    await fill(amountFrom, '100');
    expect(messageOf(amountFrom)).toBe('');
    expect(sent.at(-1)).toEqual({ 'dueDate.from': ['2027-01-01'], 'amount.to': ['10000'], 'amount.from': ['10000'] });
    view.unmount();
  });

  it('explains an inverted range that came in the address', async () => {
    const { view } = await lagging({ 'dueDate.from': ['2027-01-01'], 'dueDate.to': ['2026-12-01'] });
    expect(messageOf(input(view.container, 'Vencimento — até'))).toBe('O início é depois do fim.');
    view.unmount();
  });
});
