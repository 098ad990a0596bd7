import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { defineElement } from '../../../src/core/elements/define';
import { emit } from '../../../src/core/elements/events';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ label, count, open }: { label?: string; count?: number; open?: boolean }) {
  return <output>{`${label ?? '∅'}|${count ?? '∅'}|${open === true ? 'aberto' : 'fechado'}`}</output>;
}

const text = (element: Element) => element.shadowRoot?.querySelector('output')?.textContent;
const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('defineElement', () => {
  it('renders into an open shadow root from attributes', async () => {
    defineElement('bo-probe-a', Probe, { label: 'string', count: 'number', open: 'boolean' });
    const element = document.createElement('bo-probe-a');
    element.setAttribute('label', 'pedidos');
    element.setAttribute('count', '3');
    await act(async () => document.body.append(element));
    await flush();
    expect(element.shadowRoot?.mode).toBe('open');
    expect(text(element)).toBe('pedidos|3|fechado');
  });

  it('treats a bare boolean attribute as true and resets a removed attribute', async () => {
    defineElement('bo-probe-b', Probe, { label: 'string', open: 'boolean' });
    document.body.innerHTML = '<bo-probe-b label="x" open></bo-probe-b>';
    const element = document.querySelector('bo-probe-b')!;
    await flush();
    expect(text(element)).toBe('x|∅|aberto');
    await act(async () => element.removeAttribute('label'));
    await act(async () => element.removeAttribute('open'));
    await flush();
    expect(text(element)).toBe('∅|∅|fechado');
  });

  it('keeps a property set before the element was defined', async () => {
    const element = document.createElement('bo-probe-c') as HTMLElement & { label?: string };
    element.label = 'antes';
    document.body.append(element);
    await act(async () => defineElement('bo-probe-c', Probe, { label: 'string' }));
    await flush();
    expect(text(element)).toBe('antes|∅|fechado');
  });

  it('skips a tag that is already defined instead of throwing', () => {
    const first = defineElement('bo-probe-d', Probe, {});
    expect(defineElement('bo-probe-d', () => null, {})).toBe(first);
  });

  it('dispatches bo-* events that bubble out of shadow roots', () => {
    const outer = document.createElement('div');
    const host = outer.appendChild(document.createElement('span'));
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('b'));
    document.body.append(outer);
    let received: unknown;
    outer.addEventListener('bo-navigate', (event) => (received = event.detail));
    emit(inner, 'bo-navigate', { path: '/pedidos' });
    expect(received).toEqual({ path: '/pedidos' });
  });
});
