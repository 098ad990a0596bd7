import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/core/afterPaint';

describe('afterPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves after the second animation frame, not the first', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      let done = false;
      const painted = afterPaint().then(() => (done = true));
      expect(frames).toHaveLength(1);
      frames.shift()!(0);
      await Promise.resolve();
      expect(done).toBe(false);
      frames.shift()!(16);
      await painted;
      expect(done).toBe(true);
    } finally {
      raf.mockRestore();
    }
  });

  it('a page that paints no frames (a hidden tab) is held back 250 ms at most', async () => {
    vi.useFakeTimers();
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      let done = false;
      void afterPaint().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(240);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      expect(done).toBe(true);
    } finally {
      raf.mockRestore();
    }
  });
});
