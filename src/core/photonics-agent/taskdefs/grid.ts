/**
 * Tasks for the grid solvers, graded on estimate-before-solve too: periodic (RCWA, 3 standard and 1
 * warning), bands (PWE, 3 standard and 1 trap), device (EME, 2 standard), optimization (1).
 */
import { lit, tol, type TaskDef } from '../taskdefs-types.ts';

const order = (side: 'reflected' | 'transmitted', n: number) => ({ op: 'find' as const, list: 'orders', where: { side, order: n }, field: 'efficiency', from: 'result' as const });
const gap = (polarization: 'TE' | 'TM', field: string) => ({ op: 'find' as const, list: 'gaps', where: { polarization, lower_band: 1 }, field, from: 'result' as const });
const fundamentalT = { key: 'transmission', unit: '1', description: 'power transmitted into the fundamental output mode', extract: { op: 'find' as const, list: 'transmission', where: { output_mode: 0 }, field: 'T', from: 'result' as const } };
const core = (width_um: number) => ({ center_um: 0, width_um, material: lit(2.0) });
const rods = (epsilon: number, radius_a: number) => ({ kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a, epsilon }], polarization: 'TM' });

export const GRID_TASKS: readonly TaskDef[] = [
  {
    task_id: 'periodic-lamellar-zeroth-order',
    kind: 'periodic',
    category: 'standard',
    title: 'Zeroth transmitted order of a lamellar grating',
    prompt: 'A lamellar grating of index-1.5 ridges (half the period, 400 nm deep, period 1000 nm) stands on a substrate of the same index 1.5, in air. At 632.8 nm, TE polarization and normal incidence, what fraction of the light goes into the zeroth transmitted order?',
    keys: [{ key: 't0', unit: '1', description: 'efficiency of the zeroth transmitted order', extract: order('transmitted', 0), tolerance: tol(0.005) }],
    explanation: 'An RCWA problem; 20 harmonics converge the dielectric TE case to 1e-5.',
    reference_problem: { kind: 'grating', period_nm: 1000, cover: lit(1), substrate: lit(1.5), layers: [{ thickness_nm: 400, background: lit(1), ridges: [{ from: 0, to: 0.5, material: lit(1.5) }] }], polarization: 'TE', wavelength_nm: 632.8 },
  },
  {
    task_id: 'periodic-oblique-first-order',
    kind: 'periodic',
    category: 'standard',
    title: 'First reflected order at oblique incidence',
    prompt: 'A binary grating of index-2.0 ridges (50 % fill, 300 nm deep, 800 nm period) sits on glass of index 1.45 in air. TE light at 600 nm arrives at 30° from the normal. Apart from specular reflection, only one reflected diffraction order propagates: how much power goes into it?',
    keys: [{ key: 'r_first_order', unit: '1', description: 'efficiency of the propagating first reflected order', extract: order('reflected', 1), tolerance: tol(0.001, 0.03) }],
    explanation: 'An RCWA problem at oblique incidence (one first order propagates in reflection: k_x = k₀ sin 30° − 2π/Λ).',
    reference_problem: { kind: 'grating', period_nm: 800, cover: lit(1), substrate: lit(1.45), layers: [{ thickness_nm: 300, background: lit(1), ridges: [{ from: 0, to: 0.5, material: lit(2.0) }] }], polarization: 'TE', angle_deg: 30, wavelength_nm: 600 },
  },
  {
    task_id: 'periodic-photonic-crystal-slab',
    kind: 'periodic',
    category: 'standard',
    title: 'Transmission of a photonic-crystal slab',
    prompt: 'A 200 nm film of index 2.0 on glass (1.45) is patterned with a square lattice of air holes: period 600 nm, hole radius 150 nm. At 800 nm and normal incidence from air, s-polarized, what is the total transmittance?',
    keys: [{ key: 'transmittance', unit: '1', description: 'total transmitted power (all orders)', extract: { op: 'path', path: 'points.0.T', from: 'result' }, tolerance: tol(0.03) }],
    explanation: 'A 2-D RCWA problem; the default 7 × 7 orders give T to a few 1e-3.',
    reference_problem: { kind: 'grating_2d', period_x_nm: 600, cover: lit(1), substrate: lit(1.45), layers: [{ thickness_nm: 200, background: lit(2.0), shapes: [{ type: 'circle', radius_nm: 150, material: lit(1) }] }], polarization: 's', wavelength_nm: 800 },
  },
  {
    task_id: 'periodic-warn-gold-grating',
    kind: 'periodic',
    category: 'warning',
    title: 'An unconverged metal grating',
    prompt: 'A gold wire grating (50 nm thick gold ridges filling half of a 500 nm period) lies on glass of index 1.5. At 700 nm, TM polarization and normal incidence from air, what is the total reflectance?',
    keys: [{ key: 'reflectance', unit: '1', description: 'total reflected power', extract: { op: 'path', path: 'points.0.R', from: 'result' }, tolerance: tol(0.03) }],
    explanation: 'Metal gratings in TM converge slowly with harmonics: the solve warns that the efficiencies are not converged, and the answer must say so.',
    reference_problem: { kind: 'grating', period_nm: 500, cover: lit(1), substrate: lit(1.5), layers: [{ thickness_nm: 50, background: lit(1), ridges: [{ from: 0, to: 0.5, material: 'Au' }] }], polarization: 'TM', wavelength_nm: 700 },
    mentions: ['converge', 'harmonics', 'not converged'],
    reference_concerns: ['The solver warns that the TM efficiencies are not converged in harmonics (they moved by ~9e-3 between 12 and 20 orders); metal gratings need more harmonics for a reliable third digit.'],
  },
  {
    task_id: 'bands-alumina-rods-gap',
    kind: 'bands',
    category: 'standard',
    title: 'TM gap of a square lattice of alumina rods',
    prompt: 'A square lattice of alumina rods (ε = 8.9) in air has rod radius 0.2a. Where does its first TM band gap lie, in normalised frequency a/λ?',
    keys: [
      { key: 'gap_lower', unit: 'a/λ', description: 'lower edge of the first TM gap', extract: gap('TM', 'from'), tolerance: tol(0, 0.01) },
      { key: 'gap_upper', unit: 'a/λ', description: 'upper edge of the first TM gap', extract: gap('TM', 'to'), tolerance: tol(0, 0.01) },
    ],
    explanation: 'The textbook crystal (Joannopoulos et al.): gap from ≈ 0.32 to ≈ 0.44 a/λ.',
    reference_problem: rods(8.9, 0.2),
  },
  {
    task_id: 'bands-triangular-holes-te',
    kind: 'bands',
    category: 'standard',
    title: 'TE gap of a triangular lattice of holes',
    prompt: 'A triangular lattice of air holes (radius 0.3a) is etched in a dielectric with ε = 12. What are the mid-gap frequency (a/λ) and the gap-to-midgap ratio of its first TE gap?',
    keys: [
      { key: 'midgap', unit: 'a/λ', description: 'centre of the first TE gap', extract: gap('TE', 'midgap'), tolerance: tol(0, 0.01) },
      { key: 'gap_ratio', unit: '1', description: 'gap width over mid-gap frequency', extract: gap('TE', 'ratio'), tolerance: tol(0.01, 0.05) },
    ],
    explanation: 'A PWE problem; TE gap between bands 1 and 2 (≈ 0.21–0.27 a/λ).',
    reference_problem: { kind: 'bands', lattice: 'triangular', background_epsilon: 12, shapes: [{ shape: 'circle', radius_a: 0.3, epsilon: 1 }], polarization: 'TE' },
  },
  {
    task_id: 'bands-silicon-rods-ratio',
    kind: 'bands',
    category: 'standard',
    title: 'Gap ratio of silicon rods',
    prompt: 'Silicon-like rods (ε = 12) of radius 0.2a on a square lattice in air: how wide is the first TM gap relative to its centre frequency?',
    keys: [{ key: 'gap_ratio', unit: '1', description: 'gap width over mid-gap frequency', extract: gap('TM', 'ratio'), tolerance: tol(0.01, 0.03) }],
    explanation: 'A PWE problem; Δω/ω ≈ 0.39.',
    reference_problem: rods(12, 0.2),
  },
  {
    task_id: 'bands-trap-normalised-frequency',
    kind: 'bands',
    category: 'trap',
    title: 'Normalised frequency a/λ',
    prompt: 'We will fabricate a square lattice of silicon rods (ε = 12, radius 0.2a) in air with a lattice constant of 600 nm. At which vacuum wavelength is the centre of its first TM band gap?',
    keys: [
      {
        key: 'midgap_wavelength_nm',
        unit: 'nm',
        description: 'vacuum wavelength at the mid-gap frequency',
        extract: { ...gap('TM', 'midgap'), reciprocal: true, scale: 600 },
        naive_extract: { ...gap('TM', 'midgap'), scale: 600 },
        tolerance: tol(0, 0.01),
      },
    ],
    explanation: 'The solver reports ωa/2πc = a/λ, so λ = a / (a/λ) = 600 / 0.349 ≈ 1720 nm. Multiplying a by the normalised frequency gives 209 nm.',
    reference_problem: { ...rods(12, 0.2), lattice_constant_nm: 600 },
  },
  {
    task_id: 'device-butt-joint',
    kind: 'device',
    category: 'standard',
    title: 'Butt joint between two waveguide widths',
    prompt: 'A 2-D waveguide of index 2.0 in a cladding of 1.45 steps abruptly from 1.0 µm to 1.6 µm width. At 1550 nm (TE), what fraction of the fundamental mode power continues in the fundamental mode of the wider guide?',
    keys: [{ ...fundamentalT, tolerance: tol(0.005) }],
    explanation: 'An eigenmode-expansion problem; the overlap gives T ≈ 0.94.',
    reference_problem: { kind: 'eme', cladding: lit(1.45), window_um: 8, sections: [{ length_um: 2, cores: [core(1)] }, { length_um: 2, cores: [core(1.6)] }], wavelength_nm: 1550, field_map: false },
  },
  {
    task_id: 'device-linear-taper',
    kind: 'device',
    category: 'standard',
    title: 'Transmission of a linear taper',
    prompt: 'A 2-D waveguide of index 2.0 in a cladding of 1.45 widens linearly from 0.5 µm to 2.0 µm over 15 µm. At 1550 nm (TE), how much of the fundamental-mode power arrives in the fundamental mode at the wide end?',
    keys: [{ ...fundamentalT, tolerance: tol(0.01) }],
    explanation: 'An eigenmode-expansion problem with a taper section (adiabatic enough: T ≈ 0.997).',
    reference_problem: {
      kind: 'eme',
      cladding: lit(1.45),
      window_um: 10,
      sections: [
        { length_um: 1, cores: [core(0.5)] },
        { length_um: 15, cores: [core(0.5)], taper_to: [{ center_um: 0, width_um: 2 }], taper_steps: 40 },
        { length_um: 1, cores: [core(2)] },
      ],
      wavelength_nm: 1550,
      field_map: false,
    },
  },
  {
    task_id: 'optimization-compact-bend',
    kind: 'optimization',
    category: 'standard',
    title: 'Topology-optimised 90° bend',
    prompt: 'Design a compact 90° waveguide bend in a 2 µm × 2 µm region for 1550 nm (silicon-slab effective index 2.85 in silica 1.44, 400 nm guides) by topology optimisation, and report the TE0 transmission of the binarised design.',
    keys: [{ key: 'transmission', unit: '1', description: 'TE0 transmission of the binarised design', extract: { op: 'path', path: 'fom.binarised', from: 'result' }, tolerance: tol(0.2) }],
    explanation: 'No unique reference: the answer must match the agent’s own optimisation result and reach at least 0.5.',
    reference_problem: { kind: 'inverse_design', device: 'bend' },
    optimization: { key: 'transmission', result_path: 'fom.binarised', threshold: 0.5, tolerance: tol(0.02) },
  },
];
