// Placeholder until the circuit helper fills it in (issue 7 work in progress).
import type { CommandIo } from '../io.ts';
export function runCircuitCommand(_args: readonly string[], io: CommandIo): Promise<number> {
  io.stderr('run --suite circuit: not built yet');
  return Promise.resolve(2);
}
