import { atom } from 'jotai/vanilla';
import { store } from '../store';

/** The small login window the 401 notice's "Fazer login" opens (one per page, shared store). */
export const loginWindowOpenAtom = atom(false);
export const openLoginWindow = () => store.set(loginWindowOpenAtom, true);
export const closeLoginWindow = () => store.set(loginWindowOpenAtom, false);

/** Window-level signal that the session changed in some element, so every host re-checks its route. */
export const SESSION_REFRESH_EVENT = 'bo-session-refresh';
export const announceSessionRefresh = () => window.dispatchEvent(new Event(SESSION_REFRESH_EVENT));
