import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { indexAfterKey, scrollTopToReveal, visibleWindow } from './virtual-window.ts';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row is exactly this tall (CSS px): the window is computed, never measured. */
  rowHeight: number;
  /** Height of the scrolling viewport (CSS px). */
  height: number;
  overscan?: number;
  /** Accessible name of the list. */
  label: string;
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** The chosen row (highlighted, aria-selected), if any. */
  selectedIndex?: number | null;
  /** Click, Enter or Space on a row. */
  onSelect?: (item: T, index: number) => void;
  testId?: string;
  rowTestId?: string;
}

/**
 * A fixed-row-height windowed list box: only the rows in view (plus `overscan` either side) are in
 * the DOM, so a 763-task list costs a few dozen elements. Keyboard: arrows, Page Up/Down, Home/End
 * move the active row (aria-activedescendant), Enter or Space selects it. Each row carries
 * aria-posinset/aria-setsize because most of the list is not mounted.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  overscan = 6,
  label,
  getKey,
  renderRow,
  selectedIndex = null,
  onSelect,
  testId,
  rowTestId,
}: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  const [active, setActive] = useState<number>(selectedIndex ?? 0);
  const count = items.length;
  const activeIndex = count === 0 ? -1 : Math.min(active, count - 1);

  // The viewport may be shorter than asked (CSS max-height on small screens): measure it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setViewport(el.clientHeight || height);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport(el.clientHeight || height));
    ro.observe(el);
    return () => ro.disconnect();
  }, [height]);

  const reveal = useCallback(
    (index: number) => {
      const el = ref.current;
      if (!el) return;
      const top = scrollTopToReveal(index, el.scrollTop, el.clientHeight || height, rowHeight);
      if (top !== null) {
        el.scrollTop = top;
        setScrollTop(top);
      }
    },
    [height, rowHeight],
  );

  // A selection made elsewhere (a deep link, the URL) becomes the active row (adjusted during render,
  // React's pattern for state derived from a changed prop) and is scrolled into view.
  const [seenSelected, setSeenSelected] = useState(selectedIndex);
  if (seenSelected !== selectedIndex) {
    setSeenSelected(selectedIndex);
    if (selectedIndex !== null) setActive(selectedIndex);
  }
  useEffect(() => {
    if (selectedIndex === null || selectedIndex < 0 || selectedIndex >= count) return;
    reveal(selectedIndex);
  }, [selectedIndex, count, reveal]);

  const win = visibleWindow({ count, scrollTop, viewportHeight: viewport, rowHeight, overscan });
  const optionId = (i: number) => `${baseId}-row-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    if ((e.key === 'Enter' || e.key === ' ') && activeIndex >= 0) {
      e.preventDefault();
      const item = items[activeIndex];
      if (item !== undefined) onSelect?.(item, activeIndex);
      return;
    }
    const next = indexAfterKey(e.key, activeIndex, count, viewport / rowHeight);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    reveal(next);
  };

  const rows: ReactNode[] = [];
  for (let i = win.start; i < win.end; i++) {
    const item = items[i] as T;
    rows.push(
      <div
        key={getKey(item, i)}
        id={optionId(i)}
        role="option"
        aria-selected={i === selectedIndex}
        aria-posinset={i + 1}
        aria-setsize={count}
        data-testid={rowTestId}
        data-index={i}
        className={`vlist-row${i === activeIndex ? ' vlist-active' : ''}${i === selectedIndex ? ' vlist-selected' : ''}`}
        style={{ height: rowHeight }}
        onClick={() => {
          setActive(i);
          onSelect?.(item, i);
        }}
      >
        {renderRow(item, i)}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      className="vlist"
      role="listbox"
      aria-label={label}
      aria-activedescendant={activeIndex >= win.start && activeIndex < win.end ? optionId(activeIndex) : undefined}
      tabIndex={0}
      data-testid={testId}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" style={{ height: win.totalHeight, position: 'relative' }}>
        <div role="presentation" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${win.offsetTop}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
