/**
 * Windowing math for fixed-height virtual lists (VirtualList.tsx): which rows to mount for a scroll
 * position. Pure, so it is tested without a DOM.
 */
export interface WindowInput {
  count: number;
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  /** Extra rows mounted above and below the visible ones, so fast scrolling shows no blank gap. */
  overscan: number;
}

export interface VisibleWindow {
  /** First mounted index (inclusive). */
  start: number;
  /** One past the last mounted index; start === end when nothing is mounted. */
  end: number;
  /** Pixel offset of row `start` from the top of the list. */
  offsetTop: number;
  /** Height of the whole list, so the scrollbar matches the full length. */
  totalHeight: number;
}

export function visibleWindow({ count, scrollTop, viewportHeight, rowHeight, overscan }: WindowInput): VisibleWindow {
  const n = Math.max(0, Math.floor(count));
  const h = rowHeight > 0 ? rowHeight : 1;
  const totalHeight = n * h;
  if (n === 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  // A scroll position past the end (the list just shrank under a filter) is read as the last page.
  const maxTop = Math.max(0, totalHeight - Math.max(0, viewportHeight));
  const top = Math.min(Math.max(0, scrollTop), maxTop);
  const pad = Math.max(0, Math.floor(overscan));
  const firstVisible = Math.floor(top / h);
  const lastVisible = Math.ceil((top + Math.max(0, viewportHeight)) / h);
  const start = Math.max(0, firstVisible - pad);
  const end = Math.min(n, Math.max(lastVisible, firstVisible + 1) + pad);
  return { start, end, offsetTop: start * h, totalHeight };
}

/**
 * The scrollTop that brings row `index` fully into view with the least movement, or null when it is
 * already visible (keyboard navigation scrolls only when it must).
 */
export function scrollTopToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number | null {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return Math.max(0, rowBottom - viewportHeight);
  return null;
}

/** The index a navigation key moves to from `current` (clamped to the list), or null for other keys. */
export function indexAfterKey(key: string, current: number, count: number, pageRows: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const page = Math.max(1, Math.floor(pageRows));
  const clamp = (i: number) => Math.min(last, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current + 1);
    case 'ArrowUp':
      return clamp(current - 1);
    case 'PageDown':
      return clamp(current + page);
    case 'PageUp':
      return clamp(current - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
