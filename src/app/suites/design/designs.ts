/**
 * The designs an episode had evaluated, read back from its transcript: each probe and the
 * submission with the source the agent sent and the verdict the evaluator returned (the recorded
 * one — without the map, which the page can recompute). Pure; the transcript view draws these.
 */
import { evaluatorCallsOf } from '../../../core/design/episode.ts';
import { RecordedVerdictSchema, type RecordedVerdict } from '../../../core/design/rows.ts';
import { DesignShapeSchema, type DesignShape } from '../../../core/design/source-api.ts';
import type { ToolEpisodeEvent } from '../../../core/llm/tool-events.ts';

export interface EvaluatedDesignView {
  /** 1-based position among the evaluated designs (the chart's x). */
  n: number;
  call: 'probe' | 'submit';
  step: number;
  call_id: string;
  source: string;
  verdict: RecordedVerdict;
  /** The verdict's layout, each shape checked; null when the design drew none. */
  shapes: DesignShape[] | null;
}

/** Probes first, then the submission, each in the order the episode made it. */
export function evaluatedDesignsOf(events: readonly ToolEpisodeEvent[]): EvaluatedDesignView[] {
  const found = evaluatorCallsOf(events).flatMap((e) => {
    const v = RecordedVerdictSchema.safeParse(e.result);
    if (!v.success) return [];
    const source = (e.arguments as { source?: unknown } | null)?.source;
    const shapes = v.data.layout === null ? null : v.data.layout.flatMap((s) => {
      const p = DesignShapeSchema.safeParse(s);
      return p.success ? [p.data] : [];
    });
    return [{ call: e.name as 'probe' | 'submit', step: e.step, call_id: e.call_id, source: typeof source === 'string' ? source : '', verdict: v.data, shapes: shapes && shapes.length > 0 ? shapes : null }];
  });
  const ordered = [...found.filter((d) => d.call === 'probe'), ...found.filter((d) => d.call === 'submit')];
  return ordered.map((d, i) => ({ n: i + 1, ...d }));
}

export interface ProbeSeries {
  n: number[];
  J: number[];
  S: number[];
  bestS: number[];
}

/** J (NaN where the design was invalid: the chart breaks its line there), S and the best S so far. */
export function probeSeries(designs: readonly EvaluatedDesignView[]): ProbeSeries {
  let best = 0;
  return {
    n: designs.map((d) => d.n),
    J: designs.map((d) => d.verdict.J ?? Number.NaN),
    S: designs.map((d) => d.verdict.S),
    bestS: designs.map((d) => (best = Math.max(best, d.verdict.S))),
  };
}
