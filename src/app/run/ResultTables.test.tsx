import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fixtureRun } from '../../core/store/test-run-fixture.ts';
import type { P1Row } from '../../core/veh/rows.ts';
import { LIVE_WINDOW, ResultTables } from './ResultTables.tsx';

/** `n` P1 rows, copies of the fixture's first with their own task ids. */
async function p1Rows(n: number): Promise<P1Row[]> {
  const first = (await fixtureRun()).rows.find((r): r is P1Row => r.probe === 'P1');
  if (!first) throw new Error('the fixture run has no P1 row');
  return Array.from({ length: n }, (_, i) => ({ ...first, task_id: `veh-p1-live-${String(i).padStart(3, '0')}` }));
}

const rowCount = (html: string) => html.split('data-testid="result-row"').length - 1;

describe('ResultTables while a run is live', () => {
  it('a long live table mounts only its latest rows, and says how to see the rest', async () => {
    const rows = await p1Rows(LIVE_WINDOW + 25);
    const html = renderToStaticMarkup(<ResultTables rows={rows} transcripts={[]} running />);
    expect(rowCount(html)).toBe(LIVE_WINDOW);
    expect(html).toContain(`veh-p1-live-${String(LIVE_WINDOW + 24).padStart(3, '0')}`);
    expect(html).not.toContain('veh-p1-live-000');
    expect(html).toContain('25 earlier finished tasks are hidden');
    expect(html).toContain('show-all-rows');
  });

  it('every row once the run has ended, and a short live table whole', async () => {
    const rows = await p1Rows(LIVE_WINDOW + 25);
    expect(rowCount(renderToStaticMarkup(<ResultTables rows={rows} transcripts={[]} />))).toBe(LIVE_WINDOW + 25);
    const short = renderToStaticMarkup(<ResultTables rows={rows.slice(0, 5)} transcripts={[]} running />);
    expect(rowCount(short)).toBe(5);
    expect(short).not.toContain('show-all-rows');
  });
});
