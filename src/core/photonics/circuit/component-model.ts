/**
 * Builds a netlist component's S-matrix at any wavelength from its problem spec; wavelength-free
 * parts (the waveguide model, its warnings) are settled once, up front.
 */
import { pointCouplerS, directionalCouplerS, COUPLER_PORTS } from './couplers.ts';
import type { ComponentSpec } from './problem.ts';
import type { SMatrix } from './smatrix.ts';
import { splitterPorts, splitterS } from './splitter.ts';
import { straightS, waveguideModel } from './waveguide.ts';

export interface ComponentModel {
  readonly type: ComponentSpec['type'];
  readonly ports: readonly string[];
  at(wavelength_nm: number): SMatrix;
}

export function componentModel(spec: ComponentSpec, defaultReferenceNm: number, warn: (message: string) => void): ComponentModel {
  switch (spec.type) {
    case 'straight': {
      const model = waveguideModel(spec.waveguide, defaultReferenceNm, warn);
      return { type: spec.type, ports: ['in', 'out'], at: (l) => straightS(model, spec.length_um, l) };
    }
    case 'coupler': {
      const s = pointCouplerS(spec.coupling);
      return { type: spec.type, ports: COUPLER_PORTS, at: () => s };
    }
    case 'directional_coupler': {
      const s = directionalCouplerS(spec);
      return { type: spec.type, ports: COUPLER_PORTS, at: () => s };
    }
    case 'splitter': {
      const s = splitterS(spec.outputs);
      return { type: spec.type, ports: splitterPorts(spec.outputs.length), at: () => s };
    }
  }
}
