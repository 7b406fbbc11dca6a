import { describe, expect, it } from 'vitest';
import { checkRunCount, runAnalysis } from './index.ts';
import { orientPair } from './paired-delta.ts';
import { p3Outcome, testManifest } from './test-runs.ts';
import { tableToText } from '../../analyses/text.ts';
import type { AnalysisRun } from './analysis-run.ts';

const run = (id: string, extra: Record<string, unknown>, ok: boolean): AnalysisRun => ({
  run_id: id,
  manifest: testManifest(id, 'random', extra),
  rows: [p3Outcome('t0', ok ? 'success' : 'stuck', { summary: extra.p3_variant === 'state_summary' })],
});

describe('analysis registry', () => {
  it('orients state-summary − raw-history and targeted − neutral whatever the order given', () => {
    const raw = run('raw', {}, false);
    const ss = run('ss', { p3_variant: 'state_summary' }, true);
    expect(orientPair(raw, ss).a.run_id).toBe('ss');
    expect(orientPair(ss, raw).a.run_id).toBe('ss');
    const neutral = run('n', { control: 'neutral' }, false);
    const targeted = run('t', { control: 'targeted' }, true);
    expect(orientPair(neutral, targeted)).toMatchObject({ a: { run_id: 't' }, reason: 'targeted − neutral' });
    const other = run('o', {}, true);
    expect(orientPair(raw, other)).toMatchObject({ a: { run_id: 'raw' }, reason: null });
    // A left-over P3 form must not flip a control pair: targeted/raw vs neutral/summary is still targeted − neutral.
    const targetedRaw = run('tr', { control: 'targeted', p3_variant: 'raw_history' }, true);
    const neutralSummary = run('ns', { control: 'neutral', p3_variant: 'state_summary' }, false);
    expect(orientPair(neutralSummary, targetedRaw)).toMatchObject({ a: { run_id: 'tr' }, reason: 'targeted − neutral' });
  });

  it('paired needs exactly two runs; the tables come out with the orientation noted', () => {
    expect(checkRunCount('paired', 3)).toContain('needs two runs');
    expect(checkRunCount('profiles', 3)).toBeNull();
    const [t] = runAnalysis('paired', [run('raw', {}, false), run('ss', { p3_variant: 'state_summary' }, true)], { seed: 1, resamples: 50 });
    expect(t?.notes[0]).toContain('state-summary − raw-history');
    expect(t?.rows.find((r) => r.cells.metric === 'P3-Success')?.cells.delta).toBe(1);
    expect(() => runAnalysis('paired', [], { seed: 1 })).toThrow(RangeError);
  });

  it('control runs are their own unit in profiles, never pooled with the default runs', () => {
    const tables = runAnalysis('profiles', [run('d', {}, true), run('n', { control: 'neutral' }, false)], { seed: 1 });
    expect(tables[0]?.rows.map((r) => r.cells.unit)).toEqual(['random', 'random [neutral]']);
  });

  it('prints a table as aligned text with its notes and sources', () => {
    const [t] = runAnalysis('routing', [run('a', {}, true)], { seed: 1 });
    const text = tableToText(t as NonNullable<typeof t>);
    expect(text.split('\n')[0]).toBe('Stage-aware routing (dev-selected, held-out scored)');
    expect(text).toContain('note: Routing needs two or more agents or models');
  });
});
