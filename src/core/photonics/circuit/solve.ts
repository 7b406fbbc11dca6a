/**
 * Solves a `circuit` problem: builds the component or netlist as a network of S-matrices, checks
 * every component for passivity, composes the network at each vacuum wavelength and reports the
 * power and phase transmissions from its input ports, with the closed-form figures of its type
 * (FSR, FWHM, Q, finesse, extinction, …). A link budget is plain dB arithmetic.
 *
 * Compact models in closed form plus a few small linear solves per wavelength: microseconds, so this
 * runs as TypeScript only (no WASM kernel).
 */
import { abs2, arg } from '../complex.ts';
import type { SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import { compileNetlist, evaluateNetlist } from './compose.ts';
import { linkBudget, type LinkBudgetResult } from './link-budget.ts';
import { buildNetwork, type Figures } from './network.ts';
import { checkPassivity, PASSIVITY_TOLERANCE, type PassivityReport } from './passivity.ts';
import type { CircuitProblem } from './problem.ts';
import type { SMatrix } from './smatrix.ts';

export interface PortTransmission {
  readonly from: string;
  readonly to: string;
  /** |S_to,from|² per wavelength */
  readonly power: number[];
  /** arg S_to,from in (−π, π] per wavelength (not unwrapped) */
  readonly phase_rad: number[];
}

export interface CircuitResult {
  readonly kind: 'circuit';
  readonly circuit_type: CircuitProblem['circuit']['type'];
  readonly wavelengths_nm: number[];
  readonly ports: string[];
  readonly transmission: PortTransmission[];
  readonly figures: Figures;
  readonly passivity: PassivityReport[];
  /** instance ports left unconnected: matched terminations */
  readonly terminated_ports: string[];
  readonly link_budget?: LinkBudgetResult;
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  readonly backend: 'reference';
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm',
  s_matrix: 'S[to][from]: complex amplitude leaving port "to" per unit amplitude entering port "from"; power = |S|²',
  phase: 'fields ∝ e^{−iωt}: propagation over L multiplies by e^{+iβL}, β = 2π n_eff(λ)/λ; a symmetric coupler crosses with +iκ (e^{+jωt} texts write −jκ); phases in radians, wrapped to (−π, π]',
  dispersion: 'n_eff(λ) = n_eff + (n_eff − n_g)(λ − λ0)/λ0, first order about reference_wavelength_nm (default: the middle of the sweep)',
  couplers: 'point couplers are lossless and wavelength-independent: t² + κ² = 1; directional couplers follow coupled-mode theory with constant κ',
  ring: 'Bogaerts et al., Laser Photonics Rev. 6, 47 (2012): FSR = λ²/(n_g L); fwhm_nm from the exact half-maximum phase 4·asin((1 − ra)/(2√(ra))), fwhm_bogaerts_nm = (1 − ra)λ²/(π n_g L √(ra)); Q = λ/FWHM; finesse = FSR/FWHM; figures at the resonance nearest the sweep middle',
  passivity: `every component's S†S must have all eigenvalues ≤ 1 (+${PASSIVITY_TOLERANCE}); violations are warnings and the component is marked passive: false`,
  mzi: 'out1 is the bar port of in1 (same waveguide), out2 the cross port; FSR = λ²/(n_g ΔL)',
};

export function solveCircuit(problem: CircuitProblem, _ctx: SolveContext): CircuitResult {
  const warnings = new Set<string>();
  const warn = (m: string): void => {
    warnings.add(m);
  };
  const circuit = problem.circuit;
  const base = { kind: 'circuit' as const, circuit_type: circuit.type, conventions: CONVENTIONS, backend: 'reference' as const };

  if (circuit.type === 'link_budget') {
    const budget = linkBudget(circuit, warn);
    const wavelengths = problem.wavelength_nm === undefined && problem.wavelengths_nm === undefined && problem.wavelength_range_nm === undefined ? [] : wavelengthGrid(problem);
    return {
      ...base,
      wavelengths_nm: wavelengths,
      ports: [],
      transmission: [],
      figures: { received_power_dbm: budget.received_power_dbm, total_loss_db: budget.total_loss_db, margin_db: budget.margin_db },
      passivity: [],
      terminated_ports: [],
      link_budget: budget,
      warnings: [...warnings],
    };
  }

  const wavelengths = wavelengthGrid(problem);
  const centre = 0.5 * (Math.min(...wavelengths) + Math.max(...wavelengths));
  const network = buildNetwork(circuit, centre, warn);
  const plan = compileNetlist(
    Object.fromEntries(Object.entries(network.instances).map(([name, m]) => [name, m.ports])),
    network.connections,
    network.ports,
  );

  // Component magnitudes do not depend on wavelength here, so passivity is checked once, at the centre.
  const passivity = Object.entries(network.instances).map(([name, model]) => {
    const { report, warning } = checkPassivity(name, model.type, model.at(centre), circuit.type === 'netlist');
    if (warning !== undefined) warn(warning);
    return report;
  });

  const n = plan.externalNames.length;
  const inputs = network.inputs.map((p) => plan.externalNames.indexOf(p));
  const power = inputs.map(() => Array.from({ length: n }, () => new Array<number>(wavelengths.length)));
  const phase = inputs.map(() => Array.from({ length: n }, () => new Array<number>(wavelengths.length)));
  wavelengths.forEach((wavelength, w) => {
    const matrices: Record<string, SMatrix> = {};
    for (const [name, model] of Object.entries(network.instances)) matrices[name] = model.at(wavelength);
    const s = evaluateNetlist(plan, matrices);
    inputs.forEach((j, k) => {
      for (let i = 0; i < n; i++) {
        const z = s[i]![j]!;
        power[k]![i]![w] = abs2(z);
        phase[k]![i]![w] = arg(z);
      }
    });
  });

  const transmission: PortTransmission[] = [];
  inputs.forEach((j, k) => {
    for (let i = 0; i < n; i++) {
      const p = power[k]![i]!;
      // Reflections are reported only when the circuit has any (the compact models here have none).
      if (i === j && p.every((v) => v < 1e-20)) continue;
      transmission.push({ from: plan.externalNames[j]!, to: plan.externalNames[i]!, power: p, phase_rad: phase[k]![i]! });
    }
  });

  return {
    ...base,
    wavelengths_nm: wavelengths,
    ports: [...plan.externalNames],
    transmission,
    figures: network.figures,
    passivity,
    terminated_ports: [...plan.terminated],
    warnings: [...warnings],
  };
}
