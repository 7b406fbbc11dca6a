/**
 * Slab mode results: field profiles across the slab (first wavelength that has them), and n_eff and
 * n_g against wavelength for each mode when the problem sweeps wavelengths.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numbers, type Json, type PlotSpec } from './plot-spec.ts';

interface ModeEntry {
  wavelength_nm: number;
  label: string;
  n_eff: number;
  n_g: number;
  profile: { x: number[]; y: number[] } | null;
}

function modesOf(result: Json): ModeEntry[] {
  const raw = result.modes;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((m) => {
    const profile = isRecord(m.profile) ? { x: numbers(m.profile, 'x_nm'), y: numbers(m.profile, 'field') } : null;
    return {
      wavelength_nm: typeof m.wavelength_nm === 'number' ? m.wavelength_nm : NaN,
      label: `${String(m.polarization ?? '')}${String(m.order ?? '')}`,
      n_eff: typeof m.n_eff === 'number' ? m.n_eff : NaN,
      n_g: typeof m.n_g === 'number' ? m.n_g : NaN,
      profile: profile?.x && profile.y && profile.x.length === profile.y.length ? { x: profile.x, y: profile.y } : null,
    };
  });
}

function profilePlot(modes: readonly ModeEntry[]): PlotSpec | null {
  const first = modes.find((m) => m.profile !== null);
  if (!first) return null;
  const series: LineSeries[] = modes
    .filter((m) => m.profile !== null && m.wavelength_nm === first.wavelength_nm)
    .map((m) => ({ name: m.label, x: m.profile?.x ?? [], y: m.profile?.y ?? [] }));
  return {
    id: 'plot-mode-profiles',
    title: `Mode profiles at ${first.wavelength_nm} nm`,
    xLabel: 'x across the slab (nm; core from 0 to its thickness)',
    yLabel: 'field, TE: E_y, TM: H_y (peak-normalised)',
    series,
  };
}

function sweepPlot(modes: readonly ModeEntry[], wavelengths: readonly number[], key: 'n_eff' | 'n_g'): PlotSpec | null {
  if (wavelengths.length < 2) return null;
  const labels = [...new Set(modes.map((m) => m.label))];
  const series: LineSeries[] = labels.map((label) => {
    const byWavelength = new Map(modes.filter((m) => m.label === label).map((m) => [m.wavelength_nm, m[key]]));
    return { name: label, x: [...wavelengths], y: wavelengths.map((w) => byWavelength.get(w) ?? NaN) };
  });
  if (series.length === 0) return null;
  return key === 'n_eff'
    ? { id: 'plot-neff', title: 'Effective index vs wavelength', xLabel: 'vacuum wavelength (nm)', yLabel: 'n_eff (dimensionless)', series }
    : { id: 'plot-ng', title: 'Group index vs wavelength', xLabel: 'vacuum wavelength (nm)', yLabel: 'n_g (dimensionless)', series };
}

/** Channel modes: the dominant field along x and along y through each mode's peak (first wavelength). */
function channelCutPlots(result: Json): PlotSpec[] {
  const raw = Array.isArray(result.modes) ? result.modes.filter(isRecord) : [];
  const first = raw[0]?.wavelength_nm;
  const at = raw.filter((m) => m.wavelength_nm === first);
  const series = (axis: 'cut_x' | 'cut_y', coord: 'x_nm' | 'y_nm'): LineSeries[] =>
    at.flatMap((m) => {
      const cut = m[axis];
      const x = isRecord(cut) ? numbers(cut, coord) : null;
      const y = isRecord(cut) ? numbers(cut, 'field') : null;
      return x && y && x.length === y.length ? [{ name: `${String(m.polarization ?? '')}${String(m.order ?? '')}`, x, y }] : [];
    });
  const across = series('cut_x', 'x_nm');
  const up = series('cut_y', 'y_nm');
  const plots: PlotSpec[] = [];
  if (across.length > 0) plots.push({ id: 'plot-mode-cut-x', title: `Mode fields across the guide at ${String(first)} nm`, xLabel: 'x across the guide (nm; core centred at 0)', yLabel: 'dominant field (peak-normalised)', series: across });
  if (up.length > 0) plots.push({ id: 'plot-mode-cut-y', title: `Mode fields through the peak, vertical, at ${String(first)} nm`, xLabel: 'y (nm; substrate below 0)', yLabel: 'dominant field (peak-normalised)', series: up });
  return plots;
}

export function modePlots(result: Json): PlotSpec[] {
  if (result.structure === 'channel') {
    const wavelengths = numbers(result, 'wavelengths_nm') ?? [];
    const modes = modesOf(result);
    return [...channelCutPlots(result), sweepPlot(modes, wavelengths, 'n_eff'), sweepPlot(modes, wavelengths, 'n_g')].filter((p): p is PlotSpec => p !== null);
  }
  const modes = modesOf(result);
  const wavelengths = numbers(result, 'wavelengths_nm') ?? [];
  return [profilePlot(modes), sweepPlot(modes, wavelengths, 'n_eff'), sweepPlot(modes, wavelengths, 'n_g')].filter((p): p is PlotSpec => p !== null);
}
