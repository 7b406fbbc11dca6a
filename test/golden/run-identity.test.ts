/**
 * Byte identity across the suite-contract refactor (issue 14): the same seed must give the same
 * rows, metrics, transcripts, manifest, results.json and results.md as the engine did before it.
 * The hashes in run-identity.json were recorded with the pre-refactor engine (commit f4f1084) by
 * running goldenRun on every case; a change to any of them is a change to what users get.
 *
 * The legacy files beside this test were written by that same engine (a page export, a VEH run
 * folder, a circuit run folder): they must still import and verify.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { GOLDEN_CASES, goldenRun, type GoldenHashes } from './golden-runs.ts';

const RECORDED = JSON.parse(readFileSync(new URL('./run-identity.json', import.meta.url), 'utf8')) as Record<string, GoldenHashes>;

describe('full runs are byte-identical to the pre-refactor engine', () => {
  for (const c of GOLDEN_CASES) {
    it(c, async () => {
      expect(await goldenRun(c)).toEqual(RECORDED[c]);
    });
  }
});

describe('files written before the refactor still verify', () => {
  // They hold a hand-picked 8 tasks (two per probe) under task_filter {} and task_count 8. Since
  // issue 17 verify binds the task list to the manifest's selection from the shipped bank, so that
  // selection (which no run could have made) is flagged; every task must still re-derive, re-run
  // and re-execute cleanly, with nothing else differing.
  for (const f of ['veh-run-export-v1.json', 'veh-cli-run', 'circuit-cli-run']) {
    it(f, async () => {
      const path = new URL(`./legacy/${f}`, import.meta.url).pathname;
      let json = '';
      expect(await main(['verify', '--json', path], { stdout: (s) => (json += s), stderr: () => undefined })).toBe(1);
      const [report] = JSON.parse(json) as { counts: Record<string, number>; verdict: string; metric_diffs: unknown[]; file_diffs: { path: string }[] }[];
      expect(report?.counts).toEqual({ verified: 8, mismatch: 0, unverifiable: 0 });
      expect(report?.verdict).toBe('replayed');
      expect(report?.metric_diffs).toEqual([]);
      expect(report?.file_diffs.length).toBeGreaterThan(0);
      for (const d of report?.file_diffs ?? []) expect(d.path).toMatch(/^(manifest\.task_count|tasks\[\d+\]\.task_(id|index))$/);
    });
  }
});
