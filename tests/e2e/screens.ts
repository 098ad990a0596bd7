/**
 * Screenshots of a screen at 1366 and 390 px (the standard: look at every screen at both widths),
 * checking at each width that the page does not scroll sideways, plus whatever `atEachWidth`
 * checks (axe). The page comes back at 1366 px where it was.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const SHOTS = process.env.SHOTS_DIR ?? '.tmp/screens';
export const WIDTHS = [1366, 390] as const;

interface ShootOptions {
  /** Only this element (a tag on a host page), not the whole page. */
  element?: Locator;
  /** Run at each width after the layout settles (an axe check). */
  atEachWidth?: (width: number) => Promise<void>;
}

/** What sticks out past the right edge of the screen (shadow roots included, scrolling boxes skipped), to say what to fix. */
export const widerThanScreen = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let at: Element | null = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null); at; at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host ?? null)) {
        if (getComputedStyle(at).overflowX !== 'visible') return true;
      }
      return false;
    };
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > width + 1 && box.width > 0 && !clipped(element)) found.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" → ${Math.round(box.right)} px`);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return found.slice(0, 8);
  });

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function shoot(page: Page, name: string, options: ShootOptions = {}) {
  // Scroll anchoring off while the window is resized: otherwise the anchor picked at 390 px moves
  // the page at the next layout back at 1366 px (a later click lands 150 px off its target).
  const scrollY = await page.evaluate(() => {
    document.documentElement.style.overflowAnchor = 'none';
    return window.scrollY;
  });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0).catch(() => undefined);
    await options.atEachWidth?.(width);
    const path = `${SHOTS}/${name}-${width}.png`;
    await (options.element ? options.element.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    expect(await sideways(page), `${name} scrolls sideways at ${width} px: ${(await widerThanScreen(page)).join('; ')}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate((y) => {
    window.scrollTo(0, y);
    document.documentElement.style.overflowAnchor = '';
  }, scrollY);
}
