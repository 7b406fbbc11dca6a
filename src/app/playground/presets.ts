/**
 * Example problems, a few per kind, so a visitor can press Solve at once. Each is a problem a
 * textbook or a common design check knows the answer to (named in its label); presets.slow.test.ts checks
 * that every one validates and solves.
 */
import type { PhotonicsKind } from './kinds.ts';
import type { JsonValue } from './schema-form/json-schema.ts';

export interface Preset {
  id: string;
  label: string;
  problem: JsonValue;
}

const AIR = { n: 1, k: 0 };
const GLASS = { n: 1.52, k: 0 };
/**
 * Water as a literal real index (n at ~600 nm): the library's Hale & Querry water has a tiny k that
 * the Mie solver, which needs a lossless host, reports at every wavelength.
 */
const WATER = { n: 1.333, k: 0 };
const GOLD = 'Au (Johnson and Christy 1972)';
const SILICA = 'SiO2 (Malitson 1965)';
/** Quarter-wave thickness in nm of index n at the design vacuum wavelength. */
const quarterWave = (design_nm: number, n: number): number => design_nm / (4 * n);

const SCATTERING: Preset[] = [
  {
    id: 'bh-sphere',
    label: 'Bohren & Huffman Appendix A sphere: m = 1.55, x = 5.21282 (r = 525 nm, λ = 632.8 nm)',
    problem: { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, medium: AIR, wavelength_nm: 632.8 },
  },
  {
    id: 'gold-water',
    label: 'Gold nanosphere (r = 40 nm) in water: plasmon resonance, 400–900 nm, 1,000 points',
    problem: {
      kind: 'scattering',
      particle: { shape: 'sphere', radius_nm: 40, material: GOLD },
      medium: WATER,
      wavelength_range_nm: { start: 400, stop: 900, count: 1000 },
    },
  },
  {
    id: 'nanoshell',
    label: 'Gold nanoshell: silica core r = 60 nm, 10 nm gold shell, in water, 500–900 nm',
    problem: {
      kind: 'scattering',
      particle: { shape: 'coated_sphere', core_radius_nm: 60, shell_thickness_nm: 10, core_material: SILICA, shell_material: GOLD },
      medium: WATER,
      wavelength_range_nm: { start: 500, stop: 900, count: 401 },
    },
  },
];

const AR_INDEX = Math.sqrt(GLASS.n);
const [N_H, N_L] = [2.3, 1.45];

const LAYER_STACK: Preset[] = [
  {
    id: 'ar-ideal',
    label: 'Quarter-wave AR coating on glass (n = √1.52, design 550 nm): R = 0 at 550 nm, 400–800 nm, 1,000 points',
    problem: {
      kind: 'layer_stack',
      incident_medium: AIR,
      layers: [{ name: 'AR coating', material: { n: AR_INDEX, k: 0 }, thickness_nm: quarterWave(550, AR_INDEX) }],
      exit_medium: GLASS,
      wavelength_range_nm: { start: 400, stop: 800, count: 1000 },
    },
  },
  {
    id: 'bragg',
    label: 'Bragg mirror: 8 quarter-wave pairs (n = 2.3 / 1.45) at 1550 nm on silica, 1100–2200 nm',
    problem: {
      kind: 'layer_stack',
      incident_medium: AIR,
      layers: Array.from({ length: 8 }, (_, i) => [
        { name: `H${i + 1}`, material: { n: N_H, k: 0 }, thickness_nm: quarterWave(1550, N_H) },
        { name: `L${i + 1}`, material: { n: N_L, k: 0 }, thickness_nm: quarterWave(1550, N_L) },
      ]).flat(),
      exit_medium: { n: N_L, k: 0 },
      wavelength_range_nm: { start: 1100, stop: 2200, count: 1000 },
    },
  },
  {
    id: 'slide-brewster',
    label: '1 mm glass slide in air (incoherent), p-polarised, 0–89°: Brewster angle at 56.7°',
    problem: {
      kind: 'layer_stack',
      incident_medium: AIR,
      layers: [{ name: 'slide', material: GLASS, thickness_nm: 1_000_000, coherent: false }],
      exit_medium: AIR,
      polarization: 'p',
      wavelength_nm: 550,
      angle_range_deg: { start: 0, stop: 89, count: 179 },
    },
  },
  {
    id: 'gold-film',
    label: '50 nm gold film on glass, 400–1000 nm (absorption in the film)',
    problem: {
      kind: 'layer_stack',
      incident_medium: AIR,
      layers: [{ name: 'gold', material: GOLD, thickness_nm: 50 }],
      exit_medium: GLASS,
      wavelength_range_nm: { start: 400, stop: 1000, count: 601 },
    },
  },
];

