/**
 * Issue 20: a problem the estimate says will be refused is not offered "Solve anyway". The estimate is
 * real (the si-strip preset on a grid past the channel solver's node limit, which estimate still sizes
 * and solve refuses), and so are the page's decision after it and the panel it renders.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../../core/photonics/literal-resolver.ts';
import { estimatePhotonics } from '../../core/photonics/estimate.ts';
import { parsePhotonicsProblem, solvePhotonics } from '../../core/photonics/solve.ts';
import { EstimatePanel } from './EstimatePanel.tsx';
import { afterEstimate, CONFIRM_ABOVE_SECONDS } from './estimate-first.ts';
import { PRESETS } from './presets.ts';

const ctx = { materials: literalResolver };
const noop = (): void => undefined;
const strip = PRESETS.mode.find((p) => p.id === 'si-strip')!.problem as { structure: Record<string, unknown> };
const onGrid = (grid_nm: number) => parsePhotonicsProblem({ ...strip, structure: { ...strip.structure, grid_nm } });

describe('a refused estimate in the playground', () => {
  it('carries the reason solve gives, and the page shows it with no "Solve anyway"', () => {
    // The preset's 1700 × 1200 nm window at 5 nm: 340 × 240 nodes, over the 62 500 limit (and under the estimate's 64× sizing cap).
    const problem = onGrid(5);
    let t = 0;
    const e = estimatePhotonics(problem, ctx, { now: () => (t += 1) }, (p) => solvePhotonics(p, ctx));
    expect(e.refused).toMatch(/340 × 240 = 81600 nodes at grid_nm = 5, over the 62500 limit/);
    expect(() => solvePhotonics(problem, ctx)).toThrow(e.refused!);
    // Even a short estimate: the reason is shown, not a solve started that will fail.
    expect(afterEstimate({ ...e, expected_seconds: 0.01 })).toBe('refused');
    const html = renderToStaticMarkup(<EstimatePanel estimate={e} onSolve={noop} onDismiss={noop} />);
    expect(html).not.toContain('Solve anyway');
    expect(html).not.toContain('pg-solve-anyway');
    expect(html).toContain('81600 nodes at grid_nm = 5');
  });

  it('offers "Solve anyway" for the same cross-section solve accepts, once it is long', () => {
    let t = 0;
    const e = estimatePhotonics(onGrid(20), ctx, { now: () => (t += 1) }, (p) => solvePhotonics(p, ctx));
    expect(e.refused).toBeUndefined();
    expect(afterEstimate({ ...e, expected_seconds: CONFIRM_ABOVE_SECONDS / 2 })).toBe('solve');
    expect(afterEstimate({ ...e, expected_seconds: CONFIRM_ABOVE_SECONDS * 2 })).toBe('confirm');
    const html = renderToStaticMarkup(<EstimatePanel estimate={e} onSolve={noop} onDismiss={noop} />);
    expect(html).toContain('Solve anyway');
  });
});
