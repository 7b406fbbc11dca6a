// The reproduction evaluator behind a worker-thread boundary (reproduction-evaluator.worker.ts): the
// thread's verdict on the reference package is the in-process verdict (all but wall-clock figures),
// a development run parses as one, a task the thread does not know fails with its name, and a
// thread stopped by its timeout fails the call with a clear reason.
import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessReproductionEnv, createNodeReproductionEnv } from '../../src/adapters/node/reproduction-env.ts';
import { comparableVerdict } from '../../src/core/reproduction/evaluator.ts';
import { REPRODUCTION_TASKS } from '../../src/core/reproduction/tasks/index.ts';

const def = REPRODUCTION_TASKS[0]!;
const threaded = await createNodeReproductionEnv();
afterAll(() => threaded.dispose());

describe('reproduction evaluator thread', () => {
  it('answers the in-process verdict for the reference package', async () => {
    const local = await createInProcessReproductionEnv();
    const [a, b] = await Promise.all([threaded.evaluate(def.task.task_id, def.reference), local.evaluate(def.task.task_id, def.reference)]);
    expect(a.rubric.full).toBe(true);
    expect(comparableVerdict(a)).toEqual(comparableVerdict(b));
  }, 60_000);

  it('runs a development replay and names an unknown task', async () => {
    const run = await threaded.develop(def.task.task_id, def.task.starter);
    expect(run.status).toBe('completed');
    await expect(threaded.evaluate('repro-nope', def.reference)).rejects.toThrow(/no reproduction task repro-nope/);
  }, 60_000);

  it('stops a thread past its timeout, with the reason', async () => {
    const slow = await createNodeReproductionEnv({ timeoutMs: 50 });
    try {
      await expect(slow.evaluate(def.task.task_id, def.reference)).rejects.toThrow(/longer than 0.05 s on repro-/);
    } finally {
      await slow.dispose();
    }
  }, 60_000);
});