const SI = 'Si (Li 1993, 293 K)';
const SLAB_220 = { type: 'slab', core: { material: SI, thickness_nm: 220 }, cover: SILICA, substrate: SILICA };

const MODE: Preset[] = [
  {
    id: 'si-slab',
    label: 'Si slab 220 nm in SiO2 at 1550 nm: TE and TM modes with profiles',
    problem: { kind: 'mode', structure: SLAB_220, polarization: 'both', wavelength_nm: 1550, profile_points: 401 },
  },
  {
    id: 'si-slab-sweep',
    label: 'Si slab 220 nm in SiO2: n_eff and n_g from 1300 to 1700 nm',
    problem: { kind: 'mode', structure: SLAB_220, polarization: 'both', wavelength_range_nm: { start: 1300, stop: 1700, count: 81 } },
  },
  {
    id: 'sin-slab',
    label: 'Si3N4 slab 400 nm on SiO2 under air at 1550 nm (asymmetric)',
    problem: {
      kind: 'mode',
      structure: { type: 'slab', core: { material: 'Si3N4 (Luke et al. 2015)', thickness_nm: 400 }, cover: AIR, substrate: SILICA },
      polarization: 'both',
      wavelength_nm: 1550,
      profile_points: 401,
    },
  },
];

MODE.push({
  id: 'si-strip',
  label: 'Si strip 500 × 220 nm in SiO2 at 1550 nm, full-vectorial FD (TE0 ≈ 2.44)',
  problem: {
    kind: 'mode',
    structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.4757, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, window_nm: { width: 1700, height: 1200 }, grid_nm: 22, max_modes: 1 },
    polarization: 'TE',
    wavelength_nm: 1550,
  },
});

const SOI_WAVEGUIDE = { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 };

const CIRCUIT: Preset[] = [
  {
    id: 'add-drop',
    label: 'Add-drop ring, R = 10 µm, κ² = 0.05 on both buses, 1540–1560 nm',
    problem: {
      kind: 'circuit',
      circuit: { type: 'ring_add_drop', radius_um: 10, waveguide: SOI_WAVEGUIDE, input_coupling: { power_coupling: 0.05 }, drop_coupling: { power_coupling: 0.05 } },
      wavelength_range_nm: { start: 1540, stop: 1560, count: 1001 },
    },
  },
  {
    id: 'mzi',
    label: 'Unbalanced MZI, ΔL = 100 µm (FSR = λ²/(n_g ΔL) ≈ 5.7 nm), 1530–1570 nm',
    problem: {
      kind: 'circuit',
      circuit: { type: 'mzi', arm_length_um: 500, delta_length_um: 100, waveguide: SOI_WAVEGUIDE },
      wavelength_range_nm: { start: 1530, stop: 1570, count: 1000 },
    },
  },
  {
    id: 'all-pass',
    label: 'All-pass ring, R = 20 µm, κ² = 0.02, 1545–1555 nm',
    problem: {
      kind: 'circuit',
      circuit: { type: 'ring_all_pass', radius_um: 20, waveguide: SOI_WAVEGUIDE, coupling: { power_coupling: 0.02 } },
      wavelength_range_nm: { start: 1545, stop: 1555, count: 1001 },
    },
  },
  {
    id: 'splitter-70-70',
    label: 'A "lossless" 1×2 splitter with 70 % in each arm: unphysical, flagged',
    problem: { kind: 'circuit', circuit: { type: 'splitter', outputs: [{ power_fraction: 0.7 }, { power_fraction: 0.7 }] }, wavelength_nm: 1550 },
  },
  {
    id: 'link-budget',
    label: 'Link budget: 0 dBm laser, two 3 dB grating couplers, 2 cm of 2 dB/cm waveguide, −20 dBm detector',
    problem: {
      kind: 'circuit',
      circuit: {
        type: 'link_budget',
        laser_power_dbm: 0,
        elements: [
          { name: 'input grating coupler', loss_db: 3 },
          { name: 'waveguide', length_um: 20_000, loss_db_per_cm: 2 },
          { name: 'output grating coupler', loss_db: 3 },
        ],
        detector_sensitivity_dbm: -20,
      },
    },
  },
];

