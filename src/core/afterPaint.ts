import { waitAtMost } from './waitAtMost';

/** The longest `afterPaint` waits: a hidden page paints no frame at all. */
const PAINT_WAIT_MS = 250;

/**
 * Resolves once the page has painted what is being rendered now: two animation frames, the
 * second of which cannot start before the long task that renders (React's) has ended. At most
 * PAINT_WAIT_MS, so a hidden tab, which paints no frames, is not held back.
 */
export function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return waitAtMost(new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))), PAINT_WAIT_MS);
}
