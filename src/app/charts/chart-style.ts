/**
 * Shared look of the exportable statistics charts (interval bars, radar, histogram). They draw with
 * presentation attributes only, as LineChart does, so a saved SVG or PNG looks like the page.
 */
export { SERIES_COLORS } from './LineChart.tsx';

export const CHART_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const INK = '#1b1f24';
export const MUTED = '#5b6470';
export const GRID = '#e3e7ec';

/** Rounds a coordinate to 0.01 px: enough for a screen, and it keeps snapshots free of float noise. */
export const px = (v: number): number => Math.round(v * 100) / 100;
