/**
 * `proving-ground oracle veh`: one JSON request per stdin line → one JSON result per stdout line.
 * Every number reads back as the same double the oracle computed: the WASM formatter
 * (assembly/jsonl-format.ts, Grisu2 digits in JavaScript's layout) writes them, or, when it was not
 * built, String(v) as JSON.stringify does. Each line is answered as soon as it is
 * read, so the command works in a pipe; the first bad line stops it (exit 2) after the lines before
 * it were answered.
 *
 * A result line has a fixed field order: the sixteen oracle outputs (with intermediates), then what
 * the request resolved to — `piezo_material` and `substrate_material` (canonical ids, aliases
 * resolved), `damping_ratio`, `limits` — and `backend`. The material constants behind the ids are the
 * same on every line, so they are not repeated; `--materials` replaces the two ids with the full
 * record on each line, `"materials": {"piezo": {id, d31_m_per_v, eps33_rel, modulus_pa,
 * density_kg_m3}, "substrate": {id, modulus_pa, density_kg_m3}}` (the line format before issue 20).
 *
 * The hot path is lean: a process's stdin is read as bytes by the WASM request reader
 * (assembly/veh-jsonl-parse.ts, src/core/veh/oracle-jsonl-parse.ts), which takes a line of the
 * common shape straight into doubles (the ones JSON.parse gives) and hands every other line back as
 * text; a text line is checked by hand (packFast) and packed into a reused input slot, and whatever
 * the hand check does not accept goes through the zod schema, so errors read exactly as before. The
 * oracle writes a reused output slot, and the line is assembled from it by the WASM formatter into a
 * byte batch. In a process, output is written in batches, flushed whenever the input runs dry.
 */
