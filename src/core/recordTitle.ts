import { atom } from 'jotai/vanilla';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * The name of the record a show page displays, by its path: the portal's breadcrumbs and the
 * document title say "Comercial Horizonte Ltda" instead of "Fornecedor 392f775c-…".
 */
export interface RecordTitle {
  path: string;
  title: string;
}

export const recordTitleAtom = atom<RecordTitle | null>(null);

/** A show page announces its record's name once loaded (nothing while it has none). */
export function useRecordTitle(path: string, title: string | undefined): void {
  const set = useSetAtom(recordTitleAtom);
  useEffect(() => {
    if (title) set({ path, title });
  }, [path, title, set]);
}
