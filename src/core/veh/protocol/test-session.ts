/** Test helpers: an agent whose replies a test scripts, and a one-call episode runner on the fixture oracle. */
import type { Agent, ChatMessage } from '../../agent/types.ts';
import { runEpisode } from '../run/run-episode.ts';
import type { Transcript } from '../run/transcript.ts';
import type { VehTask } from '../task-schema.ts';
import type { QueryBudgetRule } from './budget.ts';
import type { P3Variant } from './prompts.ts';
import { fixtureOracle } from './test-fixtures.ts';

/** Replies computed from the conversation so far (turn = number of replies already given). */
export type ReplyScript = (turn: number, messages: readonly ChatMessage[]) => string | object;

export function scriptAgent(script: ReplyScript, id = 'scripted-test'): Agent {
  return {
    id,
    label: id,
    description: 'test agent',
    privileged: false,
    start: () => {
      let turn = 0;
      return {
        respond: (messages) => {
          const r = script(turn++, messages);
          return Promise.resolve({ text: typeof r === 'string' ? r : JSON.stringify(r) });
        },
      };
    },
  };
}

export function fixtureClock(): () => number {
  let t = Date.UTC(2026, 0, 1);
  return () => (t += 1);
}

export function runFixtureEpisode(
  task: VehTask,
  agent: Agent,
  opts: { p3Variant?: P3Variant; budgetRule?: QueryBudgetRule; seed?: number; signal?: AbortSignal } = {},
): Promise<Transcript> {
  return runEpisode({
    task,
    taskIndex: 0,
    agent,
    oracle: fixtureOracle,
    clock: fixtureClock(),
    runSeed: opts.seed ?? 1,
    signal: opts.signal ?? new AbortController().signal,
    p3Variant: opts.p3Variant ?? 'raw_history',
    budgetRule: opts.budgetRule,
  });
}
