/**
 * Material constants of the VEHBench oracle. The values are the published benchmark's own table
 * (so our scores line up with its numbers); `provenance` records where each comes from and how far
 * datasheets disagree (from data/veh/veh-materials.json, compiled from the sources in
 * data/veh/veh-anchors-SOURCES.md).
 */
import { echo } from '../echo.ts';

export interface PiezoMaterial {
  readonly id: PiezoId;
  readonly label: string;
  /** d31 in m/V. */
  readonly d31: number;
  /** Relative free permittivity ε33ᵀ/ε0. */
  readonly eps33Rel: number;
  /** Young's modulus (1/s11ᴱ) in Pa. */
  readonly modulusPa: number;
  /** Density in kg/m³. */
  readonly density: number;
  readonly aliases: readonly string[];
  readonly provenance: string;
}

export interface SubstrateMaterial {
  readonly id: SubstrateId;
  readonly label: string;
  readonly modulusPa: number;
  readonly density: number;
  readonly aliases: readonly string[];
  readonly provenance: string;
}

export const PIEZO_IDS = ['PZT-5A', 'PZT-5H', 'MFC-M8528', 'PVDF'] as const;
export type PiezoId = (typeof PIEZO_IDS)[number];
export const SUBSTRATE_IDS = ['stainless_steel', 'aluminum', 'brass', 'titanium'] as const;
export type SubstrateId = (typeof SUBSTRATE_IDS)[number];

export const PIEZO_MATERIALS: Readonly<Record<PiezoId, PiezoMaterial>> = {
  'PZT-5A': {
    id: 'PZT-5A',
    label: 'PZT-5A (navy type II)',
    d31: -171e-12,
    eps33Rel: 1700,
    modulusPa: 61.0e9,
    density: 7750,
    aliases: ['pzt5a', 'pzt-5a', 'pzt_5a', 'pzt 5a', 'psi-5a4e', 'navy ii', 'navy type ii'],
    provenance:
      'Erturk & Inman (2011) book appendix, standard set (d31 −171 pm/V, ε33ᵀ/ε0 1700, 1/s11ᴱ 61.0 GPa, 7750 kg/m³). ' +
      'Datasheets disagree: d31 −170…−190, ε 1700…1900, E 52.6…69 GPa, ρ 7650…7950 (PSI, CTS, Bochuang).',
  },
  'PZT-5H': {
    id: 'PZT-5H',
    label: 'PZT-5H (navy type VI)',
    d31: -274e-12,
    eps33Rel: 3800,
    modulusPa: 60.0e9,
    density: 7500,
    aliases: ['pzt5h', 'pzt-5h', 'pzt_5h', 'pzt 5h', 'psi-5h4e', 'navy vi', 'navy type vi'],
    provenance:
      'VEHBench oracle table (d31 −274 pm/V as in Erturk & Inman 2011; ε33ᵀ/ε0 3800 and 60.0 GPa as the benchmark uses). ' +
      'The textbook set gives ε 3400 and 60.6 GPa; datasheets span d31 −265…−320, ε 3100…3800, E 47.6…63 GPa, ρ 7500…7870.',
  },
  'MFC-M8528': {
    id: 'MFC-M8528',
    label: 'Macro Fiber Composite M8528 (as modelled by VEHBench)',
    d31: -170e-12,
    eps33Rel: 800,
    modulusPa: 30.0e9,
    density: 5400,
    aliases: ['mfc', 'mfc-m8528', 'mfc_m8528', 'm8528', 'mfcm8528', 'macro fiber composite', 'mfc m8528'],
    provenance:
      'VEHBench oracle table. Smart Material publishes E1 30.336 GPa and 5440 kg/m³; its d31 −170 pC/N is the P2 (d31-mode) ' +
      'low-field value, and no permittivity is published (800 has no datasheet basis). An M8528 is a P1 (d33, interdigitated) ' +
      'device that a d31 unimorph model cannot represent exactly.',
  },
  PVDF: {
    id: 'PVDF',
    label: 'PVDF film',
    d31: -23e-12,
    eps33Rel: 13,
    modulusPa: 2.0e9,
    density: 1780,
    aliases: ['pvdf', 'pvdf film', 'polyvinylidene fluoride', 'ldt1-028k'],
    provenance:
      'VEHBench oracle table. Measurement Specialties Piezo Film Technical Manual: |d31| 23 pC/N, ε/ε0 12–13, E 2–4 GPa, 1780 kg/m³.',
  },
};

