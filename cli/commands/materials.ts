/**
 * `proving-ground materials [--json] [--at WAVELENGTH_NM NAME]`: the photonics material library.
 * Without --at, a table of every entry (name, wavelength range in nm, k data, file, source); with
 * --at, n, k and any warnings of one material at one vacuum wavelength. --json prints the same as
 * JSON (full precision). An unknown name or a wavelength the data does not cover exits 2 with the
 * library's message (close matches, covered range, datasets that would cover it).
 */
import { EXIT_USAGE, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { MaterialError } from '../../src/core/photonics/material-spec.ts';
import { createMaterialLibrary, type MaterialInfo, type MaterialLibrary } from '../../src/core/photonics/materials/index.ts';
import type { Interval } from '../../src/core/photonics/materials/component.ts';

const USAGE = 'usage: proving-ground materials [--json] [--at WAVELENGTH_NM NAME]';

export interface MaterialsArgs {
  readonly json: boolean;
  /** Set with --at: the wavelength (nm) and the material name (positionals joined by spaces). */
  readonly at: { readonly wavelength_nm: number; readonly name: string } | null;
}

/** The parsed arguments, or the usage message naming the problem. */
export function parseMaterialsArgs(args: readonly string[]): MaterialsArgs | string {
  try {
    const { values, positionals } = parseFlags(args, { json: { type: 'boolean' }, at: { type: 'string' } }, true);
    if (values.at === undefined) {
      if (positionals.length > 0) return `unexpected argument "${positionals[0]}" (use --at WAVELENGTH_NM NAME to look one up)`;
      return { json: values.json === true, at: null };
    }
    const wavelength_nm = Number(values.at);
    if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(values.at) || !(wavelength_nm > 0)) {
      return `--at needs a positive vacuum wavelength in nm, got "${values.at}"`;
    }
    const name = positionals.join(' ').trim();
    if (name.length === 0) return '--at needs a material name after the wavelength, e.g. --at 633 "Au (Johnson and Christy 1972)"';
    return { json: values.json === true, at: { wavelength_nm, name } };
  } catch (e) {
    return usageMessage(e);
  }
}

const fmt = (x: number): string => String(Number(x.toPrecision(6)));
const intervals = (ivs: readonly Interval[]): string => ivs.map((iv) => `${fmt(iv.min_nm)}–${fmt(iv.max_nm)}`).join(', ');

/** The reference's link (DOI) if it has one, else its first line. */
function shortSource(reference: string): string {
  return /\[(https?:[^\]]+)\]/.exec(reference)?.[1] ?? reference.split('\n')[0] ?? '';
}

export function formatMaterialsTable(infos: readonly MaterialInfo[]): string {
  const header = ['name', 'range (nm)', 'k', 'file', 'source'];
  const rows = infos.map((m) => [
    m.name,
    intervals(m.coverage_nm),
    m.k_coverage_nm === null ? 'no (k = 0)' : intervals(m.k_coverage_nm) === intervals(m.coverage_nm) ? 'yes' : intervals(m.k_coverage_nm),
    m.file,
    shortSource(m.reference),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number))).join('  ');
  const aliases = infos.filter((m) => m.aliases.length > 0).map((m) => `  ${m.aliases.join(', ')} → ${m.name}`);
  return [
    line(header),
    ...rows.map(line),
    '',
    'Short names (the resolved result says which dataset was used):',
    ...aliases,
    '',
    'Wavelengths are vacuum wavelengths; indices are n + ik with k > 0 absorbing (fields ∝ e^{−iωt}).',
    'Outside a range or in a gap, the nearest value is used with a warning up to 10 % away; further is an error.',
  ].join('\n');
}

export async function materialsCommand(args: readonly string[], io: CommandIo, library?: MaterialLibrary): Promise<number> {
  const parsed = parseMaterialsArgs(args);
  if (typeof parsed === 'string') {
    io.stderr(`materials: ${parsed}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const lib = library ?? createMaterialLibrary();
  if (parsed.at === null) {
    const infos = lib.list();
    io.stdout(parsed.json ? `${JSON.stringify(infos, null, 2)}\n` : `${formatMaterialsTable(infos)}\n`);
    return 0;
  }
  const { wavelength_nm, name } = parsed.at;
  try {
    const r = lib.resolve(name, wavelength_nm);
    if (parsed.json) {
      io.stdout(`${JSON.stringify({ name, source: r.source, wavelength_nm, n: r.n, k: r.k, warnings: r.warnings })}\n`);
    } else {
      const out = [`${r.source ?? name} at ${fmt(wavelength_nm)} nm: n = ${r.n}, k = ${r.k}`, ...r.warnings.map((w) => `warning: ${w}`)];
      io.stdout(`${out.join('\n')}\n`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof MaterialError)) throw e;
    io.stderr(`materials: ${e.message}`);
    return EXIT_USAGE;
  }
}
