/**
 * Where unsaved forms are kept (formDraft.ts): this tab's sessionStorage, one key per form. Apart
 * from the form's hook so that a logout (auth.ts) forgets them without loading the hook.
 */
export const FORM_DRAFT_PREFIX = 'bo.draft:';

export interface Draft {
  userId: string;
  /** The record's version the changes were made on (null: a new record). */
  version: number | null;
  values: Record<string, unknown>;
}

export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = tabStorage()?.getItem(key);
    const draft = raw ? (JSON.parse(raw) as Draft) : null;
    return draft && typeof draft.userId === 'string' && draft.values && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}

export function forgetDraft(key: string): void {
  tabStorage()?.removeItem(key);
}

/** Every form kept in this tab (a deliberate logout). */
export function forgetAllDrafts(): void {
  const storage = tabStorage();
  if (!storage) return;
  for (const key of Object.keys(storage)) if (key.startsWith(FORM_DRAFT_PREFIX)) storage.removeItem(key);
}

export const draftKey = (resource: string, pathname: string) => `${FORM_DRAFT_PREFIX}${resource}:${pathname}`;
