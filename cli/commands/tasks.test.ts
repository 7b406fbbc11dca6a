import { describe, expect, it } from 'vitest';
import { VehTaskSchema } from '../../src/core/veh/task-schema.ts';
import { parseTasksArgs, tasksCommand } from './tasks.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err };
}
const lines = (out: string[]): string[] => out.join('').split('\n').filter((l) => l !== '');

describe('parseTasksArgs', () => {
  it('requires --suite veh and validates probe and split', () => {
    expect(parseTasksArgs([])).toMatch(/--suite is required/);
    expect(parseTasksArgs(['--suite', 'circuit'])).toMatch(/unknown suite/);
    expect(parseTasksArgs(['--suite', 'veh', '--probe', 'P9'])).toMatch(/unknown probe/);
    expect(parseTasksArgs(['--suite', 'veh', '--split', 'train'])).toMatch(/unknown split/);
    expect(parseTasksArgs(['--suite', 'veh', '--probe'])).toMatch(/needs a value/);
  });
});

describe('tasksCommand', () => {
  it('prints the committed bank as JSONL, filtered by probe and split', async () => {
    const all = capture();
    expect(await tasksCommand(['--suite', 'veh'], all.io)).toBe(0);
    expect(lines(all.out)).toHaveLength(240 + 208 + 156 + 159);

    const some = capture();
    expect(await tasksCommand(['--suite', 'veh', '--probe', 'P1', '--split', 'dev'], some.io)).toBe(0);
    const tasks = lines(some.out).map((l) => VehTaskSchema.parse(JSON.parse(l)));
    expect(tasks).toHaveLength(80);
    expect(tasks.every((t) => t.probe === 'P1' && t.split === 'dev')).toBe(true);
  });

  it('exits 2 on bad arguments and fails clearly when the bank directory is missing', async () => {
    const bad = capture();
    expect(await tasksCommand(['--suite', 'veh', '--split', 'nope'], bad.io)).toBe(2);
    await expect(tasksCommand(['--suite', 'veh', '--dir', '/nonexistent/bank'], capture().io)).rejects.toThrow(/not found/);
  });
});
