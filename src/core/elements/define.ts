import r2wc from '@r2wc/react-to-web-component';
import { Provider } from 'jotai';
import { createElement, type ComponentType } from 'react';
import { store } from '../store';
import { adoptStyles } from '../styles/sheet';

type PropType = 'string' | 'number' | 'boolean' | 'json';
export type ElementProps = Record<string, PropType>;

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

const toAttribute = (prop: string) => prop.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

interface R2wcInternals extends HTMLElement {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
}

/**
 * Defines `tag` from a React component with the conventions every Retaguarda element shares:
 * rendered inside the page's one shared jotai store (so every tag sees the same session);
 * open shadow root adopting the shared stylesheet; skips a tag that is already defined (two
 * bundles on one page); re-applies properties set on the element before its lazy chunk
 * arrived; a bare boolean attribute means true and removing an attribute resets its prop
 * (r2wc alone does neither).
 */
export function defineElement<P extends object>(
  tag: string,
  component: ComponentType<P>,
  props: ElementProps = {},
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const inSharedStore = (elementProps: P) => createElement(Provider, { store }, createElement(component, elementProps));
  const Base = r2wc(inSharedStore, { shadow: 'open', props: props as never }) as unknown as {
    new (): R2wcInternals;
    prototype: R2wcInternals;
  };
  const byAttribute = new Map(Object.keys(props).map((prop) => [toAttribute(prop), prop]));

  class RetaguardaElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot);
      for (const [attribute, prop] of byAttribute) {
        if (props[prop] === 'boolean' && this.getAttribute(attribute) === '') this[PROPS][prop] = true;
      }
    }

    connectedCallback() {
      for (const prop of Object.keys(props)) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this);
    }

    attributeChangedCallback(attribute: string, previous: string | null, value: string | null) {
      const prop = byAttribute.get(attribute);
      if (prop && (value === null || (value === '' && props[prop] === 'boolean'))) {
        this[PROPS][prop] = value === null ? undefined : true;
        this[RENDER]();
        return;
      }
      (Base.prototype as unknown as { attributeChangedCallback(a: string, p: string | null, v: string | null): void })
        .attributeChangedCallback.call(this, attribute, previous, value);
    }
  }

  customElements.define(tag, RetaguardaElement);
  return RetaguardaElement;
}
