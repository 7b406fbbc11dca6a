/**
 * Inverse-design results: the FOM at each optimiser iteration, with the final binarised FOM (the
 * thresholded design re-simulated from scratch) drawn as a flat reference line, so a gap between the
 * optimiser's answer and the fabricable design is visible at a glance. (Dips in the history are
 * usually the β continuation stepping up.) The design and |Ez|² come as `maps`, drawn by the shared
 * heatmap.
 */
import { isRecord, numbers, type Json, type PlotSpec } from './plot-spec.ts';

export function inverseDesignPlots(result: Json): PlotSpec[] {
  const fom = result.fom;
  if (!isRecord(fom)) return [];
  const history = numbers(fom, 'history');
  if (!history) return [];
  const x = history.map((_, k) => k + 1);
  const series = [{ name: 'FOM (continuous design)', x, y: history }];
  const binarised = fom.binarised;
  if (typeof binarised === 'number') series.push({ name: 'binarised, re-simulated', x: [1, Math.max(2, history.length)], y: [binarised, binarised] });
  const top = Math.max(1, ...history.filter(Number.isFinite));
  return [
    {
      id: 'plot-inverse-design-fom',
      title: typeof fom.definition === 'string' ? `FOM per iteration: ${fom.definition}` : 'FOM per iteration',
      xLabel: 'iteration',
      yLabel: 'FOM (fraction of launched power)',
      series,
      yDomain: [0, top],
    },
  ];
}
