import { useMemo } from 'react';
import { downloadJson } from '../run/download-json.ts';
import { ConventionsList } from './ConventionsList.tsx';
import { ResultFacts } from './ResultFacts.tsx';
import { EfficiencyBars } from './EfficiencyBars.tsx';
import { ResultMaps } from './ResultMaps.tsx';
import { ResultPlots } from './ResultPlots.tsx';
import { ResultTableView } from './ResultTableView.tsx';
import { WarningsPanel } from './WarningsPanel.tsx';
import { isRecord } from './plots/plot-spec.ts';
import { resultMaps } from './plots/result-maps.ts';
import { resultPlots } from './plots/result-plots.ts';
import { resultTables } from './result-tables.ts';
import type { PhotonicsSolveOutput } from '../../../workers/photonics-api.ts';

/** A solved problem: warnings first, then timing and backend, single values, efficiency bars, plots, 2-D maps, tables, conventions. */
export function ResultView({ output }: { output: PhotonicsSolveOutput }) {
  const result: unknown = output.result;
  const tables = useMemo(() => resultTables(result), [result]);
  const plots = useMemo(() => resultPlots(result), [result]);
  const maps = useMemo(() => resultMaps(result), [result]);
  const warnings = isRecord(result) && Array.isArray(result.warnings) ? result.warnings.map(String) : [];
  const kind = isRecord(result) ? String(result.kind) : 'result';
  return (
    <section className="panel pg-result" aria-label="Result" data-testid="pg-result">
      <div className="panel-heading">
        <h2>Result</h2>
        <span className="note" data-testid="pg-solve-time">
          solved in the worker in {output.ms < 1 ? output.ms.toFixed(2) : output.ms.toFixed(1)} ms
        </span>
        <button type="button" onClick={() => downloadJson(`photonics-${kind}-result.json`, result)}>
          Download result (JSON)
        </button>
      </div>
      <WarningsPanel warnings={warnings} />
      <ResultFacts facts={tables.facts} />
      <EfficiencyBars result={result} />
      <ResultPlots plots={plots} />
      <ResultMaps maps={maps} />
      {tables.tables.map((t) => (
        <ResultTableView key={t.id} table={t} />
      ))}
      <ConventionsList conventions={isRecord(result) ? result.conventions : undefined} />
    </section>
  );
}
