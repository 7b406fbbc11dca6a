/**
 * One built-in agent on one task, live, for the gallery's buttons: the suite's own run engine
 * (runSuite) over the page's worker environment, so the verdict shown is exactly the one a run of
 * that agent on the Run page would record. Not stored: the gallery demonstrates, it does not add a
 * one-task run to the library each time a button is pressed (the Run page is where runs are kept).
 */
import { useMutation } from '@tanstack/react-query';
import type { Agent } from '../../core/agent/types.ts';
import { runSuite } from '../../core/run/run-suite.ts';
import { DEFAULT_RUN_SEED, type SuiteEnvironment } from '../../core/run/types.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { TaskGrade } from '../../core/suite/scoring.ts';

export interface LiveTaskRun {
  agentId: string;
  grade: TaskGrade;
  transcript: TranscriptCore;
}

export function useLiveTaskRun(suite: AnySuite, task: { task_id: string }) {
  return useMutation({
    mutationFn: async ({ agent, env }: { agent: Agent; env: SuiteEnvironment }): Promise<LiveTaskRun> => {
      const result = await runSuite(suite, { tasks: [task], agent, env, clock: () => Date.now(), seed: DEFAULT_RUN_SEED, options: suite.schemas.options.parse({}) });
      const row = result.rows[0];
      const transcript = result.transcripts[0];
      if (!row || !transcript) throw new Error(result.error ?? `the run ended ${result.status} before the task finished`);
      return { agentId: agent.id, grade: suite.scoring.grade(row), transcript };
    },
  });
}
