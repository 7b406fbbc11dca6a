import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze.ts';
import { toResultsFile } from '../../src/core/veh/run/results-file.ts';
import { p3Outcome, testManifest } from '../../src/core/veh/analyses/test-runs.ts';
import type { VehRow } from '../../src/core/veh/rows.ts';
import { toCircuitResultsFile } from '../../src/core/circuit-audit/run/results-file.ts';
import type { CircuitRunManifest } from '../../src/core/circuit-audit/run/manifest.ts';
import type { CircuitRow } from '../../src/core/circuit-audit/metrics/rows.ts';
import { p3Row, state, step, violation } from '../../src/core/circuit-audit/metrics/test-utils.ts';
import { capture } from '../test-capture.ts';

let dir = '';

async function writeRun(name: string, variant: 'raw_history' | 'state_summary', rows: VehRow[]): Promise<string> {
  const d = join(dir, name);
  await mkdir(d);
  const manifest = testManifest(name, 'last-state', { p3_variant: variant });
  await writeFile(join(d, 'results.json'), JSON.stringify(toResultsFile({ manifest, rows, metrics: {} })));
  return d;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-analyze-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('analyze', () => {
  it('paired: orients state-summary − raw-history and prints Δ with its interval', async () => {
    // Raw history fails both tasks; the state summary recovers both → Δ success = 1 with a [1, 1] interval.
    const raw = await writeRun('raw', 'raw_history', [p3Outcome('t0', 'stuck'), p3Outcome('t1', 'stuck')]);
    const ss = await writeRun('ss', 'state_summary', [p3Outcome('t0', 'success', { summary: true }), p3Outcome('t1', 'success', { summary: true })]);
    const c = capture();
    expect(await analyzeCommand(['paired', raw, ss, '--seed', '5'], c.io)).toBe(0);
    const text = c.out.join('\n');
    expect(text).toContain('Oriented as state-summary − raw-history');
    expect(text).toMatch(/P3\s+P3-Success\s+2\s+1\s+0\s+1\s+1\s+1/);
    const csv = capture();
    expect(await analyzeCommand(['paired', raw, ss, '--csv'], csv.io)).toBe(0);
    expect(csv.out.join('\n')).toContain('P3,P3-Success,2,1,0,1,1,1,ss raw,t0 t1');
  });

  it('profiles over two run folders prints the profile table and the correlation tables', async () => {
    const a = await writeRun('pa', 'raw_history', [p3Outcome('t0', 'success')]);
    const c = capture();
    expect(await analyzeCommand(['profiles', a, join(dir, 'raw')], c.io)).toBe(0);
    expect(c.out.join('\n')).toContain('Response-control profiles');
    expect(c.out.join('\n')).toContain('Stage-rank correlation matrix');
  });

  it('usage errors exit 2, unreadable runs exit 1', async () => {
    const c = capture();
    expect(await analyzeCommand(['nonsense'], c.io)).toBe(2);
    expect(await analyzeCommand(['paired', join(dir, 'raw')], c.io)).toBe(2);
    expect(c.err.join('\n')).toContain('needs two runs');
    expect(await analyzeCommand(['profiles', join(dir, 'missing')], c.io)).toBe(1);
    await writeFile(join(dir, 'bad.json'), '{"rows": 3}');
    expect(await analyzeCommand(['profiles', join(dir, 'bad.json')], c.io)).toBe(1);
    expect(c.err.join('\n')).toContain('neither a results.json nor a run download');
    expect(await analyzeCommand(['paired', join(dir, 'raw'), join(dir, 'summary'), '--resamples', '10'], c.io)).toBe(2);
    expect(c.err.join('\n')).toContain('--resamples must be an integer ≥ 100');
  });
});

describe('analyze on circuit runs', () => {
  async function writeCircuitRun(name: string, variant: 'raw_history' | 'state_summary', rows: CircuitRow[]): Promise<string> {
    const d = join(dir, name);
    await mkdir(d);
    const manifest: CircuitRunManifest = {
      schema_version: 1, suite: 'circuit', run_id: name, app_version: 'test', bank_hash: 'h', task_filter: {}, task_count: rows.length,
      agent: { id: name, label: name, description: 'hand-made', privileged: false }, seed: 1, max_retries: 0, oracle_backend: 'test',
      query_budget_rule_text: 'test', started_at: 't0', finished_at: 't1', status: 'completed', decoding: 'test', p3_variant: variant,
    };
    await writeFile(join(d, 'results.json'), JSON.stringify(toCircuitResultsFile({ manifest, rows, metrics: {} })));
    return d;
  }
  const trap = state({ violations: [violation('bw', 'f_3db_hz', 'increase')] });

  it('routes paired (state_summary − raw_history) and profiles; other analyses are usage errors', async () => {
    // Raw history never moves off the trap; the summary run escapes to a feasible design → Δ success = 1.
    const raw = await writeCircuitRun('c-raw', 'raw_history', [p3Row(trap, [], { task_id: 'c0' })]);
    const ss = await writeCircuitRun('c-ss', 'state_summary', [p3Row(trap, [step(state())], { task_id: 'c0' })]);
    const c = capture();
    expect(await analyzeCommand(['paired', raw, ss, '--seed', '3'], c.io)).toBe(0);
    expect(c.out.join('\n')).toContain('Circuit paired deltas: c-ss − c-raw');
    expect(c.out.join('\n')).toMatch(/P3\s+P3 success\s+1\s+1\s+0\s+1\s+1\s+1/);
    const p = capture();
    expect(await analyzeCommand(['profiles', raw, ss], p.io)).toBe(0);
    expect(p.out.join('\n')).toContain('Circuit profile scores');
    const u = capture();
    expect(await analyzeCommand(['routing', raw, ss], u.io)).toBe(2);
    expect(u.err.join('\n')).toContain('circuit runs support: profiles, paired');
    expect(await analyzeCommand(['paired', raw, join(dir, 'raw')], u.io)).toBe(2);
    expect(u.err.join('\n')).toContain('cannot be analysed together');
  });
});
