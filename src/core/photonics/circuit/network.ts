/**
 * Every circuit type except the link budget becomes a network: named component models, port-to-port
 * links, external port names and the inputs whose transmissions are reported — plus the closed-form
 * figures of that type. The sweep (solve.ts) then composes the same way for all of them, so a ring
 * or an MZI is exactly the netlist a user could write by hand.
 */
import { ProblemError } from '../solve-context.ts';
import { componentModel, type ComponentModel } from './component-model.ts';
import { COUPLER_PORTS, couplerCoefficients, fullTransferLength, pointCouplerS } from './couplers.ts';
import type { Circuit } from './problem.ts';
import { ringFigures } from './ring-figures.ts';
import { amplitudeAfter, effectiveIndexAt, straightS, waveguideModel } from './waveguide.ts';

export type Figures = Readonly<Record<string, number | string | null>>;

export interface Network {
  readonly instances: Readonly<Record<string, ComponentModel>>;
  readonly connections: readonly (readonly [string, string])[];
  readonly ports: Readonly<Record<string, string>>;
  readonly inputs: readonly string[];
  readonly figures: Figures;
}

const C_NM_PER_PS = 299_792.458; // speed of light, nm/ps

/** The whole component as a network of one instance (named by its type) whose ports are the external ports. */
function single(model: ComponentModel, inputs: readonly string[], figures: Figures): Network {
  const name = model.type;
  return { instances: { [name]: model }, connections: [], ports: Object.fromEntries(model.ports.map((p) => [p, `${name}.${p}`])), inputs, figures };
}

const couplerModel = (coupling: Parameters<typeof pointCouplerS>[0]): ComponentModel => {
  const s = pointCouplerS(coupling);
  return { type: 'coupler', ports: COUPLER_PORTS, at: () => s };
};

export function buildNetwork(circuit: Exclude<Circuit, { type: 'link_budget' }>, centre_nm: number, warn: (m: string) => void): Network {
  switch (circuit.type) {
    case 'straight': {
      const model = waveguideModel(circuit.waveguide, centre_nm, warn);
      const straight: ComponentModel = { type: 'straight', ports: ['in', 'out'], at: (l) => straightS(model, circuit.length_um, l) };
      return single(straight, ['in'], {
        insertion_loss_db: model.loss_db_per_cm * circuit.length_um * 1e-4,
        group_delay_ps: (model.n_g * circuit.length_um * 1000) / C_NM_PER_PS,
        n_eff_at_centre: effectiveIndexAt(model, centre_nm),
      });
    }
    case 'coupler': {
      const { t, k } = couplerCoefficients(circuit.coupling);
      return single(componentModel(circuit, centre_nm, warn), ['in1'], { through_power: t * t, cross_power: k * k });
    }
    case 'directional_coupler': {
      const psi = Math.hypot(circuit.kappa_per_um, circuit.detuning_per_um);
      const maxCross = psi === 0 ? 0 : (circuit.kappa_per_um / psi) ** 2;
      const cross = maxCross * Math.sin(psi * circuit.length_um) ** 2 * 10 ** (-circuit.excess_loss_db / 10);
      return single(componentModel(circuit, centre_nm, warn), ['in1'], {
        cross_power: cross,
        through_power: 10 ** (-circuit.excess_loss_db / 10) - cross,
        max_cross_power: maxCross,
        full_transfer_length_um: circuit.kappa_per_um > 0 ? fullTransferLength(circuit.kappa_per_um) : null,
      });
    }
    case 'splitter': {
      const total = circuit.outputs.reduce((acc, o) => acc + o.power_fraction, 0);
      return single(componentModel(circuit, centre_nm, warn), ['in'], {
        total_output_fraction: total,
        excess_loss_db: total > 0 ? -10 * Math.log10(total) : null,
      });
    }
    case 'mzi':
      return mziNetwork(circuit, centre_nm, warn);
    case 'ring_all_pass':
    case 'ring_add_drop':
      return ringNetwork(circuit, centre_nm, warn);
    case 'netlist': {
      const instances = Object.fromEntries(Object.entries(circuit.instances).map(([name, spec]) => [name, componentModel(spec, centre_nm, warn)]));
      const ports = Object.keys(circuit.ports);
      return { instances, connections: circuit.connections, ports: circuit.ports, inputs: ports, figures: {} };
    }
  }
}

