import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { buildCircuitOpening } from '../protocol/prompts.ts';
import { p1Task, p3Task } from '../protocol/test-fixtures.ts';
import { CIRCUIT_AGENTS, getCircuitAgent } from './index.ts';

const ctx = (task: unknown) => ({ task, rng: createRng(1), signal: new AbortController().signal });

describe('circuit agents', () => {
  it('have unique ids, and only the reference agent is privileged', () => {
    expect(new Set(CIRCUIT_AGENTS.map((a) => a.id)).size).toBe(CIRCUIT_AGENTS.length);
    expect(CIRCUIT_AGENTS.filter((a) => a.privileged).map((a) => a.id)).toEqual(['reference']);
    expect(() => getCircuitAgent('cmaes-6')).toThrow(/built-in circuit agents: reference, always-propose, last-state, random/);
  });

  it('the reference agent refuses to start without the full task', () => {
    expect(() => getCircuitAgent('reference').start(ctx({ probe: 'P1' }))).toThrow(/needs the full circuit task/);
  });

  it('answer from the opening messages alone, in JSON', async () => {
    const task = p3Task();
    const reply = await getCircuitAgent('last-state').start(ctx(task)).respond(buildCircuitOpening(task), new AbortController().signal);
    // The trajectory ends on the trap design; last-state re-proposes it.
    expect(JSON.parse(reply.text)).toMatchObject({ action: 'propose_design', design: task.corrupted_history.at(-1)?.design });
    const p1 = await getCircuitAgent('always-propose').start(ctx(p1Task('declare_infeasible'))).respond(buildCircuitOpening(p1Task('declare_infeasible')), new AbortController().signal);
    expect(JSON.parse(p1.text)).toMatchObject({ action: 'propose_design' });
  });
});
