import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeNumberRule, parseFlags, parseNumberFlag, parseSeed, UsageError } from './args.ts';
import { filterRecord, filterTasks, parseProbe, parseSplit, parseSuite } from './suite-args.ts';

const OPTIONS = { name: { type: 'string' }, flag: { type: 'boolean' } } as const;

describe('parseFlags', () => {
  it('takes --flag value and --flag=value alike, last one winning', () => {
    expect(parseFlags(['--name', 'a', '--flag'], OPTIONS).values).toEqual({ name: 'a', flag: true });
    expect(parseFlags(['--name=a=b'], OPTIONS).values).toEqual({ name: 'a=b' });
    expect(parseFlags(['--name=', '--name', 'c'], OPTIONS).values).toEqual({ name: 'c' });
  });

  it('takes a value starting with one dash as the value, so validators can judge it', () => {
    expect(parseFlags(['--name', '-1'], OPTIONS).values).toEqual({ name: '-1' });
  });

  it.each([
    [['--bogus'], 'unknown argument "--bogus"'],
    [['--bogus=1'], 'unknown argument "--bogus=1"'],
    [['-n', 'a'], 'unknown argument "-n"'],
    [['--name'], '--name needs a value'],
    [['--name', '--flag'], '--name needs a value'],
    [['--flag=yes'], '--flag does not take a value'],
    [['stray'], 'unexpected argument "stray"'],
  ])('rejects %j with a UsageError naming it', (args, message) => {
    expect(() => parseFlags(args, OPTIONS)).toThrow(new UsageError(message));
  });

  it('returns positionals when allowed, including after --', () => {
    expect(parseFlags(['a', '--', '--b'], {}, true).positionals).toEqual(['a', '--b']);
  });
});

describe('validators', () => {
  it('--suite defaults to veh and allows veh or circuit only', () => {
    expect(parseSuite(undefined)).toBe('veh');
    expect(parseSuite('veh')).toBe('veh');
    expect(parseSuite('circuit')).toBe('circuit');
    expect(() => parseSuite('photonics')).toThrow('unknown suite "photonics": --suite must be one of veh, circuit');
  });

  it('--probe is P1–P4 in any case; --split is dev, test_id or test_ood', () => {
    expect(parseProbe(undefined)).toBeNull();
    expect(parseProbe('p2')).toBe('P2');
    expect(() => parseProbe('P5')).toThrow('unknown probe "P5": --probe must be one of P1, P2, P3, P4');
    expect(parseSplit(undefined)).toBeNull();
    expect(parseSplit('test_ood')).toBe('test_ood');
    expect(() => parseSplit('DEV')).toThrow('unknown split "DEV": --split must be one of dev, test_id, test_ood');
  });

  it('--seed is an integer in [0, 2^32)', () => {
    expect(parseSeed(undefined, 42)).toBe(42);
    expect(parseSeed('0', 42)).toBe(0);
    expect(parseSeed('4294967295', 42)).toBe(4294967295);
    for (const bad of ['4294967296', '-1', '1.5', '1e3', '0x10', '', ' 7']) {
      expect(() => parseSeed(bad, 42)).toThrow(`--seed must be an integer in [0, 2^32), got "${bad}"`);
    }
  });
});

describe('filterTasks', () => {
  const tasks = [
    { id: 1, probe: 'P1', split: 'dev' },
    { id: 2, probe: 'P1', split: 'test_id' },
    { id: 3, probe: 'P2', split: 'dev' },
  ];
  it('keeps the tasks of the chosen probe and split; null means any', () => {
    expect(filterTasks(tasks, { probe: null, split: null }).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(filterTasks(tasks, { probe: 'P1', split: null }).map((t) => t.id)).toEqual([1, 2]);
    expect(filterTasks(tasks, { probe: null, split: 'dev' }).map((t) => t.id)).toEqual([1, 3]);
    expect(filterTasks(tasks, { probe: 'P2', split: 'test_id' })).toEqual([]);
    expect(filterRecord({ probe: 'P2', split: null })).toEqual({ probe: 'P2' });
  });
});

describe('parseNumberFlag', () => {
  it('checks the number format only; ranges are the schemas\' business', () => {
    expect(parseNumberFlag('--x', undefined)).toBeUndefined();
    expect(parseNumberFlag('--x', '0.5')).toBe(0.5);
    expect(parseNumberFlag('--x', '-3')).toBe(-3);
    expect(parseNumberFlag('--x', '1e3')).toBe(1000);
    expect(() => parseNumberFlag('--x', 'soon', 'a number > 0')).toThrow('--x must be a number > 0, got "soon"');
    expect(() => parseNumberFlag('--x', '0x10')).toThrow('--x must be a number, got "0x10"');
    expect(() => parseNumberFlag('--x', '')).toThrow(UsageError);
  });
});

describe('describeNumberRule', () => {
  it('words the bounds a zod number schema enforces', () => {
    expect(describeNumberRule(z.number().min(0).max(2))).toBe('a number ≥ 0 and ≤ 2');
    expect(describeNumberRule(z.number().positive())).toBe('a number > 0');
    expect(describeNumberRule(z.number().int().positive())).toBe('an integer ≥ 1');
    expect(describeNumberRule(z.number().int().nonnegative().max(20))).toBe('an integer ≥ 0 and ≤ 20');
    expect(describeNumberRule(z.number())).toBe('a number');
    expect(describeNumberRule(z.number().int())).toBe('an integer');
  });
});

describe('cli/args.ts start-up cost', () => {
  it('loads only node: built-ins at run time, so a command that parses flags (solve, estimate, schema) does not load every suite', () => {
    // Issue 20: args.ts importing the suite registry made a one-wavelength solve load the VEH, circuit
    // and LLM code (and parse the price table with zod) before doing anything: 0.56 → 0.38 s CPU.
    const text = readFileSync(new URL('./args.ts', import.meta.url), 'utf8');
    const runtimeImports = [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gm)].map((m) => m[1]);
    expect(runtimeImports.length).toBeGreaterThan(0);
    expect(runtimeImports.filter((p) => !(p as string).startsWith('node:'))).toEqual([]);
  });
});
