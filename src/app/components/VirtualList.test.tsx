import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VirtualList } from './VirtualList.tsx';

const items = Array.from({ length: 763 }, (_, i) => `task-${i}`);

describe('VirtualList', () => {
  it('mounts only the first window of a 763-row list, each row telling its place in the whole', () => {
    const html = renderToStaticMarkup(
      <VirtualList items={items} rowHeight={40} height={400} overscan={3} label="Tasks" getKey={(s) => s} renderRow={(s) => s} selectedIndex={1} rowTestId="row" />,
    );
    // 400 px / 40 px = 10 visible rows + 3 overscan below (none above the top).
    expect(html.split('role="option"').length - 1).toBe(13);
    expect(html).toContain('aria-setsize="763"');
    expect(html).toContain('aria-posinset="13"');
    expect(html).not.toContain('task-13<');
    expect(html).toMatch(/aria-selected="true"[^>]*aria-posinset="2"/);
    // The spacer keeps the scrollbar true to the whole list: 763 × 40 px.
    expect(html).toContain('height:30520px');
    expect(html).toContain('role="listbox"');
    expect(html).toContain('aria-label="Tasks"');
  });
});
