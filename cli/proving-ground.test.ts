import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./proving-ground.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../build/cli/main.mjs', import.meta.url));
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ONE = JSON.stringify({ kind: 'scattering', particle: { shape: 'sphere', radius_nm: 50, material: 'Au' }, medium: 'water', wavelength_range_nm: { start: 550, stop: 550, count: 1 } });

const run = (args: string[], tsx: boolean, input?: string) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: tmpdir(), input, encoding: 'utf8', env: { ...process.env, PROVING_GROUND_TSX: tsx ? '1' : '0' } });

describe('cli/proving-ground.mjs', () => {
  it('runs from another working directory through tsx (no bundle needed)', () => {
    const r = run(['--version'], true);
    expect(r.stdout.trim()).toBe(VERSION);
  }, 30_000);

  it.runIf(existsSync(BUNDLE))('runs the prebuilt bundle, which finds package.json, the WASM kernels and the material library from any directory', () => {
    expect(run(['--version'], false).stdout.trim()).toBe(VERSION);
    const solved = run(['solve', '-'], false, ONE);
    expect(solved.status, solved.stderr).toBe(0);
    const result = JSON.parse(solved.stdout) as { qext: number[]; backend: string; warnings: string[] };
    expect(result.backend).toBe('wasm');
    expect(result.qext[0]).toBeGreaterThan(0);
    expect(result.warnings.some((w) => w.includes('Johnson and Christy'))).toBe(true);
  }, 30_000);
});
