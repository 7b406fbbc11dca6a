/** Mie results: efficiencies and the asymmetry parameter against vacuum wavelength. */
import { numbers, seriesFor, type Json, type PlotSpec } from './plot-spec.ts';

export function scatteringPlots(result: Json): PlotSpec[] {
  const x = numbers(result, 'wavelengths_nm');
  if (!x || x.length < 2) return [];
  const plots: PlotSpec[] = [];
  const q = seriesFor(result, x, [
    ['qext', 'Qext'],
    ['qsca', 'Qsca'],
    ['qabs', 'Qabs'],
  ]);
  if (q.length > 0) {
    plots.push({ id: 'plot-efficiencies', title: 'Extinction, scattering and absorption efficiencies', xLabel: 'vacuum wavelength (nm)', yLabel: 'efficiency Q (dimensionless)', series: q });
  }
  const back = seriesFor(result, x, [['qback', 'Qback']]);
  if (back.length > 0) {
    plots.push({ id: 'plot-qback', title: 'Backscattering efficiency', xLabel: 'vacuum wavelength (nm)', yLabel: 'Qback (dimensionless)', series: back });
  }
  const g = seriesFor(result, x, [['g', 'g']]);
  if (g.length > 0) {
    plots.push({ id: 'plot-asymmetry', title: 'Asymmetry parameter', xLabel: 'vacuum wavelength (nm)', yLabel: 'g = ⟨cos θ⟩ (dimensionless)', series: g, yDomain: [-1, 1] });
  }
  return plots;
}
