/** Where the session's fields live in localStorage (`bo.<field>`): session.ts, and retaguarda.js's first request (firstPageEarly.ts). */
export const SESSION_STORAGE_PREFIX = 'bo.';
