/** The photonics-agent CLI flags: --only prefixes, the MCP server flags, --strict. */
import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../commands/run.ts';
import { parseOnly, parseServerEnv, photonicsAgentCli, splitCommand } from './photonics-agent.ts';

describe('photonics-agent CLI flags', () => {
  it('parse --only, --server-cmd and --server-env', () => {
    expect(parseOnly('scat-trap, stack-')).toEqual(['scat-trap', 'stack-']);
    expect(parseOnly(undefined)).toBeNull();
    expect(() => parseOnly(',')).toThrow(/--only needs task id prefixes/);
    expect(splitCommand(`node "my server.js" --flag 'a b'`)).toEqual(['node', 'my server.js', '--flag', 'a b']);
    expect(parseServerEnv('A=1,B=x=y')).toEqual({ A: '1', B: 'x=y' });
    expect(() => parseServerEnv('NOVALUE')).toThrow(/K=V pairs/);
  });

  it('refuses server flags without --server-cmd and exclusive server modes, as the run flags are parsed', () => {
    expect(() => parseRunArgs(['--suite', 'photonics-agent', '--agent', 'oracle', '--shared-server', '--out', 'x'])).toThrow(/--shared-server needs --server-cmd/);
    expect(() => parseRunArgs(['--suite', 'photonics-agent', '--agent', 'oracle', '--server-cmd', 'x', '--shared-server', '--server-per-task', '--out', 'x'])).toThrow(/exclusive/);
    expect(() => parseRunArgs(['--suite', 'photonics-agent', '--agent', 'oracle', '--kind', 'plasma', '--out', 'x'])).toThrow(/--kind must be one of scattering, layer_stack/);
    expect(parseRunArgs(['--suite', 'photonics-agent', '--agent', 'oracle', '--category', 'trap', '--only', 'scat-', '--out', 'x']).facets).toEqual({ category: 'trap' });
  });

  it('--strict names the tasks that did not pass', () => {
    expect(photonicsAgentCli.verdict?.({ strict: true }, [{ task_id: 'a', pass: true }, { task_id: 'b', pass: false }])).toBe('--strict: 1 of 2 tasks did not pass (b)');
    expect(photonicsAgentCli.verdict?.({ strict: true }, [{ task_id: 'a', pass: true }])).toBeNull();
    expect(photonicsAgentCli.verdict?.({}, [{ task_id: 'b', pass: false }])).toBeNull();
  });
});
