import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SolveEstimate } from '../../core/photonics/estimate.ts';
import { EstimatePanel } from './EstimatePanel.tsx';

const base: SolveEstimate = {
  kind: 'dda',
  unknowns: 3000,
  memory_bytes: 1 << 20,
  expected_seconds: 40,
  calibration: { probe: 'the same particle at 8 dipoles across', probe_ms: 12, scale: 100 },
  advice: [],
};
const noop = (): void => undefined;

describe('EstimatePanel', () => {
  it('offers "Solve anyway" for a long solve the solver accepts', () => {
    const html = renderToStaticMarkup(<EstimatePanel estimate={base} onSolve={noop} onDismiss={noop} />);
    expect(html).toContain('Solve anyway');
    expect(html).toContain('Not now');
  });

  it('does not offer "Solve anyway" for a problem the estimate says will be refused, and says why', () => {
    const refused = { ...base, refused: 'this lattice will be refused (more than 1000000 dipoles)' };
    const html = renderToStaticMarkup(<EstimatePanel estimate={refused} onSolve={noop} onDismiss={noop} />);
    expect(html).not.toContain('Solve anyway');
    expect(html).toContain('pg-estimate-refused');
    expect(html).toContain('more than 1000000 dipoles');
    expect(html).toContain('Close');
  });
});
