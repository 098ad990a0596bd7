import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigation } from '../navigation';

export interface UnsavedChanges {
  /** A navigation is waiting for the user's answer. */
  pending: boolean;
  /** Leave anyway (runs the held navigation). */
  leave: () => void;
  /** Stay on the page. */
  stay: () => void;
  /** Lifts the block at once (before navigating after a successful save). */
  release: () => void;
}

/**
 * While `dirty`, warns before leaving: the browser's own prompt on unload (`beforeunload`) and
 * our dialog for in-app navigation (links, back button) through the router's block.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const { block } = useNavigation();
  const [pending, setPending] = useState<null | { retry(): void }>(null);
  const unblock = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    unblock.current = block?.((transition) => setPending(transition)) ?? null;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unblock.current?.();
      unblock.current = null;
    };
  }, [dirty, block]);
  const release = useCallback(() => {
    unblock.current?.();
    unblock.current = null;
  }, []);
  const leave = useCallback(() => {
    const transition = pending;
    setPending(null);
    release();
    transition?.retry();
  }, [pending, release]);
  const stay = useCallback(() => setPending(null), []);
  return { pending: pending !== null, leave, stay, release };
}
