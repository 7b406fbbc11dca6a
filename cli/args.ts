/**
 * Argument parsing shared by every command: `node:util` parseArgs in strict mode (unknown flags are
 * errors; `--flag value` and `--flag=value` both work), the validators for the flags that several
 * commands share. The suite, probe and split flags, which need the suite registry, are in
 * cli/suite-args.ts, so a command that takes none of them (solve, --version) does not load every suite. Problems are thrown as UsageError, whose message
 * names the flag; commands print it and exit 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';

/** Exit code of a usage error. */
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

/** What parseArgs takes as `options`. */
export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * Strictly parses `args` against `options`; throws a UsageError naming the offending argument.
 * A value that starts with a single dash (`--seed -1`) is taken as the flag's value, so the flag's
 * validator can say what is wrong with it; one that starts with `--` means the value is missing.
 */
export function parseFlags<const O extends FlagOptions>(args: readonly string[], options: O, allowPositionals = false) {
  const normalized: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const next = args[i + 1];
    if (a === '--') {
      normalized.push(...args.slice(i));
      break;
    }
    const name = a.startsWith('--') ? a.slice(2) : '';
    if (Object.hasOwn(options, name) && options[name]?.type === 'string' && next !== undefined && /^-[^-]/.test(next)) {
      normalized.push(`${a}=${next}`);
      i++;
    } else {
      normalized.push(a);
    }
  }
  try {
    return parseArgs({ args: normalized, options, strict: true, allowPositionals });
  } catch (e) {
    if (!String((e as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS_')) throw e;
    throw new UsageError(diagnose(normalized, options, allowPositionals) ?? (e as Error).message);
  }
}

/** Finds what strict parsing rejected, by re-reading the arguments leniently as tokens. */
function diagnose(args: readonly string[], options: FlagOptions, allowPositionals: boolean): string | null {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind === 'positional') {
      if (!allowPositionals) return `unexpected argument "${t.value}"`;
    } else if (t.kind === 'option') {
      const raw = args[t.index] ?? t.rawName;
      const type = Object.hasOwn(options, t.name) ? options[t.name]?.type : undefined;
      if (type === undefined || t.rawName !== `--${t.name}`) return `unknown argument "${raw}"`;
      if (type === 'boolean' && t.value !== undefined) return `${t.rawName} does not take a value`;
      if (type === 'string' && (t.value === undefined || (!t.inlineValue && t.value.startsWith('--')))) return `${t.rawName} needs a value`;
    }
  }
  return null;
}

export function oneOf(flag: string, what: string, value: string, allowed: readonly string[]): never {
  throw new UsageError(`unknown ${what} "${value}": ${flag} must be ${allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`}`);
}

/** `--seed`: a decimal integer in [0, 2^32); absent means `fallback`. */
export function parseSeed(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n <= 0xffffffff)) throw new UsageError(`--seed must be an integer in [0, 2^32), got "${value}"`);
  return n;
}

/** The message of a UsageError, or rethrows anything else. */
export function usageMessage(e: unknown): string {
  if (e instanceof UsageError) return e.message;
  throw e;
}

/**
 * A decimal number flag (`--max-cost-usd 0.5`); absent means undefined. Checks the number format
 * only: ranges and integrality are the schemas' (see describeNumberRule for the wording).
 * `expected` names what the flag takes in the error ("a number > 0").
 */
export function parseNumberFlag(flag: string, value: string | undefined, expected = 'a number'): number | undefined {
  if (value === undefined) return undefined;
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`${flag} must be ${expected}, got "${value}"`);
  return n;
}

/**
 * What a zod number schema accepts, in words ("a number ≥ 0 and ≤ 2", "an integer ≥ 1", "a number
 * > 0"), read from the schema itself so the CLI never restates its ranges. An exclusive integer
 * bound is shown inclusive (> 0 as ≥ 1); the safe-integer limits of .int() are not shown.
 */
export function describeNumberRule(schema: z.ZodNumber): string {
  const isInt = schema.isInt === true;
  const parts: string[] = [];
  const min = schema.minValue;
  if (min !== null && Number.isFinite(min) && min > Number.MIN_SAFE_INTEGER) {
    const inclusive = schema.safeParse(min).success;
    parts.push(inclusive ? `≥ ${min}` : isInt && Number.isInteger(min) ? `≥ ${min + 1}` : `> ${min}`);
  }
  const max = schema.maxValue;
  if (max !== null && Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER) {
    const inclusive = schema.safeParse(max).success;
    parts.push(inclusive ? `≤ ${max}` : isInt && Number.isInteger(max) ? `≤ ${max - 1}` : `< ${max}`);
  }
  return [isInt ? 'an integer' : 'a number', parts.join(' and ')].filter((x) => x !== '').join(' ');
}
