/**
 * The `maps` of a result (the shared contract for 2-D data: field profiles, design densities):
 * validated with zod when the result arrives from the worker, so a malformed entry is named and
 * skipped rather than drawn wrong. Any kind may carry maps; the result view draws each one.
 */
import { z } from 'zod';
import type { HeatmapData } from '../../charts/heatmap-geometry.ts';

const range = z.tuple([z.number().finite(), z.number().finite()]).refine(([a, b]) => a < b, { message: 'a range needs min < max' });

/** JSON has no NaN: a solver writes null for a sample without data. */
const sample = z.union([z.number(), z.null()]).transform((v) => v ?? NaN);

export const ResultMapSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  x_nm: range,
  y_nm: range,
  values: z.array(z.array(sample).min(1)).min(1),
  quantity: z.string(),
  scale: z.enum(['sequential', 'diverging']),
});

export interface ResultMap extends HeatmapData {
  id: string;
}

export interface ResultMaps {
  maps: ResultMap[];
  /** One line per entry that did not match the contract (index and first issue). */
  problems: string[];
}

export function resultMaps(result: unknown): ResultMaps {
  if (typeof result !== 'object' || result === null || !('maps' in result)) return { maps: [], problems: [] };
  const raw = (result as { maps: unknown }).maps;
  if (!Array.isArray(raw)) return { maps: [], problems: ['maps is not a list'] };
  const maps: ResultMap[] = [];
  const problems: string[] = [];
  raw.forEach((entry, i) => {
    const parsed = ResultMapSchema.safeParse(entry);
    if (parsed.success) maps.push(parsed.data);
    else {
      const issue = parsed.error.issues[0];
      problems.push(`maps[${i}]${issue ? `.${issue.path.join('.')}: ${issue.message}` : ''}`);
    }
  });
  return { maps, problems };
}
