import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_TTL_MS, isChunkLoadError, reloadForChunkError } from '../../../src/core/chunkReload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://x/dist/chunk-abc.js');

describe('chunk-reload guard', () => {
  it('recognises failed dynamic imports of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
  });

  it('reloads once, then not again within 10 seconds, then again after them', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    const deps = { storage, reload, now: () => now };
    expect(reloadForChunkError(chunkError, deps)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    now += CHUNK_RELOAD_TTL_MS - 1;
    expect(reloadForChunkError(chunkError, deps)).toBe(false);
    now += 1;
    expect(reloadForChunkError(chunkError, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for another error, nor without storage to remember it', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reloadForChunkError(chunkError, { storage: null, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
