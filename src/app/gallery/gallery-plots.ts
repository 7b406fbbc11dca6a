/**
 * What the gallery draws for one side: the playground's own plots of the side's result where it has
 * a curve; otherwise the plots of its drawing-only sweep (gallery-sweep.ts), with the asked
 * wavelength marked, so the single number graded is seen as a point on a spectrum; otherwise, for a
 * link budget, the power along the link against the detector's sensitivity. Ids carry the side, so
 * the two columns' charts stay apart in the page (and in tests).
 */
import type { GallerySide } from '../../core/photonics-agent/gallery.ts';
import { isRecord, numbers, type Json, type PlotSpec } from '../playground/plots/plot-spec.ts';
import { resultPlots } from '../playground/plots/result-plots.ts';

export function sidePlots(side: Pick<GallerySide, 'problem' | 'result' | 'sweep'>, prefix: string): PlotSpec[] {
  const own = resultPlots(side.result);
  const plots = own.length > 0 ? own : side.sweep ? sweepPlots(side.problem, side.sweep.result) : [];
  const drawn = plots.length > 0 ? plots : isRecord(side.result) ? linkBudgetPlots(side.result) : [];
  return drawn.map((p) => ({ ...p, id: `${prefix}-${p.id}` }));
}

function sweepPlots(problem: unknown, result: unknown): PlotSpec[] {
  const asked = isRecord(problem) && typeof problem.wavelength_nm === 'number' ? problem.wavelength_nm : null;
  const swept = isRecord(result) ? (numbers(result, 'wavelengths_nm') ?? []) : [];
  return resultPlots(result).map((p) => (asked !== null && swept.length > 1 && p.xLabel.includes('wavelength') ? markAsked(p, asked) : p));
}

/** A vertical line at the asked wavelength, spanning the plot's own y range. */
function markAsked(p: PlotSpec, at: number): PlotSpec {
  const ys = p.series.flatMap((s) => s.y).filter(Number.isFinite);
  const [lo, hi] = p.yDomain ?? [Math.min(...ys), Math.max(...ys)];
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return p;
  // The title stays the playground's (the chart has room for no more); the legend names the marker.
  return { ...p, series: [...p.series, { name: `asked: ${at} nm`, x: [at, at], y: [lo, hi] }] };
}

/** Power after each element of a link budget (dBm), from the laser to the detector, with the sensitivity. */
function linkBudgetPlots(result: Json): PlotSpec[] {
  const lb = result.link_budget;
  if (!isRecord(lb) || !Array.isArray(lb.elements) || typeof lb.laser_power_dbm !== 'number') return [];
  const losses = lb.elements.map((e) => (isRecord(e) && typeof e.loss_db === 'number' ? e.loss_db : NaN));
  const power = losses.reduce<number[]>((acc, loss) => [...acc, (acc.at(-1) ?? 0) - loss], [lb.laser_power_dbm]);
  const x = power.map((_, i) => i);
  const series = [{ name: 'power', x, y: power }];
  if (typeof lb.detector_sensitivity_dbm === 'number') series.push({ name: 'detector sensitivity', x, y: x.map(() => lb.detector_sensitivity_dbm as number) });
  return [{ id: 'plot-link-budget', title: 'Power along the link', xLabel: 'after element (0: the laser)', yLabel: 'optical power (dBm)', series }];
}
