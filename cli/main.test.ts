import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../src/core/veh/agents/index.ts';
import { main } from './main.ts';
import { capture } from './test-capture.ts';

describe('proving-ground main', () => {
  it('--help lists every built-in agent from the registry', async () => {
    const r = capture();
    expect(await main(['--help'], r.io)).toBe(0);
    expect(r.out.join('\n')).toContain(`veh      VEHBench: ${BUILTIN_AGENTS.map((a) => a.id).join(', ')}`);
  });

  it('an unknown command prints the usage to stderr', async () => {
    const r = capture();
    expect(await main(['frobnicate'], r.io)).toBe(2);
    expect(r.err.join('\n')).toMatch(/unknown command "frobnicate"[\s\S]*Suites and their built-in agents:\n {2}veh {6}VEHBench: reference/);
  });

  it('oracle exits 2 on an unknown oracle, an unknown flag or an extra argument, before reading stdin', async () => {
    for (const [args, message] of [
      [['oracle', 'photonics'], 'oracle: unknown oracle "photonics"; available: veh, circuit'],
      [['oracle', 'circuit', 'extra'], 'oracle: unexpected argument "extra"'],
      [['oracle', 'veh', '--bogus'], 'oracle: unknown argument "--bogus"'],
      [['oracle', 'veh', 'extra'], 'oracle: unexpected argument "extra"'],
    ] as const) {
      const r = capture();
      expect(await main(args, r.io)).toBe(2);
      expect(r.err).toEqual([message]);
    }
  });
});
