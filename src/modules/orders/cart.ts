/**
 * The catalogue cart: per user, kept in localStorage under `bo.cart.<userId>` (it survives a
 * reload and is shared by every tab and element of the page), with quantities and free-text
 * items. It becomes a pedido: the "adicionar" form starts with its lines (`cartValues`).
 */
import { useAtomValue } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import { SESSION_STORAGE_PREFIX, sessionAtom } from '../../core/session';

export interface CartLine {
  /** Stable key of the line in the cart (the product id, or a generated one for free text). */
  key: string;
  productId: string | null;
  description: string;
  unit: string;
  /** Estimated unit price in centavos. */
  unitPrice: number;
  quantity: number;
}

export const cartKey = (userId: string) => `${SESSION_STORAGE_PREFIX}cart.${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; lines: CartLine[] }>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readCart(userId: string): CartLine[] {
  const key = cartKey(userId);
  const raw = storage()?.getItem(key) ?? null;
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.lines;
  let lines: CartLine[] = [];
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(parsed)) lines = parsed.filter((l): l is CartLine => l && typeof l === 'object' && typeof l.key === 'string' && typeof l.quantity === 'number');
  } catch {
    lines = [];
  }
  cache.set(key, { raw, lines });
  return lines;
}

export function writeCart(userId: string, lines: CartLine[]): void {
  const store = storage();
  if (!store) return;
  if (lines.length) store.setItem(cartKey(userId), JSON.stringify(lines));
  else store.removeItem(cartKey(userId));
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(`${SESSION_STORAGE_PREFIX}cart.`)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Adds `quantity` of a line (same key: quantities add up). */
export function addToCart(lines: CartLine[], line: CartLine): CartLine[] {
  const found = lines.find((l) => l.key === line.key);
  return found ? lines.map((l) => (l.key === line.key ? { ...l, quantity: l.quantity + line.quantity } : l)) : [...lines, line];
}

export function useCart() {
  const { loggedUser } = useAtomValue(sessionAtom);
  const userId = loggedUser?.id ?? 'anonymous';
  const lines = useSyncExternalStore(subscribe, () => readCart(userId), () => []);
  const set = useCallback((next: CartLine[]) => writeCart(userId, next), [userId]);
  return {
    lines,
    set,
    add: (line: CartLine) => writeCart(userId, addToCart(readCart(userId), line)),
    clear: () => writeCart(userId, []),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The pedido form's starting values from the cart's lines. */
export function cartValues(lines: readonly CartLine[]): Record<string, unknown> {
  return {
    lines: lines.map((line) => ({ productId: line.productId, description: line.description, quantity: line.quantity, unit: line.unit, unitPrice: line.unitPrice, neededBy: null })),
    // The product selects show the products' names, as they do for a saved pedido.
    _refs: Object.fromEntries(lines.flatMap((line, index) => (line.productId ? [[`lines.${index}.productId`, [{ id: line.productId, label: line.description }]]] : []))),
  };
}
