import { atom } from 'jotai/vanilla';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

/**
 * The names of the records this page has shown, by their paths: the portal's breadcrumbs and the
 * document title say "Comercial Horizonte Ltda" instead of "Fornecedor 392f775c-…", for the
 * record on screen and for the records above it (a cotação above its solicitação).
 */
export type RecordTitles = Readonly<Record<string, string>>;

/** How many names are kept (the most recent). */
const KEPT = 50;

export const recordTitlesAtom = atom<RecordTitles>({});

/** A record's page announces its record's name once loaded (nothing while it has none). */
export function useRecordTitle(path: string, title: string | undefined): void {
  const set = useSetAtom(recordTitlesAtom);
  useEffect(() => {
    if (!title) return;
    set((names) => {
      if (names[path] === title) return names;
      const { [path]: _, ...others } = names;
      return Object.fromEntries([...Object.entries(others).slice(1 - KEPT), [path, title]]);
    });
  }, [path, title, set]);
}