export const SUBSTRATE_MATERIALS: Readonly<Record<SubstrateId, SubstrateMaterial>> = {
  stainless_steel: {
    id: 'stainless_steel',
    label: 'Stainless steel',
    modulusPa: 200e9,
    density: 7900,
    aliases: ['stainless steel', 'stainless-steel', 'stainless', 'steel', 'ss', 'ss304', 'aisi 304', '304', 'sus304', 'inox'],
    provenance: 'VEHBench oracle table (200 GPa, 7900 kg/m³). AISI 304 datasheets: 193–200 GPa, 7900–8030 kg/m³.',
  },
  aluminum: {
    id: 'aluminum',
    label: 'Aluminium',
    modulusPa: 70e9,
    density: 2700,
    aliases: ['aluminium', 'al', 'al6061', '6061', '6061-t6', 'al 6061-t6'],
    provenance: 'VEHBench oracle table (70 GPa, 2700 kg/m³). Al 6061-T6 datasheets: 68–69 GPa, 2700 kg/m³.',
  },
  brass: {
    id: 'brass',
    label: 'Brass',
    modulusPa: 100e9,
    density: 8500,
    aliases: ['c26000', 'cartridge brass', 'cuzn30'],
    provenance: 'VEHBench oracle table (100 GPa, 8500 kg/m³). C26000 datasheets: 110–117 GPa, 8530 kg/m³.',
  },
  titanium: {
    id: 'titanium',
    label: 'Titanium',
    modulusPa: 114e9,
    density: 4510,
    aliases: ['ti', 'ti-6al-4v', 'ti6al4v', 'grade 5', 'cp-ti', 'cp titanium'],
    provenance: 'VEHBench oracle table (114 GPa, 4510 kg/m³). Ti-6Al-4V: 105–120 GPa, 4420–4430 kg/m³; CP-Ti 4510 kg/m³.',
  },
};

const normalise = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

function buildIndex<T extends { id: string; aliases: readonly string[] }>(table: Readonly<Record<string, T>>): Map<string, T> {
  const index = new Map<string, T>();
  for (const m of Object.values(table)) {
    index.set(normalise(m.id), m);
    for (const alias of m.aliases) index.set(normalise(alias), m);
  }
  return index;
}

const piezoIndex = buildIndex(PIEZO_MATERIALS);
const substrateIndex = buildIndex(SUBSTRATE_MATERIALS);

export class UnknownMaterialError extends Error {
  constructor(kind: 'piezo' | 'substrate', name: string, known: readonly string[]) {
    super(`unknown ${kind} material "${echo(name)}"; known: ${known.join(', ')} (aliases accepted, e.g. pzt5a, aluminium, ss304)`);
    this.name = 'UnknownMaterialError';
  }
}

export function resolvePiezo(name: string): PiezoMaterial {
  const m = piezoIndex.get(normalise(name)) ?? piezoIndex.get(normalise(name.replace(/_/g, '-')));
  if (!m) throw new UnknownMaterialError('piezo', name, PIEZO_IDS);
  return m;
}

export function resolveSubstrate(name: string): SubstrateMaterial {
  const m = substrateIndex.get(normalise(name)) ?? substrateIndex.get(normalise(name.replace(/_/g, ' ')));
  if (!m) throw new UnknownMaterialError('substrate', name, SUBSTRATE_IDS);
  return m;
}
