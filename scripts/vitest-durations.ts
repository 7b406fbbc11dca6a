/**
 * Vitest reporter that prints how long each test file took, slowest first (docs/testing.md):
 *
 *   npx vitest run --reporter=default --reporter=./scripts/vitest-durations.ts
 *
 * A file's time is its collection (importing it) plus every test and hook in it. The JSON reporter's
 * startTime/endTime span only the first to the last test, so a file whose work sits in beforeAll (the
 * bank regeneration) looks instant there. Files at or above the threshold that are not yet named
 * `*.slow.test.ts` are flagged: they belong in the slow project.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { relative } from 'node:path';

const SLOW_MS = 15_000;
const SHOWN = 25;

interface Row {
  file: string;
  project: string;
  ms: number;
}

export default class DurationsReporter implements Reporter {
  private root = '';
  private started = 0;
  private rows: Row[] = [];

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.started = performance.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.rows.push({ file: relative(this.root, module.moduleId), project: module.project.name, ms: d.collectDuration + d.duration });
  }

  onTestRunEnd(): void {
    const wall = (performance.now() - this.started) / 1000;
    const rows = [...this.rows].sort((a, b) => b.ms - a.ms);
    const lines = [`\nTest files by time (collect + tests + hooks), ${rows.length} files, wall ${wall.toFixed(1)} s:`];
    for (const r of rows.slice(0, SHOWN)) {
      const flag = r.ms >= SLOW_MS && !/\.slow\.test\.tsx?$/.test(r.file) ? '  ← over 15 s: rename to *.slow.test.ts' : '';
      lines.push(`${(r.ms / 1000).toFixed(1).padStart(8)} s  ${(r.project || '-').padEnd(5)}  ${r.file}${flag}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
