import { beforeAll, describe, expect, it } from 'vitest';
import type { VehRunResult as RunResult } from '../veh/run/run-veh.ts';
import { vehSuite } from '../veh/suite.ts';
import { VEH_ORACLE_FUNCTION as ATIF_ORACLE_FUNCTION } from '../veh/interop.ts';
import { ATIF_SCHEMA_VERSION, runToAtifJsonl, transcriptToAtif, type AtifTrajectory } from './atif.ts';
import { renderExportMarkdown } from './results-markdown.ts';
import { fixtureRun } from './test-run.ts';

let run: RunResult;
beforeAll(async () => {
  run = await fixtureRun('random');
});

describe('ATIF export', () => {
  it('one trajectory per task, one JSON line each, in run order', () => {
    const lines = runToAtifJsonl(vehSuite.interop, run.manifest, run.transcripts).trimEnd().split('\n');
    expect(lines).toHaveLength(run.transcripts.length);
    const first = JSON.parse(lines[0]!) as AtifTrajectory;
    expect(first.schema_version).toBe(ATIF_SCHEMA_VERSION);
    expect(first.session_id).toBe(`${run.manifest.run_id}/${run.transcripts[0]!.task.task_id}`);
    expect(first.agent).toMatchObject({ name: 'proving-ground/random', version: 't' });
  });

  it('steps are numbered from 1; messages and replies keep their text; agent oracle calls become tool calls with observations', () => {
    for (const t of run.transcripts) {
      const a = transcriptToAtif(vehSuite.interop, t, run.manifest);
      expect(a.steps.map((s) => s.step_id)).toEqual(a.steps.map((_, i) => i + 1));
      const messages = t.events.filter((e) => e.type === 'message' || e.type === 'reply').length;
      const harness = t.events.filter((e) => e.type === 'oracle_call' && e.purpose === 'harness').length;
      expect(a.steps.filter((s) => s.source !== 'system' || !s.message.startsWith('harness oracle')).length).toBe(messages);
      expect(a.steps.filter((s) => s.message.startsWith('harness oracle')).length).toBe(harness);
      const calls = t.events.flatMap((e) => (e.type === 'oracle_call' && e.purpose === 'agent' ? [e] : []));
      const toolCalls = a.steps.flatMap((s) => s.tool_calls ?? []);
      expect(toolCalls).toHaveLength(calls.length);
      toolCalls.forEach((c, i) => {
        expect(c.function_name).toBe(ATIF_ORACLE_FUNCTION);
        expect(c.arguments).toEqual(calls[i]!.request);
      });
      const observed = a.steps.flatMap((s) => (s.tool_calls ? (s.observation?.results ?? []) : []));
      expect(observed.map((o) => JSON.parse(o.content) as unknown)).toEqual(calls.map((c) => c.result));
      expect(a.final_metrics?.total_steps).toBe(a.steps.length);
    }
  });

  it('keeps protocol events verbatim in step extras (nothing of the transcript is dropped)', () => {
    for (const t of run.transcripts) {
      const a = transcriptToAtif(vehSuite.interop, t, run.manifest);
      const kept = a.steps.flatMap((s) => (s.extra?.events as unknown[] | undefined) ?? []);
      expect(kept).toEqual(t.events.filter((e) => e.type !== 'message' && e.type !== 'reply' && e.type !== 'oracle_call'));
    }
  });
});

describe('results.md of an export', () => {
  it('has the metric tables and one line per task', () => {
    const md = renderExportMarkdown(vehSuite, run);
    expect(md).toContain('# VEHBench run: ');
    expect(md).toMatch(new RegExp(`## Tasks \\(\\d+ of ${run.rows.length} pass\\)`));
    for (const r of run.rows) expect(md).toContain(`| ${r.task_id} |`);
  });
});
