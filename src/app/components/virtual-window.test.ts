import { describe, expect, it } from 'vitest';
import { indexAfterKey, scrollTopToReveal, visibleWindow } from './virtual-window.ts';

describe('visibleWindow', () => {
  it('mounts the visible rows plus the overscan at the top of a long list', () => {
    // 400 px viewport / 40 px rows = rows 0..9 visible, + 3 overscan below.
    expect(visibleWindow({ count: 763, scrollTop: 0, viewportHeight: 400, rowHeight: 40, overscan: 3 })).toEqual({ start: 0, end: 13, offsetTop: 0, totalHeight: 30520 });
  });

  it('mid-list: overscan on both sides, a part-visible row counts as visible', () => {
    // scrollTop 1010 → first visible row 25 (1000..1040), last part-visible row 35 (ends at 1440 > 1410).
    const w = visibleWindow({ count: 763, scrollTop: 1010, viewportHeight: 400, rowHeight: 40, overscan: 2 });
    expect(w).toEqual({ start: 23, end: 38, offsetTop: 920, totalHeight: 30520 });
  });

  it('at the end the window stops at the last row', () => {
    const w = visibleWindow({ count: 763, scrollTop: 30520 - 400, viewportHeight: 400, rowHeight: 40, overscan: 5 });
    expect(w.end).toBe(763);
    expect(w.start).toBe(753 - 5);
  });

  it('a scrollTop past the end (the list shrank) shows the last rows, not nothing', () => {
    const w = visibleWindow({ count: 5, scrollTop: 10_000, viewportHeight: 100, rowHeight: 40, overscan: 0 });
    // 5 rows = 200 px; the last page starts at 100 px: rows 2..4.
    expect(w).toEqual({ start: 2, end: 5, offsetTop: 80, totalHeight: 200 });
  });

  it('an empty list and a zero-height viewport', () => {
    expect(visibleWindow({ count: 0, scrollTop: 0, viewportHeight: 400, rowHeight: 40, overscan: 3 })).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    // Before layout the viewport reads 0: still mount one row (+ overscan) so the list is not blank.
    expect(visibleWindow({ count: 10, scrollTop: 0, viewportHeight: 0, rowHeight: 40, overscan: 1 })).toEqual({ start: 0, end: 2, offsetTop: 0, totalHeight: 400 });
  });

  it('the number of mounted rows is bounded by the viewport, not the list length', () => {
    for (const count of [100, 763, 100_000]) {
      const w = visibleWindow({ count, scrollTop: 5000, viewportHeight: 600, rowHeight: 36, overscan: 6 });
      expect(w.end - w.start).toBeLessThanOrEqual(Math.ceil(600 / 36) + 1 + 12);
    }
  });
});

describe('scrollTopToReveal', () => {
  it('scrolls up to a row above, down to a row below, not at all for a visible row', () => {
    expect(scrollTopToReveal(2, 200, 400, 40)).toBe(80);
    expect(scrollTopToReveal(20, 200, 400, 40)).toBe(840 - 400);
    expect(scrollTopToReveal(8, 200, 400, 40)).toBeNull();
  });
});

describe('indexAfterKey', () => {
  it('moves and clamps', () => {
    expect(indexAfterKey('ArrowDown', 3, 10, 5)).toBe(4);
    expect(indexAfterKey('ArrowDown', 9, 10, 5)).toBe(9);
    expect(indexAfterKey('ArrowUp', 0, 10, 5)).toBe(0);
    expect(indexAfterKey('PageDown', 3, 10, 5)).toBe(8);
    expect(indexAfterKey('PageUp', 3, 10, 5)).toBe(0);
    expect(indexAfterKey('Home', 7, 10, 5)).toBe(0);
    expect(indexAfterKey('End', 0, 10, 5)).toBe(9);
    expect(indexAfterKey('a', 0, 10, 5)).toBeNull();
    expect(indexAfterKey('ArrowDown', 0, 0, 5)).toBeNull();
  });
});
