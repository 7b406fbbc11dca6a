import { describe, expect, it } from 'vitest';
import { CircuitTaskSchema } from '../../src/core/circuit-audit/task-schema.ts';
import { VehTaskSchema } from '../../src/core/veh/task-schema.ts';
import { parseTasksArgs, tasksCommand } from './tasks.ts';
import { capture } from '../test-capture.ts';

const lines = (out: string[]): string[] => out.join('').split('\n').filter((l) => l !== '');

describe('parseTasksArgs', () => {
  it('defaults --suite to veh and validates suite, probe and split', () => {
    const d = parseTasksArgs([]);
    expect(typeof d !== 'string' && d.suite.descriptor.id).toBe('veh');
    expect(d).toMatchObject({ facets: {} });
    expect(parseTasksArgs(['--suite', 'photonics'])).toMatch(/unknown suite "photonics": --suite must be one of veh, circuit/);
    const c = parseTasksArgs(['--suite', 'circuit', '--probe', 'P3']);
    expect(typeof c !== 'string' && c.suite.descriptor.id).toBe('circuit');
    expect(c).toMatchObject({ facets: { probe: 'P3' } });
    expect(parseTasksArgs(['--suite', 'veh', '--probe', 'P9'])).toMatch(/unknown probe/);
    expect(parseTasksArgs(['--suite', 'veh', '--split', 'train'])).toMatch(/unknown split/);
    expect(parseTasksArgs(['--suite', 'veh', '--probe'])).toMatch(/needs a value/);
  });

  it('accepts --flag=value and a lower-case probe', () => {
    expect(parseTasksArgs(['--suite=veh', '--probe=p4', '--split=test_ood', '--dir=/tmp/b'])).toMatchObject({ facets: { probe: 'P4', split: 'test_ood' }, dir: '/tmp/b' });
  });

  it('rejects an unknown flag, naming it', () => {
    expect(parseTasksArgs(['--bogus'])).toBe('unknown argument "--bogus"');
    expect(parseTasksArgs(['--probe', 'P1', '--limit=3'])).toBe('unknown argument "--limit=3"');
    expect(parseTasksArgs(['P1'])).toBe('unexpected argument "P1"');
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

  it('prints the committed circuit bank with --suite circuit (106 tasks; the N.8 walkthrough is a P3 dev task)', async () => {
    const all = capture();
    expect(await tasksCommand(['--suite', 'circuit'], all.io)).toBe(0);
    const tasks = lines(all.out).map((l) => CircuitTaskSchema.parse(JSON.parse(l)));
    expect(tasks).toHaveLength(32 + 32 + 18 + 24);
    const p3dev = capture();
    expect(await tasksCommand(['--suite=circuit', '--probe=P3', '--split=dev'], p3dev.io)).toBe(0);
    expect(lines(p3dev.out).some((l) => l.includes('"task_id":"circuit-p3-n8-walkthrough"'))).toBe(true);
  });

  it('takes --flag=value like --flag value, and --suite is optional', async () => {
    const eq = capture();
    expect(await tasksCommand(['--probe=P4', '--split=test_ood'], eq.io)).toBe(0);
    const spaced = capture();
    expect(await tasksCommand(['--suite', 'veh', '--probe', 'p4', '--split', 'test_ood'], spaced.io)).toBe(0);
    expect(lines(eq.out).length).toBeGreaterThan(0);
    expect(lines(eq.out)).toEqual(lines(spaced.out));
    expect(lines(eq.out).every((l) => /"probe":"P4"/.test(l) && /"split":"test_ood"/.test(l))).toBe(true);
  });

  it('exits 2 on bad arguments and fails clearly when the bank directory is missing', async () => {
    const bad = capture();
    expect(await tasksCommand(['--suite', 'veh', '--split', 'nope'], bad.io)).toBe(2);
    const unknown = capture();
    expect(await tasksCommand(['--bogus'], unknown.io)).toBe(2);
    expect(unknown.err.join('\n')).toMatch(/^tasks: unknown argument "--bogus"\nusage: proving-ground tasks/);
    expect(unknown.out).toEqual([]);
    await expect(tasksCommand(['--suite', 'veh', '--dir', '/nonexistent/bank'], capture().io)).rejects.toThrow(/not found/);
  });
});
