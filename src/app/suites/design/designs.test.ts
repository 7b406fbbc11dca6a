import { describe, expect, it } from 'vitest';
import type { ToolEpisodeEvent } from '../../../core/llm/tool-events.ts';
import { evaluatedDesignsOf, probeSeries } from './designs.ts';

const SHA = 'a'.repeat(64);
const verdict = (S: number, J: number | null, layout: unknown[] | null = null) => ({
  task_id: 'design-x',
  evaluator_version: 'design-evaluator/1',
  sandbox: 'quickjs',
  source_sha256: SHA,
  valid: J !== null,
  gates: [{ id: 'source-runs', category: 'source', pass: J !== null, reason: 'r' }],
  J,
  c: 20,
  S,
  metrics: {},
  layout,
  logs: [],
});
const call = (name: string, step: number, source: string, result: unknown, error: string | null = null): ToolEpisodeEvent => ({
  type: 'tool_call',
  t_ms: step,
  step,
  call_id: `c${step}-${name}`,
  name,
  arguments_text: JSON.stringify({ source }),
  arguments: { source },
  valid: true,
  error,
  result,
  duration_ms: 1,
});

describe('evaluatedDesignsOf', () => {
  const events: ToolEpisodeEvent[] = [
    call('heat_solve', 1, 'not a design', { ok: true }),
    call('probe', 1, 'p1', verdict(0, null, [{ type: 'rect', layer: 'heater', x: [-1, 1], y: [2, 2.1] }, { type: 'bogus' }])),
    call('submit', 3, 'final', verdict(0.6, 13.3)),
    call('probe', 2, 'p2', verdict(0.5, 20, [])),
    call('probe', 2, 'over budget', undefined, 'the probe budget is spent'),
  ];

  it('lists the probes, then the submission, with their sources and verdicts; skips other tools and failed calls', () => {
    const d = evaluatedDesignsOf(events);
    expect(d.map((x) => [x.n, x.call, x.source])).toEqual([
      [1, 'probe', 'p1'],
      [2, 'probe', 'p2'],
      [3, 'submit', 'final'],
    ]);
    expect(d[2]?.verdict.S).toBe(0.6);
  });

  it('keeps only well-formed shapes, and calls an empty layout none', () => {
    const d = evaluatedDesignsOf(events);
    expect(d[0]?.shapes).toEqual([{ type: 'rect', layer: 'heater', x: [-1, 1], y: [2, 2.1] }]);
    expect(d[1]?.shapes).toBeNull();
    expect(d[2]?.shapes).toBeNull();
  });

  it('J breaks at invalid designs; best S never falls', () => {
    const s = probeSeries(evaluatedDesignsOf(events));
    expect(s.n).toEqual([1, 2, 3]);
    expect(s.J[0]).toBeNaN();
    expect(s.J.slice(1)).toEqual([20, 13.3]);
    expect(s.bestS).toEqual([0, 0.5, 0.6]);
  });
});
