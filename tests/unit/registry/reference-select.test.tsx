import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../../src/contracts/resources';
import { CATALOGUE } from '../../../src/core/catalogue';
import ReferenceSelect from '../../../src/core/ui/ReferenceSelect';
import { act } from 'react';
import { calls, flush, key, mount, pageResponse, resetApi, signIn, stubApi, type } from './harness';

const people = Array.from({ length: 25 }, (_, i) => ({ id: `u${i + 1}`, version: 1, name: `Pessoa ${String(i + 1).padStart(2, '0')}` }));

/** Serves `people` filtered by `q`, `perPage` per page, with Link headers. */
function serve(list = people) {
  stubApi((call) => {
    const q = (call.url.searchParams.get('q') ?? '').toLowerCase();
    const page = Number(call.url.searchParams.get('page'));
    const perPage = Number(call.url.searchParams.get('perPage'));
    const found = list.filter((p) => p.name.toLowerCase().includes(q));
    const last = Math.max(1, Math.ceil(found.length / perPage));
    return pageResponse(found.slice((page - 1) * perPage, page * perPage), { page, last, total: found.length });
  });
}

async function open(props: Partial<Parameters<typeof ReferenceSelect>[0]> = {}, shadow = true) {
  const onChange = vi.fn();
  const view = await mount(() => <ReferenceSelect label="Membros" target={users} params={{}} value={[]} onChange={onChange} {...props} />, { shadow });
  const input = view.container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  input.focus();
  await flush();
  return { view, input, onChange, root: view.container.getRootNode() as ShadowRoot | Document };
}

beforeEach(() => signIn());
afterEach(() => resetApi());

