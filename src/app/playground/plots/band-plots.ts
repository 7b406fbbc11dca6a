/** Band diagrams: a/λ against the distance along the irreducible-zone path, one line per band. */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numbers, type Json, type PlotSpec } from './plot-spec.ts';

export function bandPlots(result: Json): PlotSpec[] {
  const x = numbers(result, 'k_distance');
  const lines = Array.isArray(result.band_lines) ? result.band_lines.filter(isRecord) : [];
  if (!x || lines.length === 0) return [];
  const labels = Array.isArray(result.k_points)
    ? result.k_points.filter(isRecord).flatMap((k) => (typeof k.label === 'string' ? [k.label] : []))
    : [];
  const series: LineSeries[] = [];
  for (const line of lines) {
    const y = numbers(line, 'frequency');
    if (y && y.length === x.length) series.push({ name: `${String(line.polarization ?? '')} band ${String(line.band ?? '')}`, x: [...x], y });
  }
  return [
    {
      id: 'plot-bands',
      title: `Band diagram along ${labels.join('–') || 'the irreducible zone'}`,
      xLabel: 'distance along the k-path (2π/a)',
      yLabel: 'frequency ωa/2πc = a/λ',
      series,
    },
  ];
}
