/**
 * The unit cell of one patterned layer as a map of the real refractive index, for the result's
 * `maps` (the shared 2-D map contract: rows are y ascending, columns x ascending, at most 200 × 200,
 * values to 4 significant digits). It shows the geometry exactly as the solver read it, wrapping
 * included, so a misplaced hole is visible before its efficiencies are trusted.
 */
import type { Layer2d } from './rcwa2d.ts';

export interface PatternMap {
  id: string;
  title: string;
  x_nm: [number, number];
  y_nm: [number, number];
  values: number[][];
  quantity: string;
  scale: 'sequential' | 'diverging';
}

/** Samples per axis; enough to see a hole's outline, small enough to keep results light. */
const SAMPLES = 80;

/** Distance from c to x along a periodic axis, in (−period/2, period/2]. */
function periodicOffset(x: number, c: number, period: number): number {
  const d = (((x - c) % period) + period) % period;
  return d > period / 2 ? d - period : d;
}

function contains(shape: Layer2d['shapes'][number], x: number, y: number, px: number, py: number): boolean {
  const dx = periodicOffset(x, shape.centerX, px);
  const dy = periodicOffset(y, shape.centerY, py);
  if (shape.type === 'rectangle') return Math.abs(dx) < shape.halfX && Math.abs(dy) < shape.halfY;
  return (dx / shape.halfX) ** 2 + (dy / shape.halfY) ** 2 < 1;
}

export function layerIndexMap(layer: Layer2d, px: number, py: number, layerIndex: number, wavelength: number): PatternMap {
  const values: number[][] = [];
  for (let j = 0; j < SAMPLES; j++) {
    const y = -py / 2 + ((j + 0.5) * py) / SAMPLES;
    const row: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const x = -px / 2 + ((i + 0.5) * px) / SAMPLES;
      const hit = layer.shapes.find((s) => contains(s, x, y, px, py));
      row.push(Number((hit ? hit.index.n : layer.background.n).toPrecision(4)));
    }
    values.push(row);
  }
  return {
    id: `layer-${layerIndex}-index`,
    title: `Layer ${layerIndex + 1}: unit cell (${layer.thickness} nm thick)`,
    x_nm: [-px / 2, px / 2],
    y_nm: [-py / 2, py / 2],
    values,
    quantity: `refractive index n at ${wavelength} nm`,
    scale: 'sequential',
  };
}