function mziNetwork(circuit: Extract<Circuit, { type: 'mzi' }>, centre_nm: number, warn: (m: string) => void): Network {
  const model = waveguideModel(circuit.waveguide, centre_nm, warn);
  const upper = circuit.arm_length_um + circuit.delta_length_um;
  const lower = circuit.arm_length_um;
  const arm = (length: number): ComponentModel => ({ type: 'straight', ports: ['in', 'out'], at: (l) => straightS(model, length, l) });
  // Interfering amplitudes at each output for light entering in1: upper arm (bar of the splitter), lower (cross).
  const s1 = couplerCoefficients(circuit.splitter);
  const s2 = couplerCoefficients(circuit.combiner);
  const au = amplitudeAfter(model, upper);
  const al = amplitudeAfter(model, lower);
  const extinction = (x: number, y: number): number | null => (Math.abs(x - y) <= 1e-12 ? null : 20 * Math.log10((x + y) / Math.abs(x - y)));
  if (circuit.delta_length_um === 0) warn('delta_length_um = 0: a balanced MZI has no wavelength dependence here, so it has no FSR');
  return {
    instances: { splitter: couplerModel(circuit.splitter), upper: arm(upper), lower: arm(lower), combiner: couplerModel(circuit.combiner) },
    connections: [
      ['splitter.out1', 'upper.in'],
      ['upper.out', 'combiner.in1'],
      ['splitter.out2', 'lower.in'],
      ['lower.out', 'combiner.in2'],
    ],
    ports: { in1: 'splitter.in1', in2: 'splitter.in2', out1: 'combiner.out1', out2: 'combiner.out2' },
    inputs: ['in1'],
    figures: {
      fsr_nm: circuit.delta_length_um > 0 ? (centre_nm * centre_nm) / (model.n_g * circuit.delta_length_um * 1000) : null,
      fsr_at_wavelength_nm: centre_nm,
      // null: the two paths carry equal amplitude, so the nulls are perfect (unbounded extinction).
      extinction_out1_db: extinction(s1.t * s2.t * au, s1.k * s2.k * al),
      extinction_out2_db: extinction(s1.t * s2.k * au, s1.k * s2.t * al),
    },
  };
}

function ringNetwork(circuit: Extract<Circuit, { type: 'ring_all_pass' | 'ring_add_drop' }>, centre_nm: number, warn: (m: string) => void): Network {
  const model = waveguideModel(circuit.waveguide, centre_nm, warn);
  const length = circuit.circumference_um ?? 2 * Math.PI * (circuit.radius_um ?? NaN);
  if (!(length > 0)) throw new ProblemError('give exactly one of radius_um or circumference_um');
  const arm = (l: number): ComponentModel => ({ type: 'straight', ports: ['in', 'out'], at: (w) => straightS(model, l, w) });
  if (circuit.type === 'ring_all_pass') {
    const figures = ringFigures(model, length, [couplerCoefficients(circuit.coupling).t], centre_nm);
    noteCoupling(figures.coupling_regime, warn, 't = a');
    return {
      instances: { coupler: couplerModel(circuit.coupling), ring: arm(length) },
      connections: [
        ['coupler.out2', 'ring.in'],
        ['ring.out', 'coupler.in2'],
      ],
      ports: { in: 'coupler.in1', through: 'coupler.out1' },
      inputs: ['in'],
      figures: { ...figures },
    };
  }
  const t1 = couplerCoefficients(circuit.input_coupling).t;
  const t2 = couplerCoefficients(circuit.drop_coupling).t;
  const figures = ringFigures(model, length, [t1, t2], centre_nm);
  noteCoupling(figures.coupling_regime, warn, 't1 = t2·a');
  // Couplers half a round trip apart: input coupler → half ring → drop coupler → half ring → back.
  return {
    instances: { input: couplerModel(circuit.input_coupling), half1: arm(length / 2), drop: couplerModel(circuit.drop_coupling), half2: arm(length / 2) },
    connections: [
      ['input.out2', 'half1.in'],
      ['half1.out', 'drop.in1'],
      ['drop.out1', 'half2.in'],
      ['half2.out', 'input.in2'],
    ],
    ports: { in: 'input.in1', through: 'input.out1', add: 'drop.in2', drop: 'drop.out2' },
    inputs: ['in'],
    figures: { ...figures },
  };
}

function noteCoupling(regime: string, warn: (m: string) => void, condition: string): void {
  if (regime === 'critically coupled') {
    warn(`the ring is critically coupled (${condition}): the through port goes to zero on resonance, so its extinction ratio is unbounded (reported as null)`);
  }
}