import { parseFlags, usageMessage } from '../args.ts';
import { createNodeVehOracle, loadNodeJsonlFormatter, loadNodeRequestLineReader, type NodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import type { JsonlLineFormatter } from '../../src/core/veh/oracle-jsonl-format.ts';
import { LineKind, type RequestLineReader } from '../../src/core/veh/oracle-jsonl-parse.ts';
import { resolvePiezo, resolveSubstrate, type PiezoMaterial, type SubstrateMaterial } from '../../src/core/veh/materials.ts';
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from '../../src/core/veh/oracle-layout.ts';
import { DEFAULT_ENVIRONMENT, DEFAULT_LIMITS, OracleInputError, packRequest, parseOracleRequest, type OracleRequest } from '../../src/core/veh/oracle.ts';

/** The input: lines without terminators, or raw bytes (UTF-8, lines ended by \n). */
export type OracleVehInput = { stdin: AsyncIterable<string>; stdinBytes?: undefined } | { stdinBytes: AsyncIterable<Uint8Array>; stdin?: undefined };

export type OracleVehIo = OracleVehInput & OracleVehOutput;

export interface OracleVehOutput {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Writes out what `stdout` buffered (a batching writer); called before waiting and at the end. */
  flush?: () => void;
  /** Raw output bytes (whole lines); when present the command writes its lines through it. */
  writeBytes?: (bytes: Uint8Array) => void;
  /** Registers what to run first whenever the writer flushes (the command hands over its batch). */
  onFlush?: (hook: () => void) => void;
}

export interface OracleVehDeps {
  /** Defaults to the Node oracle (WASM, falling back to the reference). */
  oracle?: NodeVehOracle | Promise<NodeVehOracle>;
  /** The arguments after `oracle veh` (flags: --materials). */
  args?: readonly string[];
  /** The WASM line formatter; null for the JavaScript one. Defaults to build/wasm/jsonl-format.wasm when built. */
  formatter?: JsonlLineFormatter | null | Promise<JsonlLineFormatter | null>;
  /** The WASM request-line reader for `stdinBytes`; null to split and parse in JavaScript. Defaults to build/wasm/veh-jsonl-parse.wasm when built. */
  reader?: RequestLineReader | null | Promise<RequestLineReader | null>;
}

export const EXIT_BAD_INPUT = 2;

const ORACLE_FLAGS = { materials: { type: 'boolean' } } as const;

/** Checks the arguments after `oracle` (`veh` or `circuit`); returns the usage message naming the problem, or null. */
export function checkOracleArgs(args: readonly string[]): string | null {
  try {
    const { positionals, values } = parseFlags(args, ORACLE_FLAGS, true);
    const [which, extra] = positionals;
    if (which !== 'veh' && which !== 'circuit') return `unknown oracle "${which ?? ''}"; available: veh, circuit`;
    if (extra !== undefined) return `unexpected argument "${extra}"`;
    if (which === 'circuit' && values.materials === true) return '--materials applies to oracle veh only';
    return null;
  } catch (e) {
    return usageMessage(e);
  }
}

/** The full materials record of a request (what `--materials` puts on every line). */
function materialsRecord(piezo: PiezoMaterial, substrate: SubstrateMaterial) {
  return {
    piezo: { id: piezo.id, d31_m_per_v: piezo.d31, eps33_rel: piezo.eps33Rel, modulus_pa: piezo.modulusPa, density_kg_m3: piezo.density },
    substrate: { id: substrate.id, modulus_pa: substrate.modulusPa, density_kg_m3: substrate.density },
  };
}

/** Output fields in line order, each with the slot of the output layout it reads. */
const RESULT_FIELDS: readonly (readonly [string, number])[] = [
  ['resonant_freq_hz', OUT.resonantFreqHz],
  ['load_power_uw', OUT.loadPowerUw],
  ['tip_stress_mpa', OUT.tipStressMpa],
  ['tip_disp_mm', OUT.tipDispMm],
  ['freq_error_pct', OUT.freqErrorPct],
  ['slack_stress_mpa', OUT.slackStressMpa],
  ['slack_disp_mm', OUT.slackDispMm],
  ['slack_freq_pct', OUT.slackFreqPct],
  ['slack_power_uw', OUT.slackPowerUw],
  ['feasible', OUT.feasible],
  ['effective_mass_kg', OUT.effectiveMassKg],
  ['bending_stiffness_nm2', OUT.bendingStiffnessNm2],
  ['coupling_coefficient', OUT.couplingCoefficient],
  ['internal_capacitance_f', OUT.internalCapacitanceF],
  ['neutral_axis_m', OUT.neutralAxisM],
  ['load_voltage_v', OUT.loadVoltageV],
];
const FIELD_PREFIX = RESULT_FIELDS.map(([name], i) => `${i === 0 ? '{' : ','}"${name}":`);
const LIMIT_PREFIX = [',"limits":{"max_stress_mpa":', ',"max_disp_mm":', ',"max_freq_error_pct":', ',"min_power_uw":'];
/** Values on a line: the 16 outputs (in OUT order, which is the line's), damping, the 4 limits. */
const LINE_VALUES = 21;

/** A number as JSON.stringify writes it (shortest round-trip; null for NaN and ±∞). */
const num = (v: number): string => (Number.isFinite(v) ? String(v) : 'null');

/** Everything on a line between the oracle outputs and the damping value, per material pair. */
function materialsFragment(piezo: PiezoMaterial, substrate: SubstrateMaterial, full: boolean): string {
  return full
    ? `,"materials":${JSON.stringify(materialsRecord(piezo, substrate))},"damping_ratio":`
    : `,"piezo_material":${JSON.stringify(piezo.id)},"substrate_material":${JSON.stringify(substrate.id)},"damping_ratio":`;
}

/**
 * The hand check: packs `raw` into slot 0 of `buf` and returns true when it is a request the schema
 * accepts as is (every field of the right type and range, no unknown key, known material names);
 * false for anything else, which the caller hands to zod. Defaults are those of the schema.
 */
function packFast(raw: unknown, buf: Float64Array, materials: (piezo: string, substrate: string) => boolean): boolean {
  if (!isPlainObject(raw)) return false;
  let design: unknown;
  let excitation: unknown;
  let environment: unknown;
  let constraints: unknown;
  for (const key in raw) {
    const v = raw[key];
    if (key === 'design') design = v;
    else if (key === 'excitation') excitation = v;
    else if (key === 'environment') environment = v;
    else if (key === 'constraints') constraints = v;
    else return false;
  }
  if (!isPlainObject(design) || !isPlainObject(excitation)) return false;
  let keys = 0;
  for (const key in design) {
    const v = design[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    keys++;
    if (key === 'beam_length_mm' && v > 0) buf[IN.beamLengthMm] = v;
    else if (key === 'beam_width_mm' && v > 0) buf[IN.beamWidthMm] = v;
    else if (key === 'substrate_thickness_um' && v > 0) buf[IN.substrateThicknessUm] = v;
    else if (key === 'piezo_thickness_um' && v > 0) buf[IN.piezoThicknessUm] = v;
    else if (key === 'tip_mass_g' && v >= 0) buf[IN.tipMassG] = v;
    else if (key === 'load_resistance_ohm' && v > 0) buf[IN.loadResistanceOhm] = v;
    else return false;
  }
  if (keys !== 6) return false;
  keys = 0;
  for (const key in excitation) {
    const v = excitation[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
    keys++;
    if (key === 'frequency_hz' && v > 0) buf[IN.frequencyHz] = v;
    else if (key === 'acceleration_g' && v >= 0) buf[IN.accelerationG] = v;
    else return false;
  }
  if (keys !== 2) return false;

  let piezo = DEFAULT_ENVIRONMENT.piezo_material;
  let substrate = DEFAULT_ENVIRONMENT.substrate_material;
  let damping = DEFAULT_ENVIRONMENT.damping_ratio;
  if (environment !== undefined) {
    if (!isPlainObject(environment)) return false;
    for (const key in environment) {
      const v = environment[key];
      if (key === 'piezo_material' && typeof v === 'string') piezo = v;
      else if (key === 'substrate_material' && typeof v === 'string') substrate = v;
      else if (key === 'damping_ratio' && typeof v === 'number' && Number.isFinite(v) && v >= 0) damping = v;
      else return false;
    }
  }
  buf[IN.dampingRatio] = damping;
  if (!materials(piezo, substrate)) return false;

  buf[IN.maxStressMpa] = DEFAULT_LIMITS.max_stress_mpa;
  buf[IN.maxDispMm] = DEFAULT_LIMITS.max_disp_mm;
  buf[IN.maxFreqErrorPct] = DEFAULT_LIMITS.max_freq_error_pct;
  buf[IN.minPowerUw] = DEFAULT_LIMITS.min_power_uw;
  if (constraints === undefined) return true;
  if (Array.isArray(constraints)) {
    // [{name, limit}]: later entries win, as Object.fromEntries does in the schema's transform.
    for (const item of constraints as unknown[]) {
      if (!isPlainObject(item)) return false;
      let name: unknown;
      let limit: unknown;
      keys = 0;
      for (const key in item) {
        keys++;
        if (key === 'name') name = item[key];
        else if (key === 'limit') limit = item[key];
        else return false;
      }
      if (keys !== 2 || typeof name !== 'string' || !setLimit(buf, name, limit)) return false;
    }
    return true;
  }
  if (!isPlainObject(constraints)) return false;
  for (const key in constraints) if (!setLimit(buf, key, constraints[key])) return false;
  return true;
}

function setLimit(buf: Float64Array, name: string, v: unknown): boolean {
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  if (name === 'max_stress_mpa' && v > 0) buf[IN.maxStressMpa] = v;
  else if (name === 'max_disp_mm' && v > 0) buf[IN.maxDispMm] = v;
  else if (name === 'max_freq_error_pct' && v > 0) buf[IN.maxFreqErrorPct] = v;
  else if (name === 'min_power_uw' && v >= 0) buf[IN.minPowerUw] = v;
  else return false;
  return true;
}

/**
 * The result fields that came out NaN or ±∞. Inputs far outside the physical range (a 1e308 Ω load)
 * overflow the model; those lines used to print `null` results and exit 0, as if they were answers.
 */
function nonFiniteFields(out: Float64Array): string[] {
  return RESULT_FIELDS.filter(([name, k]) => name !== 'feasible' && !Number.isFinite(out[k] as number)).map(([name]) => name);
}

/** The hot-path check (no allocation): every output is finite (`feasible` is 0 or 1 anyway). */
function allFinite(out: Float64Array): boolean {
  for (let f = 0; f < RESULT_FIELDS.length; f++) if (!Number.isFinite(out[(RESULT_FIELDS[f] as readonly [string, number])[1]] as number)) return false;
  return true;
}


/** Names the broken fields and the inputs the model holds for, to point at the input that overflowed. */
function nonFiniteMessage(fields: readonly string[], slot: Float64Array): string {
  const design = `beam ${slot[IN.beamLengthMm]} × ${slot[IN.beamWidthMm]} mm, substrate ${slot[IN.substrateThicknessUm]} µm, piezo ${slot[IN.piezoThicknessUm]} µm, tip mass ${slot[IN.tipMassG]} g, load ${slot[IN.loadResistanceOhm]} Ω, ${slot[IN.frequencyHz]} Hz at ${slot[IN.accelerationG]} g`;
  return `the oracle gives no finite ${fields.join(', ')} for this request (${design}): an input is far outside the physical range the model holds for, so there is no result to report`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

export async function oracleVehCommand(io: OracleVehIo, deps: OracleVehDeps = {}): Promise<number> {
  // Attach to the input before the first await: node:readline emits lines as soon as stdin flows and
  // drops those nobody listens to, so iterating only after loading the wasm lost short piped inputs.
  // (A byte input is a stream that holds what arrives until it is read.)
  const input = io.stdinBytes === undefined ? io.stdin[Symbol.asyncIterator]() : undefined;
  const fullMaterials = deps.args !== undefined && parseFlags(deps.args, ORACLE_FLAGS, true).values.materials === true;
  const oracle = await (deps.oracle ?? createNodeVehOracle());
  const formatter = await (deps.formatter === undefined ? loadNodeJsonlFormatter(LINE_VALUES, OUT.feasible) : deps.formatter);
  for (const reason of oracle.skipped) io.stderr(`note: ${reason}; using the ${oracle.backendId} backend`);
  const backend = oracle.backend;
  const lineEnd = `,"backend":${JSON.stringify(oracle.backendId)}}`;

  const slot = new Float64Array(INPUT_STRIDE);
  const out = new Float64Array(OUTPUT_STRIDE);

  // The WASM formatter's template: the same line, as segments between its LINE_VALUES values.
  let formatterFragment = '';
  const handOver = (f: JsonlLineFormatter): void => {
    if (f.size() === 0) return;
    const bytes = f.take();
    if (io.writeBytes !== undefined) io.writeBytes(bytes);
    else for (const line of new TextDecoder().decode(bytes).split('\n').slice(0, -1)) io.stdout(line);
  };
  if (formatter !== null) {
    FIELD_PREFIX.forEach((prefix, k) => formatter.setSegment(k, prefix));
    LIMIT_PREFIX.forEach((prefix, k) => formatter.setSegment(17 + k, prefix));
    formatter.setSegment(LINE_VALUES, `}${lineEnd}`);
    io.onFlush?.(() => handOver(formatter));
  }
  const writeLine = (f: JsonlLineFormatter): void => {
    const v = f.values;
    for (let k = 0; k < 16; k++) v[k] = out[k] as number;
    v[16] = slot[IN.dampingRatio] as number;
    v[17] = slot[IN.maxStressMpa] as number;
    v[18] = slot[IN.maxDispMm] as number;
    v[19] = slot[IN.maxFreqErrorPct] as number;
    v[20] = slot[IN.minPowerUw] as number;
    if (fragment !== formatterFragment) {
      f.setSegment(16, fragment);
      formatterFragment = fragment;
    }
    f.line();
    if (io.writeBytes === undefined || f.size() >= OUTPUT_BATCH) handOver(f);
  };
  // Material names seen so far → the pair's constants (written into the slot) and line fragment.
  const pairs = new Map<string, { piezo: PiezoMaterial; substrate: SubstrateMaterial; fragment: string }>();
  let fragment = '';
  const materials = (piezoName: string, substrateName: string): boolean => {
    const key = `${piezoName}\u0000${substrateName}`;
    let pair = pairs.get(key);
    if (pair === undefined) {
      let piezo: PiezoMaterial;
      let substrate: SubstrateMaterial;
      try {
        piezo = resolvePiezo(piezoName);
        substrate = resolveSubstrate(substrateName);
      } catch {
        return false; // the schema path words the error
      }
      pair = { piezo, substrate, fragment: materialsFragment(piezo, substrate, fullMaterials) };
      if (pairs.size < 64) pairs.set(key, pair);
    }
    const { piezo, substrate } = pair;
    slot[IN.d31] = piezo.d31;
    slot[IN.eps33Rel] = piezo.eps33Rel;
    slot[IN.piezoModulusPa] = piezo.modulusPa;
    slot[IN.piezoDensity] = piezo.density;
    slot[IN.substrateModulusPa] = substrate.modulusPa;
    slot[IN.substrateDensity] = substrate.density;
    fragment = pair.fragment;
    return true;
  };

  const fail = (message: string): number => {
    if (formatter !== null) handOver(formatter);
    io.flush?.();
    io.stderr(message);
    return EXIT_BAD_INPUT;
  };

  // One evaluated request (the slot is packed) → its line; the exit code when the result is not finite.
  const answerSlot = (lineNo: number): number | undefined => {
    backend.evaluateBatch(slot, 1, out);
    if (!allFinite(out)) return fail(`line ${lineNo}: ${nonFiniteMessage(nonFiniteFields(out), slot)}`);
    if (formatter !== null) writeLine(formatter);
    else {
      let s = '';
      for (let f = 0; f < 16; f++) {
        const v = out[(RESULT_FIELDS[f] as readonly [string, number])[1]] as number;
        s += FIELD_PREFIX[f] as string;
        s += f === 9 ? (v === 1 ? 'true' : 'false') : num(v);
      }
      io.stdout(
        `${s}${fragment}${num(slot[IN.dampingRatio] as number)},"limits":{"max_stress_mpa":${num(slot[IN.maxStressMpa] as number)},` +
          `"max_disp_mm":${num(slot[IN.maxDispMm] as number)},"max_freq_error_pct":${num(slot[IN.maxFreqErrorPct] as number)},` +
          `"min_power_uw":${num(slot[IN.minPowerUw] as number)}}${lineEnd}`,
      );
    }
    return undefined;
  };
  // A line as text: JSON.parse, the hand check, the schema where the hand check declines.
  const answerText = (lineNo: number, rawLine: string): number | undefined => {
    const line = rawLine.trim();
    if (line === '') return undefined;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      return fail(`line ${lineNo}: invalid JSON: ${(e as Error).message}`);
    }
    if (!packFast(raw, slot, materials)) {
      let request: OracleRequest;
      try {
        request = parseOracleRequest(raw);
      } catch (e) {
        if (e instanceof OracleInputError) return fail(`line ${lineNo}: ${e.message}`);
        throw e;
      }
      packRequest(request, slot, 0);
      materials(request.environment.piezo_material, request.environment.substrate_material);
    }
    return answerSlot(lineNo);
  };

  let lineNo = 0;
  const reader = io.stdinBytes === undefined ? null : await (deps.reader === undefined ? loadNodeRequestLineReader() : deps.reader);
  if (io.stdinBytes !== undefined && reader !== null) {
    // Bytes straight into the WASM parser; only lines it does not take become strings.
    const answerNext = (kind: LineKind): number | undefined => {
      lineNo++;
      if (kind === LineKind.blank) return undefined;
      if (kind === LineKind.fast) {
        slot.set(reader.values); // materials() then fills the material constants
        if (materials(reader.piezoName() ?? DEFAULT_ENVIRONMENT.piezo_material, reader.substrateName() ?? DEFAULT_ENVIRONMENT.substrate_material)) return answerSlot(lineNo);
      }
      return answerText(lineNo, reader.lineText());
    };
    for await (const chunk of io.stdinBytes) {
      if (reader.pendingBytes() + chunk.length > MAX_LINE_BYTES) return fail(`line ${lineNo + 1}: longer than ${MAX_LINE_BYTES / 2 ** 20} MiB without a newline; a request is one JSON object of a few hundred bytes per line`);
      reader.push(chunk);
      for (let kind = reader.next(false); kind !== LineKind.none; kind = reader.next(false)) {
        const code = answerNext(kind);
        if (code !== undefined) return code;
      }
      io.flush?.();
    }
    for (let kind = reader.next(true); kind !== LineKind.none; kind = reader.next(true)) {
      const code = answerNext(kind);
      if (code !== undefined) return code;
    }
  } else {
    const lines = input === undefined ? linesOfBytes(io.stdinBytes as AsyncIterable<Uint8Array>, io.flush) : { [Symbol.asyncIterator]: () => input };
    for await (const rawLine of lines) {
      const code = answerText(++lineNo, rawLine);
      if (code !== undefined) return code;
    }
  }
  if (formatter !== null) handOver(formatter);
  io.flush?.();
  return 0;
}

/** The longest line the byte path holds before it stops with an error (a request is ~300 bytes). */
export const MAX_LINE_BYTES = 64 * 2 ** 20;

/** Lines of UTF-8 bytes (where the WASM reader was not built), flushing the output after each chunk. */
async function* linesOfBytes(chunks: AsyncIterable<Uint8Array>, flush: (() => void) | undefined): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      yield text.slice(start, nl);
      start = nl + 1;
    }
    rest = text.slice(start);
    flush?.();
  }
  rest += decoder.decode();
  if (rest.length > 0) yield rest;
}

/** Output buffered up to this many characters before it is written (and whenever the input runs dry). */
const OUTPUT_BATCH = 1 << 16;

/**
 * Process I/O for the command: stdin read in chunks, as bytes for the WASM reader (or split into lines
 * here when it was not built: no readline, no event per line), stdout gathered into batches that are flushed before each wait for more input, so an
 * interactive caller gets every answer for what it sent and a bulk pipe does one write per batch.
 */
export function oracleVehProcessIo(): OracleVehIo {
  let pending = '';
  const hooks: (() => void)[] = [];
  const writePending = (): void => {
    if (pending.length > 0) {
      process.stdout.write(pending);
      pending = '';
    }
  };
  const flush = (): void => {
    for (const hook of hooks) hook();
    writePending();
  };
  return {
    stdinBytes: process.stdin as AsyncIterable<Uint8Array>,
    stdout: (s) => {
      pending += `${s}\n`;
      if (pending.length >= OUTPUT_BATCH) writePending();
    },
    stderr: (s) => process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
    flush,
    writeBytes: (bytes) => {
      writePending();
      process.stdout.write(bytes);
    },
    onFlush: (hook) => void hooks.push(hook),
  };
}