describe('ReferenceSelect', () => {
  it('opens on focus with no minimum characters and loads 10 options per step, inside the shadow root', async () => {
    serve();
    const { view, input, root } = await open();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = root.querySelector('[role="listbox"]')!;
    expect(listbox).not.toBeNull();
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(listbox.querySelectorAll('[role="option"]')).toHaveLength(10);
    expect(calls[0].url.searchParams.get('perPage')).toBe('10');
    expect(calls[0].url.searchParams.get('sort')).toBe('name');
    expect(calls[0].url.searchParams.has('q')).toBe(false);
    // infinite scroll: scrolling to the end asks for the next 10
    const scroller = listbox.parentElement!;
    Object.defineProperty(scroller, 'scrollHeight', { value: 400, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 200, configurable: true });
    scroller.scrollTop = 200;
    scroller.dispatchEvent(new Event('scroll', { bubbles: true }));
    await flush();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(listbox.querySelectorAll('[role="option"]')).toHaveLength(20);
    view.unmount();
  });

  it("a form's choice offers active records only where they can be inactivated (isActive=true); a filter's offers them all", async () => {
    serve();
    const chosen = await open({ target: CATALOGUE.users, activeOnly: true });
    expect(calls.at(-1)!.url.searchParams.get('isActive')).toBe('true');
    chosen.view.unmount();
    const filter = await open({ target: CATALOGUE.users });
    expect(calls.at(-1)!.url.searchParams.has('isActive')).toBe(false);
    filter.view.unmount();
    // A resource whose records are never inactive: nothing to ask.
    const orders = await open({ target: CATALOGUE.purchaseOrders, activeOnly: true });
    expect(calls.at(-1)!.url.searchParams.has('isActive')).toBe(false);
    orders.view.unmount();
  });

  it('searches on every keystroke without delay', async () => {
    serve();
    const { view, input, root } = await open();
    await type(input, '2');
    expect(calls.at(-1)!.url.searchParams.get('q')).toBe('2');
    const options = [...root.querySelectorAll('[role="option"]')].map((o) => o.textContent);
    expect(options).toEqual(['Pessoa 02', 'Pessoa 12', 'Pessoa 20', 'Pessoa 21', 'Pessoa 22', 'Pessoa 23', 'Pessoa 24', 'Pessoa 25']);
    view.unmount();
  });

  it('says "Não há resultados." when nothing matches', async () => {
    serve();
    const { view, input, root } = await open();
    await type(input, 'ninguém');
    expect(root.querySelectorAll('[role="option"]')).toHaveLength(0);
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Não há resultados.');
    view.unmount();
  });

  it('says "Os resultados foram selecionados." when every option is chosen (no selection limit)', async () => {
    serve(people.slice(0, 3));
    const { view, root } = await open({ multiple: true, value: ['u1', 'u2', 'u3'], known: people.slice(0, 3).map((p) => ({ id: p.id, label: p.name })) });
    expect(root.querySelectorAll('[role="option"]')).toHaveLength(0);
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Os resultados foram selecionados.');
    expect(root.querySelectorAll('li button[aria-label^="Remover"]')).toHaveLength(3);
    view.unmount();
  });

  it('is driven by the keyboard: arrows move the active option, Enter chooses, Escape closes', async () => {
    serve();
    const { view, input, onChange, root } = await open({ multiple: true });
    await key(input, 'ArrowDown');
    const first = input.getAttribute('aria-activedescendant');
    expect(first).toBeTruthy();
    expect(root.getElementById?.(first!)?.textContent ?? (root as Document).querySelector(`[id="${first}"]`)?.textContent).toBe('Pessoa 01');
    await key(input, 'ArrowDown');
    const second = input.getAttribute('aria-activedescendant')!;
    expect(second).not.toBe(first);
    expect((root as ParentNode).querySelector(`[id="${second}"]`)!.getAttribute('aria-selected')).toBe('false');
    await key(input, 'Enter');
    expect(onChange).toHaveBeenLastCalledWith(['u2'], [{ id: 'u2', label: 'Pessoa 02' }]);
    await key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    view.unmount();
  });

  it('single reference shows the chosen label and closes after choosing', async () => {
    serve();
    const { view, input, onChange, root } = await open({ known: [{ id: 'u3', label: 'Pessoa 03' }], value: ['u3'] });
    expect(root.querySelector('[role="option"][aria-selected="true"]')?.textContent).toBe('Pessoa 03');
    (root.querySelectorAll('[role="option"]')[0] as HTMLElement).click();
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(['u1'], [{ id: 'u1', label: 'Pessoa 01' }]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    view.unmount();
  });

  it('closes when focus leaves for another field (Tab): never two lists open at once', async () => {
    serve();
    const onChange = vi.fn();
    const view = await mount(
      () => (
        <>
          <ReferenceSelect label="Centro de custos" target={users} params={{}} value={[]} onChange={onChange} />
          <ReferenceSelect label="Departamento" target={users} params={{}} value={[]} onChange={onChange} />
          <button type="button" id="salvar">Salvar</button>
        </>
      ),
      { shadow: true },
    );
    const root = view.container.getRootNode() as ShadowRoot;
    const [first, second] = [...root.querySelectorAll<HTMLInputElement>('input[role="combobox"]')];
    const listboxes = () => [...root.querySelectorAll('[role="listbox"]')].map((l) => l.getAttribute('aria-label'));
    await act(async () => first.focus());
    await flush();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(listboxes()).toEqual(['Centro de custos']);
    await act(async () => second.focus());
    await flush();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(listboxes()).toEqual(['Departamento']);
    await act(async () => root.querySelector<HTMLButtonElement>('#salvar')!.focus());
    await flush();
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(listboxes()).toEqual([]);
    // focus leaving the shadow root altogether (the sidebar) closes it too
    await act(async () => first.focus());
    await flush();
    expect(listboxes()).toEqual(['Centro de custos']);
    const outside = document.body.appendChild(document.createElement('button'));
    await act(async () => outside.focus());
    await flush();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(listboxes()).toEqual([]);
    outside.remove();
    view.unmount();
  });

  it('stays open while focus moves into its own list, and a mouse choice still lands', async () => {
    serve();
    const { view, input, onChange, root } = await open();
    const loadMore = root.querySelector<HTMLButtonElement>('[role="listbox"] ~ button')!;
    expect(loadMore).not.toBeNull();
    await act(async () => loadMore.focus());
    await flush();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const option = root.querySelectorAll<HTMLElement>('[role="option"]')[1];
    await act(async () => {
      option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, composed: true }));
      option.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true, composed: true }));
      option.click();
    });
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(['u2'], [{ id: 'u2', label: 'Pessoa 02' }]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    view.unmount();
  });

  it('closes when focus leaves its own list for elsewhere; a press in the list keeps the focus on the field', async () => {
    serve();
    const { view, input, root } = await open();
    const popup = root.querySelector('[role="listbox"]')!.parentElement!;
    expect(popup.tabIndex).toBe(-1);
    const press = new MouseEvent('mousedown', { bubbles: true, cancelable: true, composed: true });
    popup.querySelector('[role="status"]')!.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    await act(async () => popup.querySelector<HTMLButtonElement>('button')!.focus());
    await flush();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const outside = document.body.appendChild(document.createElement('button'));
    await act(async () => outside.focus());
    await flush();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('[role="listbox"]')).toBeNull();
    outside.remove();
    view.unmount();
  });

  it('Escape closes the open list and focus stays on the field', async () => {
    serve();
    const { view, input, root } = await open();
    expect(root.querySelector('[role="listbox"]')).not.toBeNull();
    await key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('[role="listbox"]')).toBeNull();
    expect((root as ShadowRoot).activeElement).toBe(input);
    view.unmount();
  });
});