const GRATING: Preset[] = [
  {
    id: 'lamellar-te',
    label: 'Lamellar test grating: period 1 µm, n = 1.5 ridges (fill 0.5, depth 400 nm) on n = 1.5, λ = 632.8 nm, TE (R0 0.009773, T0 0.387774, T±1 0.246852)',
    problem: {
      kind: 'grating',
      period_nm: 1000,
      cover: AIR,
      substrate: { n: 1.5, k: 0 },
      layers: [{ thickness_nm: 400, background: AIR, ridges: [{ from: 0.25, to: 0.75, material: { n: 1.5, k: 0 } }] }],
      polarization: 'TE',
      harmonics: 30,
      wavelength_nm: 632.8,
    },
  },
  {
    id: 'lamellar-sweep',
    label: 'The same grating, TE and TM, swept 500–900 nm (orders ±1 stop propagating in air at λ = period)',
    problem: {
      kind: 'grating',
      period_nm: 1000,
      cover: AIR,
      substrate: { n: 1.5, k: 0 },
      layers: [{ thickness_nm: 400, background: AIR, ridges: [{ from: 0.25, to: 0.75, material: { n: 1.5, k: 0 } }] }],
      polarization: 'both',
      harmonics: 15,
      wavelength_range_nm: { start: 500, stop: 900, count: 41 },
    },
  },
];

/**
 * 2D gratings. The first is the 1D lamellar test grating entered as a rectangle spanning the whole y
 * period, so the crossed-grating solver can be checked against the numbers; the second is the
 * photonic-crystal slab of Fan & Joannopoulos (PRB 65, 235112 (2002)) with period 1000 nm, so a/λ = 1000/λ[nm].
 */
const GRATING_2D: Preset[] = [
  {
    id: 'lamellar-2d',
    label: 'The lamellar test grating as a 2D pattern (ridge spanning the y period), s = E along the grooves: R0 0.009773, T0 0.387774, T±1 0.246852',
    problem: {
      kind: 'grating_2d',
      period_x_nm: 1000,
      period_y_nm: 1000,
      cover: AIR,
      substrate: { n: 1.5, k: 0 },
      layers: [{ thickness_nm: 400, background: AIR, shapes: [{ type: 'rectangle', center_nm: [0, 0], size_nm: [500, 1000], material: { n: 1.5, k: 0 } }] }],
      polarization: 's',
      harmonics_x: 20,
      harmonics_y: 0,
      wavelength_nm: 632.8,
    },
  },
  {
    id: 'phc-slab-resonance',
    label: 'Photonic-crystal slab (Fan & Joannopoulos 2002): air holes r = 0.2a in ε = 12, 0.5a thick, a = 1000 nm, normal incidence, 5×5 orders: a guided resonance (T → 0 at a/λ ≈ 0.381 here, ≈ 0.382 converged)',
    problem: {
      kind: 'grating_2d',
      period_x_nm: 1000,
      cover: AIR,
      substrate: AIR,
      layers: [{ thickness_nm: 500, background: { n: Math.sqrt(12), k: 0 }, shapes: [{ type: 'circle', center_nm: [0, 0], radius_nm: 200, material: AIR }] }],
      polarization: 's',
      harmonics_x: 2,
      wavelength_range_nm: { start: 2550, stop: 2700, count: 31 },
    },
  },
];

