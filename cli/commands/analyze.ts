// Placeholder until the analyses helper fills it in (issue 7 work in progress).
import type { CommandIo } from '../io.ts';
export function analyzeCommand(_args: readonly string[], io: CommandIo): Promise<number> {
  io.stderr('analyze: not built yet');
  return Promise.resolve(2);
}
