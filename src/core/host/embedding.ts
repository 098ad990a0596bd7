import { createContext } from 'react';

/**
 * True inside an element embedded in someone else's page: screens there must not grab the
 * page's focus on load (several tags may share one intranet page).
 */
export const EmbeddedContext = createContext(false);
