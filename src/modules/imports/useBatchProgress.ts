import { useEffect, useState } from 'react';
import { IMPORT_POLL_MS, type ImportProgress } from '../../contracts/imports';
import { getBatch } from './api';

/** Polls the batch every `IMPORT_POLL_MS` while it is running; stops when done or failed. */
export function useBatchProgress(id: string | null, initial: ImportProgress | null): ImportProgress | null {
  const [progress, setProgress] = useState<ImportProgress | null>(initial);
  const running = progress?.status === 'running' || (progress === null && id !== null);
  useEffect(() => {
    if (!id || !running) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const next = await getBatch(id, true);
        if (!live) return;
        setProgress(next);
        if (next.status === 'running') timer = setTimeout(tick, IMPORT_POLL_MS);
      } catch {
        if (live) timer = setTimeout(tick, IMPORT_POLL_MS * 3);
      }
    };
    timer = setTimeout(tick, progress ? IMPORT_POLL_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, running]);
  return progress;
}
