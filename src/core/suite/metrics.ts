/**
 * The metric value every suite reports: a point estimate with its 95 % interval, the method that
 * made the interval, and the number of task rows behind it. Suites group their metrics (VEH and the
 * circuit audit by probe; later suites by category or family), so a run's metrics are a table of
 * tables: group → metric key → value. Generic layers (results files, leaderboard, analyses) read
 * only this shape.
 */
import { z } from 'zod';

export const MetricValueSchema = z.strictObject({
  value: z.number().nullable(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  method: z.enum(['wilson', 'bootstrap', 'none']),
  n: z.number().int(),
});
export type MetricValue = z.infer<typeof MetricValueSchema>;
export type MetricTable = Record<string, MetricValue>;

/** group (a probe, a category, "overall") → metric key → value. */
export type SuiteMetrics = Partial<Record<string, MetricTable>>;
export const SuiteMetricsSchema = z.partialRecord(z.string(), z.record(z.string(), MetricValueSchema));
