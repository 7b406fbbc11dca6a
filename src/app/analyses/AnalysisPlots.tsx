import type { AnalysisTable } from '../../core/analyses/table.ts';
import { ExportableFigure } from '../charts/ExportableFigure.tsx';
import { IntervalBarChart } from '../charts/IntervalBarChart.tsx';
import { RadarChart } from '../charts/RadarChart.tsx';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Radar of the five profile dimensions, one outline per compared unit (from the profile table). */
function ProfileRadar({ table }: { table: AnalysisTable }) {
  const dims = table.columns.filter((c) => c.kind === 'number' && c.key !== 'tasks');
  const series = table.rows.map((r) => ({ name: String(r.cells.unit ?? ''), values: dims.map((d) => num(r.cells[d.key])) }));
  const title = 'Response-control profiles';
  return (
    <ExportableFigure title={title} testId="profile-radar">
      {(ref) => <RadarChart ref={ref} title={title} axes={dims.map((d) => d.label)} series={series} />}
    </ExportableFigure>
  );
}

/** Forest plot: each paired Δ from zero with its 95 % interval (paired deltas, SG gap, CMA-ES − LLM). */
function DeltaForest({ table, label, value, title, xLabel }: { table: AnalysisTable; label: (cells: AnalysisTable['rows'][number]['cells']) => string; value: string; title: string; xLabel: string }) {
  const groups = table.rows.map((r) => ({
    label: label(r.cells),
    bars: [{ series: 'Δ', value: num(r.cells[value]), low: num(r.cells.ci_low), high: num(r.cells.ci_high) }],
  }));
  if (groups.length === 0) return null;
  // A symmetric axis around zero, at least [−1, 1] (rate deltas), so an all-zero Δ still gets a readable scale.
  const extent = Math.max(1, ...groups.flatMap((g) => g.bars.flatMap((b) => [b.value, b.low, b.high].map((v) => Math.abs(v ?? 0)))));
  return (
    <ExportableFigure title={title} testId="delta-forest">
      {(ref) => <IntervalBarChart ref={ref} title={title} xLabel={xLabel} groups={groups} domain={[-extent, extent]} />}
    </ExportableFigure>
  );
}

/** The plot that goes with a table, if any. */
export function AnalysisPlot({ table }: { table: AnalysisTable }) {
  switch (table.id) {
    case 'profiles':
      return table.rows.length > 0 ? <ProfileRadar table={table} /> : null;
    case 'paired-delta':
      return <DeltaForest table={table} value="delta" label={(c) => `${String(c.probe)} ${String(c.metric)}`} title={table.title} xLabel="Δ (A − B), 95 % paired bootstrap interval" />;
    case 'sg-gap':
      return <DeltaForest table={table} value="sg_gap" label={(c) => String(c.model)} title="SG gap (A-selection − B-generation)" xLabel="SG gap, 95 % paired bootstrap interval" />;
    case 'cmaes-ratio':
      return <DeltaForest table={table} value="delta" label={(c) => `${String(c.cmaes)} vs ${String(c.llm)}`} title="CMA-ES − compared run, P2b" xLabel="Δ P2b, 95 % paired bootstrap interval" />;
    default:
      return null;
  }
}
