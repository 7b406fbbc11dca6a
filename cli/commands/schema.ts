/**
 * `proving-ground schema photonics [--kind K]`: prints the JSON Schema (draft 2020-12, input side:
 * fields with defaults are optional) of a photonics problem, so an agent or a person can see every
 * field, its unit (in its name and description) and its bounds before writing a problem for `solve`.
 * With --kind, only that kind's object schema is printed.
 */
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { PHOTONICS_KINDS, photonicsJsonSchema, photonicsKindJsonSchema, type PhotonicsKind } from '../../src/core/photonics/problem.ts';

const SCHEMAS = ['photonics'] as const;
const USAGE = `usage: proving-ground schema photonics [--kind ${PHOTONICS_KINDS.join('|')}]`;

export interface SchemaArgs {
  kind: PhotonicsKind | null;
}

/** Parses the arguments after `schema`; returns them, or the usage message naming the problem. */
export function parseSchemaArgs(args: readonly string[]): SchemaArgs | string {
  try {
    const { values, positionals } = parseFlags(args, { kind: { type: 'string' } }, true);
    const [which, extra] = positionals;
    if (which === undefined) throw new UsageError(`which schema? available: ${SCHEMAS.join(', ')}`);
    if (!(SCHEMAS as readonly string[]).includes(which)) throw new UsageError(`unknown schema "${which}"; available: ${SCHEMAS.join(', ')}`);
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const kind = values.kind;
    if (kind !== undefined && !(PHOTONICS_KINDS as readonly string[]).includes(kind)) {
      throw new UsageError(`unknown kind "${kind}": --kind must be one of ${PHOTONICS_KINDS.join(', ')}`);
    }
    return { kind: (kind as PhotonicsKind | undefined) ?? null };
  } catch (e) {
    return usageMessage(e);
  }
}

/** The JSON Schema of one problem kind (the union member whose `kind` is `kind`). */
export async function schemaCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseSchemaArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`schema: ${parsed}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const schema = parsed.kind === null ? photonicsJsonSchema() : photonicsKindJsonSchema(parsed.kind);
  io.stdout(JSON.stringify(schema, null, 2));
  return 0;
}
