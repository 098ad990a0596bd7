/** The list's search box: typed text applies once, at once on Enter, never again 300 ms later. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { SearchBox } from '../../../src/core/ui/SearchBox';

const wait = (ms: number) => act(async () => { await new Promise((resolve) => setTimeout(resolve, ms)); });

/** Types like a person (React's value tracker sees the change). */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('SearchBox', () => {
  it('Enter applies the search once: the delayed apply no longer fires afterwards (a row opened meanwhile stays open)', async () => {
    const searches: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<SearchBox value="" onSearch={(q) => searches.push(q)} />));
    const input = container.querySelector('input')!;
    await act(async () => type(input, 'Conta e2e'));
    await act(async () => container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(searches).toEqual(['Conta e2e']);
    await wait(400);
    expect(searches).toEqual(['Conta e2e']);
    await act(async () => root.unmount());
  });

  it('typing alone applies after 300 ms', async () => {
    const searches: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<SearchBox value="" onSearch={(q) => searches.push(q)} />));
    await act(async () => type(container.querySelector('input')!, 'Papelaria'));
    expect(searches).toEqual([]);
    await wait(400);
    expect(searches).toEqual(['Papelaria']);
    await act(async () => root.unmount());
  });
});
