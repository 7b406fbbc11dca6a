/** Console I/O handed to commands, so tests can capture what a command prints. */
import { createInterface } from 'node:readline';

export interface CommandIo {
  stdout(s: string): void;
  stderr(s: string): void;
}

export const processIo: CommandIo = {
  stdout: (s) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`),
  stderr: (s) => process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
};

/** Lines of standard input, without their terminators. */
export function stdinLines(): AsyncIterable<string> {
  return createInterface({ input: process.stdin, crlfDelay: Infinity });
}
