import { expect, type Locator, type Page } from '@playwright/test';

/** A phone held upright (an iPhone 12–15 class viewport), the width issue 21 measured the page at. */
export const PHONE = { width: 390, height: 844 } as const;
export const PHONE_WIDTH = PHONE.width;

/** The document's own scroll width: more than the viewport means the whole page scrolls sideways. */
export const pageScrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.NaN);

/** What sticks out past the right edge, for a failure message that names the culprit. */
const overflowing = (page: Page): Promise<string[]> =>
  page.evaluate((width) => {
    const out: string[] = [];
    // Content inside a box that scrolls (or clips) sideways on its own is fine: only the page must not.
    const insideScroller = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (insideScroller(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && r.width > 0) out.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(r.right)} px)`);
      if (out.length > 8) break;
    }
    return out;
  }, PHONE_WIDTH);

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => pageScrollWidth(page), { message: `page wider than ${PHONE_WIDTH} px`, timeout: 5_000 }).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(await overflowing(page)).toEqual([]);
}

/** The control can be scrolled (inside its own box if need be) wholly onto the phone's screen. */
export async function expectReachable(control: Locator, name: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, name).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE_WIDTH, `${name} cannot be brought on screen`).toBe(true);
}
