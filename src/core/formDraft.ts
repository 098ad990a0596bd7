/**
 * An unsaved form outlives the end of its session (issue 27 §2): while a form has changes, its
 * values are kept in this tab's sessionStorage under its route; when the same form of the same
 * record (same version) opens again for the same user — after "Atualizar", or after signing in
 * again — they come back, with a notice. Saving (or leaving without saving) forgets them; so does
 * a deliberate logout (auth.ts). sessionStorage: per tab, gone when the tab closes.
 */
import { useEffect, useRef } from 'react';
import { t } from './i18n';
import { notify } from './notices';
import { getLoggedUser } from './session';
import { forgetDraft, readDraft, tabStorage, type Draft } from './formDraftStore';

export { draftKey } from './formDraftStore';

const DRAFT_NOTICE_ID = 'form-draft-restored';

/**
 * Keeps `values` while `dirty`; on mount, hands the kept values of this user and this `version`
 * to `restore`. Returns `forget` (after a save, or leaving without saving).
 */
export function useFormDraft(key: string | null, state: { dirty: boolean; values: Record<string, unknown>; version: number | null }, restore: (values: Record<string, unknown>) => void): () => void {
  const restored = useRef(false);
  useEffect(() => {
    if (!key || restored.current) return;
    restored.current = true;
    const draft = readDraft(key);
    const userId = getLoggedUser()?.id;
    if (!draft) return;
    if (!userId || draft.userId !== userId || draft.version !== state.version) {
      // Another user's, or made on an older version of the record: not offered.
      if (userId) forgetDraft(key);
      return;
    }
    restore(draft.values);
    notify({ id: DRAFT_NOTICE_ID, type: 'info', message: t('session.draftRestored') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!key || !restored.current) return;
    const userId = getLoggedUser()?.id;
    const storage = tabStorage();
    if (!storage) return;
    if (!state.dirty) {
      storage.removeItem(key);
      return;
    }
    // Signed out (the session ended): what was kept stays as it was.
    if (!userId) return;
    try {
      storage.setItem(key, JSON.stringify({ userId, version: state.version, values: state.values } satisfies Draft));
    } catch {
      // Full storage: the form still warns before leaving.
    }
  }, [key, state.dirty, state.values, state.version]);

  return () => {
    if (key) forgetDraft(key);
  };
}
