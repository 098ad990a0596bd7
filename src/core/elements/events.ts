import type { LoggedUser } from '../../contracts/identity';

/** Every event a Retaguarda element fires: bubbles and crosses shadow roots (`composed`). */
export interface RetaguardaEvents {
  'bo-navigate': { path: string };
  'bo-session-change': { signedIn: boolean; user: LoggedUser | null };
  'bo-notice': { id: string; type: string; message: string };
  'bo-order-created': { id: string; number: number | null; title: string };
  'bo-order-submitted': { id: string; number: number | null; status: string };
  /** The signed-in user may not open the tag's module: the tag shows nothing (or its `forbidden` slot). */
  'bo-forbidden': { resources: string[] };
}

export type RetaguardaEventName = keyof RetaguardaEvents;

export function emit<K extends RetaguardaEventName>(target: EventTarget | null | undefined, name: K, detail: RetaguardaEvents[K]): void {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'bo-navigate': CustomEvent<RetaguardaEvents['bo-navigate']>;
    'bo-session-change': CustomEvent<RetaguardaEvents['bo-session-change']>;
    'bo-notice': CustomEvent<RetaguardaEvents['bo-notice']>;
    'bo-order-created': CustomEvent<RetaguardaEvents['bo-order-created']>;
    'bo-order-submitted': CustomEvent<RetaguardaEvents['bo-order-submitted']>;
    'bo-forbidden': CustomEvent<RetaguardaEvents['bo-forbidden']>;
  }
}
