/**
 * One episode on the engine: the oracle's transcript holds the system and task prompts (the answer
 * keys listed, no hint of traps, estimates or pushback), every tool call with its arguments,
 * result and timing, and grades from that alone; a budget stop keeps the transcript and grades
 * what was submitted by then (here: nothing).
 */
import { describe, expect, it } from 'vitest';
import { createNodePhotonicsAgentEnv } from '../../adapters/node/photonics-agent-env.ts';
import { oracleAgent } from './agents/index.ts';
import { PhotonicsTranscriptSchema, runPhotonicsEpisode, SYSTEM_PROMPT } from './episode.ts';
import { derivePhotonicsRow } from './rows.ts';
import { shippedTasks } from './test-bank.ts';

async function episode(taskId: string, budget?: { max_turns: number }) {
  const task = (await shippedTasks()).find((t) => t.task_id === taskId);
  if (!task) throw new Error(taskId);
  const env = await createNodePhotonicsAgentEnv();
  let t = 0;
  return runPhotonicsEpisode({ task, taskIndex: 0, agent: oracleAgent, env, clock: () => (t += 1), runSeed: 42, signal: new AbortController().signal, options: {}, ...(budget ? { budget } : {}) });
}

describe('photonics-agent episode', () => {
  it('records prompts and every call, and grades from the transcript', async () => {
    const t = PhotonicsTranscriptSchema.parse(await episode('periodic-lamellar-zeroth-order'));
    const messages = t.events.filter((e) => e.type === 'message');
    expect(messages.map((m) => m.type === 'message' && m.role)).toEqual(['system', 'user']);
    expect(SYSTEM_PROMPT).toMatch(/will not answer follow-up questions/);
    expect(SYSTEM_PROMPT).not.toMatch(/trap|pushback|estimate before/i);
    expect(messages[1]?.type === 'message' && messages[1].content).toMatch(/- t0 \(1\): efficiency of the zeroth transmitted order/);
    const calls = t.events.filter((e) => e.type === 'tool_call');
    expect(calls.map((c) => c.type === 'tool_call' && [c.name, c.step, c.error])).toEqual([
      ['estimate', 1, null],
      ['solve', 1, null],
      ['submit_answer', 2, null],
    ]);
    for (const c of calls) expect(c.type === 'tool_call' && c.duration_ms).toBeGreaterThan(0);
    const row = derivePhotonicsRow(t);
    expect(row).toMatchObject({ pass: true, score: 1, category: 'standard', kind: 'periodic', failed_checks: [], tool_calls: 3, failed_tool_calls: 0, turns: 3 });
    expect(row.checks.map((c) => c.name)).toEqual(['value:t0', 'solved_kind', 'estimate_before_solve']);
  });

  it('a budget stop keeps the transcript and grades what was submitted', async () => {
    const t = await episode('stack-bragg-mirror', { max_turns: 1 });
    expect(t.status).toBe('budget_exceeded');
    const row = derivePhotonicsRow(t);
    expect(row).toMatchObject({ pass: false, answered: false, status: 'budget_exceeded', tool_calls: 1 });
    expect(row.failed_checks).toEqual(['value:reflectance']);
    expect(row.checks.find((c) => c.name === 'value:reflectance')?.reason).toMatch(/no answer was submitted/);
  });
});
