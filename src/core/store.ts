import { createStore } from 'jotai/vanilla';

/**
 * The one jotai store shared by every Retaguarda element on a page (it lives in the shared
 * core chunk). React trees use it through `<Provider store={store}>` or `{ store }` options;
 * plain modules read and write it directly.
 */
export const store = createStore();
export type Store = typeof store;
