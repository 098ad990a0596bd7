/**
 * The records "Ir para…" finds as the user types (GET commons/search, contracts/search.ts): asked
 * 250 ms after the last keystroke, the previous question dropped; only records whose page the
 * portal has.
 */
import { useEffect, useState } from 'react';
import { searchEndpoint, searchWorthy, type SearchHit } from '../../contracts/search';
import { callEndpoint } from '../../core/resources/endpoint';

const PAUSE_MS = 250;

export function useRecordSearch(query: string, routable: (path: string) => boolean): { hits: SearchHit[]; searching: boolean } {
  const q = query.trim();
  const [answer, setAnswer] = useState<{ q: string; hits: SearchHit[] }>({ q: '', hits: [] });
  useEffect(() => {
    if (!searchWorthy(q)) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callEndpoint(searchEndpoint, { query: { q }, signal: controller.signal, silent: true })
        .then((hits) => setAnswer({ q, hits: hits.filter((hit) => routable(hit.path)) }))
        .catch(() => setAnswer({ q, hits: [] }));
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  if (!searchWorthy(q)) return { hits: [], searching: false };
  return { hits: answer.q === q ? answer.hits : [], searching: answer.q !== q };
}
