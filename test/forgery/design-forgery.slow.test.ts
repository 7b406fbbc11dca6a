/**
 * The spec-to-design suite inherits issue 17's checks through the suite contract: verify re-runs
 * the evaluator on the logged source of every probe and submission and requires the recorded
 * verdict, so a forged score, a design source whose hash differs from the scored one, a verdict of
 * another evaluator version and a failed gate marked passed all fail verify, naming the task and
 * the field — even after the forger redoes the rows and metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDesignEnv } from '../../src/adapters/node/design-env.ts';
import { loadShippedBank } from '../../src/adapters/node/suite-environments.ts';
import type { DesignRunManifest } from '../../src/core/design/manifest.ts';
import type { DesignRow } from '../../src/core/design/rows.ts';
import type { DesignTranscript } from '../../src/core/design/episode.ts';
import { designSuite } from '../../src/core/design/suite.ts';
import type { DesignTask } from '../../src/core/design/task-schema.ts';
import { runSuite } from '../../src/core/run/run-suite.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import type { SuiteMetrics } from '../../src/core/suite/metrics.ts';
import { verifyRun, type ShippedBank, type VerifyReport } from '../../src/core/verify/verify.ts';

interface Bundle {
  manifest: DesignRunManifest;
  rows: DesignRow[];
  metrics: SuiteMetrics;
  transcripts: DesignTranscript[];
}

let bank: ShippedBank;
let env: Awaited<ReturnType<typeof createNodeDesignEnv>>;
const runs: Record<string, string> = {};

/** A run of one physics facet (the selection verify binds the task list to). */
async function run(agentId: string, physics: string): Promise<string> {
  const tasks = (bank.tasks as DesignTask[]).filter((x) => x.physics === physics);
  let t = Date.UTC(2026, 0, 1);
  const agent = designSuite.agents.find((a) => a.id === agentId);
  if (!agent) throw new Error(`no agent ${agentId}`);
  const r = await runSuite(designSuite, { tasks, agent, env, clock: () => (t += 1), seed: 42, options: {}, appVersion: 'forgery', bankHash: bank.hash, filters: { physics } });
  return JSON.stringify({ manifest: r.manifest, rows: r.rows, metrics: r.metrics, transcripts: r.transcripts });
}

beforeAll(async () => {
  bank = await loadShippedBank(designSuite as unknown as AnySuite);
  env = await createNodeDesignEnv();
  // Fast facets with each kind of physics the forgeries touch (thin film, heat, harvester); the bench runs every task.
  for (const physics of ['thin-film', 'heat', 'veh']) {
    runs[`reference:${physics}`] = await run('reference', physics);
    runs[`starter:${physics}`] = await run('starter', physics);
  }
}, 120_000);

afterAll(() => env.dispose());

async function forgeAndVerify(which: string, edit: (b: Bundle) => void): Promise<VerifyReport> {
  const b = JSON.parse(runs[which] as string) as Bundle;
  edit(b);
  b.rows = b.transcripts.map((t) => designSuite.deriveRow(t));
  b.metrics = designSuite.computeMetrics(b.rows, { seed: b.manifest.seed });
  return verifyRun(designSuite, { results: b, transcripts: b.transcripts }, { env, bank });
}

const submitOf = (b: Bundle, taskId: string) => {
  const t = b.transcripts.find((x) => x.task.task_id === taskId) as DesignTranscript;
  const e = t.events.find((x) => x.type === 'tool_call' && x.name === 'submit');
  if (!e || e.type !== 'tool_call') throw new Error('no submit');
  return e as typeof e & { result: { S: number; J: number | null; valid: boolean; evaluator_version: string; gates: { pass: boolean }[] }; arguments: { source: string } };
};
const diffOn = (r: VerifyReport, taskId: string, field: RegExp) => r.tasks.find((t) => t.task_id === taskId)?.diffs.find((d) => field.test(d.path));

describe('design suite: forgeries fail verify', () => {
  it('the untouched reference run verifies', async () => {
    for (const physics of ['thin-film', 'heat', 'veh']) {
      const r = await forgeAndVerify(`reference:${physics}`, () => undefined);
      expect(r.file_diffs.concat(r.metric_diffs, r.tasks.flatMap((t) => t.diffs)).map((d) => JSON.stringify(d)).slice(0, 3)).toEqual([]);
      expect(r.outcome).toBe('verified');
    }
  });

  it('a forged score in a submission verdict', async () => {
    const r = await forgeAndVerify('reference:heat', (b) => {
      const s = submitOf(b, 'design-thermo-optic-phase-shifter');
      s.result.J = 1;
      s.result.S = 1 / (1 + 1 / 20);
    });
    expect(r.outcome).toBe('mismatch');
    expect(diffOn(r, 'design-thermo-optic-phase-shifter', /result/)).toBeDefined();
  });

  it('a one-byte change to the submitted source (the verdict kept)', async () => {
    const r = await forgeAndVerify('reference:thin-film', (b) => {
      const s = submitOf(b, 'design-bragg-mirror-1550');
      s.arguments.source = s.arguments.source.replace('1548', '1549');
    });
    expect(r.outcome).toBe('mismatch');
    expect(diffOn(r, 'design-bragg-mirror-1550', /source_sha256|result/)).toBeDefined();
  });

  it('a verdict claimed from another evaluator version', async () => {
    const r = await forgeAndVerify('reference:veh', (b) => {
      submitOf(b, 'design-harvester-spectrum').result.evaluator_version = 'design-evaluator/0';
    });
    expect(diffOn(r, 'design-harvester-spectrum', /evaluator_version/)).toBeDefined();
  });

  it('a failed gate marked passed on an invalid starter design', async () => {
    const before = JSON.parse(runs['starter:heat'] as string) as Bundle;
    expect(submitOf(before, 'design-thermo-optic-phase-shifter').result.valid).toBe(false);
    const r = await forgeAndVerify('starter:heat', (b) => {
      const s = submitOf(b, 'design-thermo-optic-phase-shifter');
      for (const g of s.result.gates) g.pass = true;
      s.result.valid = true;
      s.result.J = 25;
      s.result.S = 1 / (1 + 25 / 20);
    });
    expect(r.outcome).toBe('mismatch');
    expect(diffOn(r, 'design-thermo-optic-phase-shifter', /result/)).toBeDefined();
  });
});

describe('where the built-in agents land', () => {
  it('reference: every task valid, S ≥ 0.5 on Design and 0.5 on Reimplementation; starter: below it', () => {
    const rows = (which: string) => ['thin-film', 'heat', 'veh'].flatMap((p) => (JSON.parse(runs[`${which}:${p}`] as string) as Bundle).rows);
    const ref = rows('reference');
    const starter = rows('starter');
    for (const row of ref) {
      expect(row.valid, row.task_id).toBe(true);
      if (row.family === 'design') expect(row.score).toBeGreaterThanOrEqual(0.5);
      else expect(Math.abs(row.score - 0.5)).toBeLessThan(1e-9);
    }
    for (const row of starter) expect(row.score, row.task_id).toBeLessThan(ref.find((r) => r.task_id === row.task_id)!.score);
  });
});
