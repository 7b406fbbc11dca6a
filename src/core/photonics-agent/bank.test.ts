/** The shipped bank: the seed's counts, task files that say what the trap is, and a loader that refuses damage. */
import { describe, expect, it } from 'vitest';
import { BankLoadError } from '../suite/bank.ts';
import { loadPhotonicsAgentBank } from './bank/load.ts';
import { checkCounts } from './bank/generate.ts';
import { EXPECTED_COUNTS } from './task-schema.ts';
import { readBankFile, shippedTasks } from './test-bank.ts';

describe('photonics-agent bank', () => {
  it('holds 43 tasks with the seed’s counts per kind and category, and 11 grid tasks', async () => {
    const { tasks, manifest } = await loadPhotonicsAgentBank(readBankFile);
    expect(tasks).toHaveLength(43);
    expect(manifest.counts).toEqual({ kind: EXPECTED_COUNTS.kind, category: EXPECTED_COUNTS.category, grid: 11 });
    expect(new Set(tasks.map((t) => t.task_id)).size).toBe(43);
    expect(() => checkCounts(tasks.slice(1))).toThrow(/expected 12/);
  });

  it('gives every trap and pushback task a naive setup that differs from the careful one, and every non-pushback task its targets', async () => {
    for (const t of await shippedTasks()) {
      if (t.category === 'trap') {
        const readsDifferently = t.answer_keys.some((k) => k.naive_extract !== undefined);
        expect(readsDifferently || JSON.stringify(t.naive_problem) !== JSON.stringify(t.reference_problem), t.task_id).toBe(true);
      }
      if (t.category === 'pushback') {
        expect(t.naive_problem, t.task_id).not.toBeNull();
        expect(t.targets, t.task_id).toEqual([]);
        expect(t.reference_concerns.length, t.task_id).toBeGreaterThan(0);
      } else if (!t.optimization) {
        expect(t.targets.map((x) => x.key), t.task_id).toEqual(t.answer_keys.map((k) => k.key));
      }
      // The prompt is the user's question: it never names the answer or the trap.
      expect(t.prompt, t.task_id).not.toMatch(/trap|naive|pushback/i);
    }
  });

  it('refuses a task file whose bytes differ from the manifest', async () => {
    const tamper = (file: string): Promise<string> => readBankFile(file).then((text) => (file === 'stack-bragg-mirror.json' ? text.replace('0.99', '0.98') : text));
    await expect(loadPhotonicsAgentBank(tamper)).rejects.toThrow(BankLoadError);
    await expect(loadPhotonicsAgentBank(tamper)).rejects.toThrow(/stack-bragg-mirror\.json: sha256/);
  });
});