const BANDS: Preset[] = [
  {
    id: 'square-rods',
    label: 'Square lattice of rods, ε = 12, r = 0.2a in air: TM gap 0.2809–0.4171 a/λ (MPB)',
    problem: { kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', center_a: [0, 0], radius_a: 0.2, epsilon: 12 }], polarization: 'TM', plane_waves_per_axis: 15, k_points_per_segment: 10, bands: 6 },
  },
  {
    id: 'triangular-holes',
    label: 'Triangular lattice of air holes, r = 0.48a, in ε = 13: the complete TE/TM gap of Joannopoulos et al., ch. 5',
    problem: { kind: 'bands', lattice: 'triangular', background_epsilon: 13, shapes: [{ shape: 'circle', center_a: [0, 0], radius_a: 0.48, epsilon: 1 }], polarization: 'both', plane_waves_per_axis: 15, k_points_per_segment: 8, bands: 8, lattice_constant_nm: 500 },
  },
];

/** ADDA's default run: x = (2π/15)·(3·2176/4π)^{1/3} = 3.36728 at λ = 600 nm gives r = 321.551 nm. */
const DDA: Preset[] = [
  {
    id: 'adda-sphere',
    label: "ADDA's default sphere: m = 1.5, x = 3.367, 16 dipoles across (2176): Qext 3.7911 vs Mie 3.8074",
    problem: { kind: 'dda', particle: { shape: 'sphere', radius_nm: 321.551 }, material: { n: 1.5, k: 0 }, medium: AIR, wavelength_nm: 600, dipoles_across: 16 },
  },
  {
    id: 'polystyrene-dimer',
    label: 'Two polystyrene spheres (n = 1.59, r = 100 nm, 40 nm gap) in air at 633 nm, polarized along the dimer axis',
    problem: { kind: 'dda', particle: { shape: 'dimer', radius_nm: 100, gap_nm: 40 }, material: { n: 1.59, k: 0 }, medium: AIR, wavelength_nm: 633, dipoles_across: 32, propagation: 'z', polarization: 'x' },
  },
];

/** SiN-like core in oxide as literal indices, so the EME presets need no dispersion data. */
const SIN_CORE = { n: 2.0, k: 0 };
const OXIDE = { n: 1.45, k: 0 };
const sinGuide = (width_um: number) => ({ center_um: 0, width_um, material: SIN_CORE });

const EME: Preset[] = [
  {
    id: 'mmi-1x1',
    label: '1×1 MMI, 4 µm wide (n = 2.0 in 1.45, 1550 nm, TE): length swept 20–28 µm; self-image near 3L_π/4 ≈ 24.5 µm (Soldano & Pennings 1995)',
    problem: {
      kind: 'eme',
      cladding: OXIDE,
      window_um: 10,
      grid_nm: 20,
      modes: 40,
      wavelength_nm: 1550,
      sections: [
        { length_um: 2, cores: [sinGuide(1.2)] },
        { length_um: 24.5, cores: [sinGuide(4)] },
        { length_um: 2, cores: [sinGuide(1.2)] },
      ],
      sweep: { section: 1, lengths_um: Array.from({ length: 81 }, (_, i) => Math.round((20 + i * 0.1) * 10) / 10) },
    },
  },
  {
    id: 'butt-joint',
    label: 'Butt joint 1 µm → 2 µm guide, 1450–1650 nm: T into the fundamental ≈ |overlap|² of the two modes',
    problem: {
      kind: 'eme',
      cladding: OXIDE,
      window_um: 10,
      grid_nm: 20,
      modes: 40,
      wavelength_range_nm: { start: 1450, stop: 1650, count: 21 },
      sections: [
        { length_um: 2, cores: [sinGuide(1)] },
        { length_um: 2, cores: [sinGuide(2)] },
      ],
    },
  },
];

/**
 * Inverse design: small 2-D devices in a 2 µm × 2 µm region at 40 nm cells (13.6 cells per wavelength
 * in the core), Si/SiO₂ effective indices. Kept to 20 iterations so a solve takes seconds.
 */
const INVERSE_DESIGN: Preset[] = [
  {
    id: 'topopt-bend',
    label: '90° bend in 2 µm × 2 µm, 1550 nm, 20 iterations: binarised TE0 transmission should pass 0.9',
    problem: { kind: 'inverse_design', device: 'bend', wavelength_nm: 1550, cell_nm: 40, iterations: 20 },
  },
  {
    id: 'topopt-mode-converter',
    label: 'TE0 → TE1 mode converter into a 1 µm guide, 1550 nm, 20 iterations (random start: a symmetric one has no gradient towards TE1)',
    problem: { kind: 'inverse_design', device: 'mode_converter', wavelength_nm: 1550, cell_nm: 40, output_width_nm: 1000, iterations: 20, start: 'random', seed: 1 },
  },
];

export const PRESETS: Readonly<Record<PhotonicsKind, readonly Preset[]>> = {
  scattering: SCATTERING,
  layer_stack: LAYER_STACK,
  mode: MODE,
  circuit: CIRCUIT,
  grating: GRATING,
  grating_2d: GRATING_2D,
  bands: BANDS,
  dda: DDA,
  eme: EME,
  inverse_design: INVERSE_DESIGN,
};

export const presetsFor = (kind: PhotonicsKind): readonly Preset[] => PRESETS[kind];

/** The problem a kind opens with: its first preset (a copy, so edits never touch the preset). */
export function firstPreset(kind: PhotonicsKind): JsonValue {
  const first = PRESETS[kind][0];
  if (!first) throw new Error(`no preset for kind ${kind}`);
  return structuredClone(first.problem);
}
