import { describe, expect, it } from 'vitest';
import { runVehSuite } from './run-veh.ts';
import { scoreTranscripts } from './score.ts';
import { ResultsFileSchema, renderResultsMarkdown, toResultsFile } from './results-file.ts';
import { TranscriptSchema } from './transcript.ts';
import type { Agent, AgentReply } from '../../agent/types.ts';
import { getBuiltinAgent } from '../agents/index.ts';
import { fixtureBank, fixtureOracle } from '../protocol/test-fixtures.ts';
import { fixtureClock } from '../protocol/test-session.ts';
import type { VehRunProgress as RunProgress } from './types.ts';

describe('runSuite', () => {
  it('runs every task, reports progress after each, and builds the manifest', async () => {
    const tasks = fixtureBank();
    const progress: RunProgress[] = [];
    const result = await runVehSuite({
      tasks,
      agent: getBuiltinAgent('reference'),
      oracle: fixtureOracle,
      clock: fixtureClock(),
      seed: 7,
      appVersion: '0.1.0-test',
      bankHash: 'abc123',
      filters: { split: 'dev' },
      onProgress: (p) => progress.push(p),
    });
    expect(result.status).toBe('completed');
    expect(result.rows).toHaveLength(tasks.length);
    expect(progress.map((p) => p.done)).toEqual(tasks.map((_, i) => i + 1));
    expect(progress.at(-1)?.total).toBe(tasks.length);
    // Each event carries the finished task's id, row and transcript: the run's own, in run order.
    expect(progress.map((p) => p.task_id)).toEqual(tasks.map((t) => t.task_id));
    expect(progress.map((p) => p.row)).toEqual(result.rows);
    expect(progress.map((p) => p.transcript)).toEqual(result.transcripts);
    for (const [i, p] of progress.entries()) {
      expect(p.transcript).toBe(result.transcripts[i]);
      expect(p.transcript.task.task_id).toBe(p.task_id);
      expect(p.transcript.settings.task_index).toBe(i);
    }
    expect(result.manifest).toMatchObject({
      suite: 'veh',
      app_version: '0.1.0-test',
      bank_hash: 'abc123',
      task_filter: { split: 'dev' },
      seed: 7,
      status: 'completed',
      oracle_backend: 'reference',
      query_budget_rule: { kind: 'task' },
      p3_variant: 'raw_history',
      max_retries: 2,
    });
    expect(result.manifest.started_at).toMatch(/^2026-01-01T/);
    expect(result.manifest.decoding).toMatch(/temperature 0/);
    expect(Object.keys(result.metrics).sort()).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it('uses a fresh RNG per task: a task scores the same alone or in a run', async () => {
    const tasks = fixtureBank();
    const common = { agent: getBuiltinAgent('random'), oracle: fixtureOracle, seed: 3 };
    const all = await runVehSuite({ ...common, tasks, clock: fixtureClock() });
    const last = tasks[tasks.length - 1];
    if (!last) throw new Error('fixture');
    const alone = await runVehSuite({ ...common, tasks: [last], clock: fixtureClock() });
    expect(alone.rows[0]).toEqual(all.rows.at(-1));
  });

  it('on cancel drops the task in flight and keeps the finished rows', async () => {
    const tasks = fixtureBank();
    const controller = new AbortController();
    const reference = getBuiltinAgent('reference');
    // Answers like the reference agent, except that the third task's request hangs until aborted.
    const agent: Agent = {
      ...reference,
      id: 'hangs-on-third',
      start: (ctx) => {
        const inner = reference.start(ctx);
        const hang = ctx.task === tasks[2];
        return {
          respond: (messages, signal) => {
            if (!hang) return inner.respond(messages, signal);
            controller.abort();
            return new Promise<AgentReply>(() => {});
          },
        };
      },
    };
    const progress: RunProgress[] = [];
    const result = await runVehSuite({ tasks, agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 1, signal: controller.signal, onProgress: (p) => progress.push(p) });
    expect(result.status).toBe('cancelled');
    expect(result.rows.map((r) => r.task_id)).toEqual([tasks[0]?.task_id, tasks[1]?.task_id]);
    expect(result.transcripts).toHaveLength(2);
    // Only finished tasks are reported, each with its transcript; the one in flight never is.
    expect(progress.map((p) => p.transcript)).toEqual(result.transcripts);
    expect(progress.map((p) => p.transcript.task.task_id)).toEqual([tasks[0]?.task_id, tasks[1]?.task_id]);
    expect(result.manifest.status).toBe('cancelled');
    expect(result.metrics.P1?.accuracy?.n).toBe(2);
  });

  it('stops with status failed when the oracle itself fails, keeping the finished rows', async () => {
    const tasks = fixtureBank();
    // Once failAfter is 0 every oracle call throws, as a crashed worker would; P1 needs no oracle call.
    const firstOracleTask = tasks.findIndex((t) => t.probe === 'P2' || t.probe === 'P3');
    let calls = 0;
    let failAfter = Number.POSITIVE_INFINITY;
    const oracle = {
      backendId: 'flaky',
      evaluate: async (request: Parameters<typeof fixtureOracle.evaluate>[0]) => {
        if (++calls > failAfter) throw new Error('worker crashed');
        return fixtureOracle.evaluate(request);
      },
      evaluateMany: (requests: Parameters<typeof fixtureOracle.evaluateMany>[0]) => fixtureOracle.evaluateMany(requests),
    };
    const agent = getBuiltinAgent('reference');
    const healthy = await runVehSuite({ tasks, agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
    expect(healthy.status).toBe('completed');
    failAfter = 0;
    const result = await runVehSuite({ tasks, agent, oracle, clock: fixtureClock(), seed: 1 });
    expect(result.status).toBe('failed');
    expect(result.error).toContain('worker crashed');
    expect(result.manifest.status).toBe('failed');
    // Tasks before the first oracle call finished and are kept; none is scored as an agent error.
    expect(result.rows.map((r) => r.task_id)).toEqual(tasks.slice(0, firstOracleTask).map((t) => t.task_id));
    expect(result.rows.every((r) => r.status !== 'error')).toBe(true);
  });

  it('records the CMA-ES full-budget rule in the manifest', async () => {
    const result = await runVehSuite({ tasks: fixtureBank().slice(8, 9), agent: getBuiltinAgent('cmaes-40'), oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
    expect(result.manifest.query_budget_rule).toEqual({ kind: 'full_budget', budget: 40 });
    expect(result.manifest.query_budget_rule_text).toMatch(/full budget of 40 queries/);
  });
});

describe('results and rescoring', () => {
  it('results.json validates, and transcripts alone reproduce rows and metrics exactly', async () => {
    const result = await runVehSuite({ tasks: fixtureBank(), agent: getBuiltinAgent('random'), oracle: fixtureOracle, clock: fixtureClock(), seed: 11 });
    const file = ResultsFileSchema.parse(JSON.parse(JSON.stringify(toResultsFile(result))));
    // Saved transcripts, read back in a shuffled order, are put back in run order.
    const saved = result.transcripts.map((t) => TranscriptSchema.parse(JSON.parse(JSON.stringify(t)))).reverse();
    const rescored = scoreTranscripts(saved, 11);
    expect(rescored.rows).toEqual(file.rows);
    expect(JSON.parse(JSON.stringify(rescored.metrics))).toEqual(file.metrics);
  });

  it('renders Markdown tables with intervals and the baseline note', async () => {
    const result = await runVehSuite({ tasks: fixtureBank(), agent: getBuiltinAgent('reference'), oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
    const md = renderResultsMarkdown(result);
    expect(md).toContain('# VEHBench run: Reference (privileged)');
    expect(md).toMatch(/## P1 \(8 tasks\) — headline: P1-Composite/);
    expect(md).toMatch(/\| \*\*p2b\*\* \| 1(\.000)? \|/);
    expect(md).toMatch(/\| \*\*kendall_tau\*\* \| 1(\.000)? \|/);
    expect(md).toMatch(/95 % interval/);
    expect(md).toContain('0.3065');
  });
});
