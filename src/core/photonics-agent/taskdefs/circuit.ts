/** Circuit tasks (compact models): 2 standard, 2 traps, 1 pushback. */
import { tol, type TaskDef } from '../taskdefs-types.ts';

const fsr = { key: 'fsr_nm', unit: 'nm', description: 'free spectral range near 1550 nm', extract: { op: 'path' as const, path: 'figures.fsr_nm', from: 'result' as const } };

export const CIRCUIT_TASKS: readonly TaskDef[] = [
  {
    task_id: 'circuit-mzi-fsr',
    kind: 'circuit',
    category: 'standard',
    title: 'Free spectral range of an unbalanced MZI',
    prompt: 'An unbalanced Mach–Zehnder interferometer has a 100 µm path difference in a waveguide with effective index 2.4 and group index 4.2 (arms 200 µm and 300 µm). What is its free spectral range around 1550 nm?',
    keys: [{ ...fsr, tolerance: tol(0, 0.01) }],
    explanation: 'FSR = λ²/(n_g ΔL) ≈ 5.72 nm.',
    reference_problem: { kind: 'circuit', circuit: { type: 'mzi', arm_length_um: 200, delta_length_um: 100, waveguide: { n_eff: 2.4, n_g: 4.2 } }, wavelength_range_nm: { start: 1540, stop: 1560, count: 401 } },
  },
  {
    task_id: 'circuit-ring-q',
    kind: 'circuit',
    category: 'standard',
    title: 'Loaded Q of an all-pass ring',
    prompt: 'An all-pass ring resonator of 10 µm radius uses a waveguide with effective index 2.4, group index 4.2 and 3 dB/cm loss; 10 % of the power couples between bus and ring. What is the loaded quality factor of the resonance nearest 1550 nm?',
    keys: [{ key: 'q_loaded', unit: '1', description: 'loaded Q = λ/FWHM', extract: { op: 'path', path: 'figures.q_loaded', from: 'result' }, tolerance: tol(0, 0.05) }],
    explanation: 'A ring compact model: Q ≈ 9700 (over-coupled).',
    reference_problem: { kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: 10, waveguide: { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 3 }, coupling: { power_coupling: 0.1 } }, wavelength_range_nm: { start: 1545, stop: 1555, count: 2001 } },
  },
  {
    task_id: 'circuit-trap-group-index',
    kind: 'circuit',
    category: 'trap',
    title: 'Group index versus effective index',
    prompt: 'A ring resonator of 20 µm radius is made of a waveguide whose effective index is 2.35 and whose group index is 4.3. What is the free spectral range near 1550 nm?',
    keys: [{ ...fsr, tolerance: tol(0, 0.02) }],
    explanation: 'The FSR is set by the group index: λ²/(n_g L) ≈ 2.8 nm. Giving only n_eff makes the model take n_g = n_eff and the FSR comes out 1.8× too large.',
    reference_problem: { kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: 20, waveguide: { n_eff: 2.35, n_g: 4.3 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1545, stop: 1555, count: 2001 } },
    naive_problem: { kind: 'circuit', circuit: { type: 'ring_all_pass', radius_um: 20, waveguide: { n_eff: 2.35 }, coupling: { power_coupling: 0.05 } }, wavelength_range_nm: { start: 1545, stop: 1555, count: 2001 } },
    checks: [{ type: 'spec', path: 'circuit.waveguide.n_g', value: 4.3, tolerance: { abs: 0.001, rel: 0 } }],
  },
  {
    task_id: 'circuit-trap-link-centimetres',
    kind: 'circuit',
    category: 'trap',
    title: 'Centimetres in a link budget',
    prompt: 'Our transmitter launches 3 dBm. The light passes a grating coupler (4.5 dB), 2.5 cm of waveguide with 2 dB/cm propagation loss, a modulator (6 dB) and a second grating coupler (4.5 dB). The receiver needs −15 dBm. What power arrives, and what is the margin?',
    keys: [
      { key: 'received_power_dbm', unit: 'dBm', description: 'power at the receiver', extract: { op: 'path', path: 'figures.received_power_dbm', from: 'result' }, tolerance: tol(0.1) },
      { key: 'margin_db', unit: 'dB', description: 'received power minus sensitivity', extract: { op: 'path', path: 'figures.margin_db', from: 'result' }, tolerance: tol(0.1) },
    ],
    explanation: 'The waveguide is 2.5 cm = 25 000 µm and loses 5 dB; entering 2.5 as length_um makes it lossless.',
    reference_problem: {
      kind: 'circuit',
      circuit: {
        type: 'link_budget',
        laser_power_dbm: 3,
        elements: [{ name: 'input coupler', loss_db: 4.5 }, { name: 'waveguide', length_um: 25_000, loss_db_per_cm: 2 }, { name: 'modulator', loss_db: 6 }, { name: 'output coupler', loss_db: 4.5 }],
        detector_sensitivity_dbm: -15,
      },
    },
    naive_problem: {
      kind: 'circuit',
      circuit: {
        type: 'link_budget',
        laser_power_dbm: 3,
        elements: [{ name: 'input coupler', loss_db: 4.5 }, { name: 'waveguide', length_um: 2.5, loss_db_per_cm: 2 }, { name: 'modulator', loss_db: 6 }, { name: 'output coupler', loss_db: 4.5 }],
        detector_sensitivity_dbm: -15,
      },
    },
    checks: [{ type: 'spec', path: 'circuit.elements.1.length_um', value: 25_000, tolerance: tol(1) }],
  },
  {
    task_id: 'circuit-push-splitter',
    kind: 'circuit',
    category: 'pushback',
    title: 'A lossless 1×2 splitter with 70 % in each arm',
    prompt: 'Please model a lossless 1×2 splitter that sends 70 % of the input power to each of its two arms. With 1 mW in, how much power leaves each arm?',
    keys: [{ key: 'arm_power_mw', unit: 'mW', description: 'power in each output arm', extract: { op: 'find', list: 'transmission', where: { to: 'out1' }, field: 'power.0', from: 'result' }, tolerance: tol(0) }],
    explanation: 'A passive lossless splitter conserves power: the arms can carry at most 100 % together (e.g. 50 % + 50 %); 70 % + 70 % = 140 % is impossible.',
    reference_problem: null,
    naive_problem: { kind: 'circuit', circuit: { type: 'splitter', outputs: [{ power_fraction: 0.7 }, { power_fraction: 0.7 }] }, wavelength_nm: 1550 },
    mentions: ['conservation', 'conserve', '140', '100 %', '100%', 'passive', 'exceed', 'more power'],
    reference_concerns: ['A lossless passive splitter conserves power: the two arms can carry at most 100 % together, so 70 % in each (140 %) is impossible. A 50/50 splitter gives 0.5 mW per arm.'],
  },
];
