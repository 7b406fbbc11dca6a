// The reproduction suite end to end in Node, before its registration: the bank generated from the
// task definitions loads back; the built-in agents played through the tool loop — reference Full,
// plausible Partial, empty 0 — give rows from their transcripts alone; the submitted package
// replayed again gives the verdict the transcript records (all but its wall-clock figures), and an
// artifact forged in a transcript is a difference.
import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessReproductionEnv } from '../../src/adapters/node/reproduction-env.ts';
import { REPRODUCTION_AGENTS } from '../../src/core/reproduction/agents/index.ts';
import { generateReproductionBank } from '../../src/core/reproduction/bank/generate.ts';
import { loadReproductionBank } from '../../src/core/reproduction/bank/load.ts';
import type { ReproductionEnv } from '../../src/core/reproduction/environment.ts';
import { runReproductionEpisode, ReproductionTranscriptSchema, type ReproductionTranscript } from '../../src/core/reproduction/episode.ts';
import { deriveReproductionRow } from '../../src/core/reproduction/rows.ts';
import { reproductionSuite } from '../../src/core/reproduction/suite.ts';
import { REPRODUCTION_TASKS } from '../../src/core/reproduction/tasks/index.ts';
import { diffValues } from '../../src/core/verify/verify.ts';

let env: ReproductionEnv;
const bank = generateReproductionBank(REPRODUCTION_TASKS);
beforeAll(async () => {
  env = await createInProcessReproductionEnv();
});

async function play(agentId: string): Promise<ReproductionTranscript> {
  const agent = REPRODUCTION_AGENTS.find((a) => a.id === agentId)!;
  let t = 0;
  return runReproductionEpisode({ task: bank.tasks[0]!, taskIndex: 0, agent, env, clock: () => (t += 1), runSeed: 7, signal: new AbortController().signal, options: {} });
}

describe('reproduction suite', () => {
  it('the generated bank loads back through its manifest', async () => {
    const loaded = await loadReproductionBank(async (f) => bank.files.get(f) ?? Promise.reject(new Error(`no ${f}`)));
    expect(loaded.tasks.map((t) => t.task_id)).toEqual(REPRODUCTION_TASKS.map((d) => d.task.task_id));
    const edited = new Map(bank.files);
    const first = bank.manifest.files[0]!.file;
    edited.set(first, edited.get(first)!.replace('group index', 'group lndex'));
    await expect(loadReproductionBank(async (f) => edited.get(f)!)).rejects.toThrow();
  });

  it('reference is Full, plausible Partial with a low Validation stage, empty 0 — rows from transcripts alone', async () => {
    const [ref, plausible, empty] = await Promise.all(['reference', 'plausible', 'empty'].map(play));
    const rows = [ref!, plausible!, empty!].map((t) => deriveReproductionRow(ReproductionTranscriptSchema.parse(JSON.parse(JSON.stringify(t)))));
    expect(rows[0]).toMatchObject({ submitted: true, replay_status: 'completed', full: true, score: 1, dev_runs: 1, failed_leaves: [] });
    expect(rows[1]!.full).toBe(false);
    expect(rows[1]!.score).toBeGreaterThan(0.3);
    expect(rows[1]!.stages.validation!).toBeLessThan(0.6);
    expect(rows[2]).toMatchObject({ submitted: true, replay_status: 'invalid', score: 0, full: false });
  });

  it('the submitted package replayed again gives the recorded verdict; a forged artifact is a difference', async () => {
    const t = await play('reference');
    const [call] = reproductionSuite.recordedCalls(t);
    const [again] = await reproductionSuite.replayCalls(env, [call!.request]);
    expect(diffValues(call!.result, again, 'verdict')).toEqual([]);
    const forged = JSON.parse(JSON.stringify(t)) as ReproductionTranscript;
    const submit = forged.events.find((e) => e.type === 'tool_call' && e.name === 'submit') as { result: { verdict: { artifacts: { name: string; data: { rows: number[][] } }[] } } };
    submit.result.verdict.artifacts.find((a) => a.name === 'fsr')!.data.rows[0]![1] = 9.5;
    const [forgedCall] = reproductionSuite.recordedCalls(forged);
    expect(diffValues(forgedCall!.result, again, 'verdict').map((d) => d.path)).toEqual(['verdict.artifacts[1].data.rows[0][1]']);
  });
});
