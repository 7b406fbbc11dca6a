/**
 * Literature anchors (data/veh/veh-anchors.json): the fields the generator reads, validated with
 * zod, and their grouping by source. Unknown extra fields are allowed (the dataset carries rich
 * notes); fields we read must have the expected types or parsing fails with the anchor's index.
 */
import { z } from 'zod';

const num = z.number().nullable().optional();

export const AnchorSchema = z.object({
  id: z.string().min(1),
  group: z.string().nullable().optional(),
  configuration: z.string(),
  confidence: z.string(),
  source: z.object({
    doi: z.string().nullable().optional(),
    year: z.number().nullable().optional(),
    title: z.string(),
    source_type: z.string(),
  }),
  design: z.object({
    beam_length_mm: num,
    beam_width_mm: num,
    substrate_thickness_um: num,
    piezo_thickness_um: num,
    tip_mass_g: num,
    load_resistance_ohm: num,
  }),
  design_notes: z
    .object({
      piezo_layers: z.number().int().optional(),
      piezo_thickness_is_per_layer: z.boolean().optional(),
      total_thickness_um: z.number().optional(),
      active_piezo_width_mm: z.number().optional(),
      active_piezo_length_mm: z.number().optional(),
      single_wafer_capacitance_nF_100Hz: z.number().optional(),
    })
    .nullable()
    .optional(),
  excitation: z.object({
    frequency_hz: num,
    base_acceleration_g: num,
    levels_tested_g: z.array(z.number()).optional(),
    notes: z.string().optional(),
  }),
  materials: z.object({
    piezo: z.object({ vocab: z.string().nullable().optional(), as_reported: z.string() }),
    substrate: z.object({
      vocab: z.string().nullable().optional(),
      as_reported: z.string(),
      reported_properties: z.object({ youngs_modulus_GPa: z.number().optional(), density_kg_m3: z.number().optional() }).nullable().optional(),
    }),
  }),
  reported_outcomes: z
    .object({
      resonance_sc_hz: num,
      resonance_hz: num,
      resonance_hz_pair_as_printed: z.array(z.number()).optional(),
      damping_ratio_mode1: num,
      damping_ratio: num,
      measured_damping_ratio: num,
    })
    .nullable()
    .optional(),
  completeness: z.object({ design_complete: z.boolean(), missing: z.array(z.string()) }),
  flags: z.array(z.string()),
});
export type Anchor = z.infer<typeof AnchorSchema>;

/** Parses the anchors file; errors name the anchor index and field. */
export function parseAnchors(json: unknown): Anchor[] {
  const parsed = z.array(AnchorSchema).min(1).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((i) => `anchors[${i.path.join('.')}]: ${i.message}`);
    throw new Error(`invalid anchors file: ${problems.join('; ')}`);
  }
  const seen = new Set<string>();
  for (const a of parsed.data) {
    if (seen.has(a.id)) throw new Error(`invalid anchors file: duplicate anchor id ${a.id}`);
    seen.add(a.id);
  }
  return parsed.data;
}

/**
 * Lineage groups for anchors the dataset leaves ungrouped: records describing the same device or
 * re-using the same parameter set belong together, so a split can never put near-duplicates on
 * both sides. Anchors matching no rule form a group of their own.
 */
const LINEAGE_RULES: readonly { prefix: string; group: string; why: string }[] = [
  { prefix: 'erturk-inman-2009-', group: 'erturk-t226-a4-503', why: 'Piezo Systems T226-A4-503X bimorph' },
  { prefix: 'dutoit-type-T226-A4-503', group: 'erturk-t226-a4-503', why: 'same T226-A4-503 device' },
  { prefix: 'erturk-inman-2011-', group: 'erturk-t226-h4-203', why: 'Piezo Systems T226-H4-203X bimorph' },
  { prefix: 'erturk-phd-2009-T226-H4-203X', group: 'erturk-t226-h4-203', why: 'same T226-H4-203X device with a tip mass' },
  { prefix: 'erturk-phd-2009-ch3-', group: 'erturk-phd-2009-ch3', why: 'theoretical bimorph case of the thesis' },
  { prefix: 'erturk-inman-2008-', group: 'erturk-2008-parameter-set', why: 'Erturk & Inman 2008 unimorph case' },
  { prefix: 'zhou-fu-ji-2020-', group: 'erturk-2008-parameter-set', why: 're-uses the Erturk 2008 material and substrate set' },
  { prefix: 'shu-lien-2006-', group: 'shu-lien-2006', why: 'Shu & Lien 2006 bender' },
  { prefix: 'hindawi-sv-2018-', group: 'meas-ldt1-pvdf-film', why: 'geometry of the LDT1-028K PVDF film' },
  { prefix: 'te-meas-ldt1-', group: 'meas-ldt1-pvdf-film', why: 'TE/MEAS LDT1-028K PVDF film' },
  { prefix: 'piezodrive-', group: 'piezodrive-ba-benders', why: 'PiezoDrive BA bender datasheet family' },
  { prefix: 'munk-ellul-moss-', group: 'munk-2021', why: 'Munk et al. 2021' },
  { prefix: 'gupta-raghavan-2020-', group: 'gupta-raghavan-2020', why: 'Gupta & Raghavan 2020 tunable harvester' },
];

export function anchorGroup(a: Anchor): string {
  if (a.group) return a.group;
  return LINEAGE_RULES.find((r) => a.id.startsWith(r.prefix))?.group ?? a.id;
}

/** The source document an anchor was read from (DOI when there is one). */
export function sourceKey(a: Anchor): string {
  return a.source.doi ? `doi:${a.source.doi.toLowerCase()}` : `${a.source.source_type}:${a.source.title}:${a.source.year ?? 'n.d.'}`;
}

/**
 * Split units: groups joined whenever they share a source document (the six Midé families share
 * one datasheet), so keeping units apart keeps both the groups and the sources disjoint.
 */
export function splitUnits(anchors: readonly Anchor[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (g: string): string => {
    let r = g;
    while (parent.get(r) !== r) r = parent.get(r) as string;
    return r;
  };
  const bySource = new Map<string, string>();
  for (const a of anchors) {
    const g = anchorGroup(a);
    if (!parent.has(g)) parent.set(g, g);
    const k = sourceKey(a);
    const other = bySource.get(k);
    if (other === undefined) bySource.set(k, g);
    else {
      const ra = find(g);
      const rb = find(other);
      if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
    }
  }
  const unit = new Map<string, string>();
  for (const g of parent.keys()) unit.set(g, find(g));
  return unit;
}
