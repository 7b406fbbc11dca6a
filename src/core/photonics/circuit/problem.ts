/**
 * The `circuit` problem: one photonic component or a small netlist of them, described by compact
 * models (no field solve), swept over vacuum wavelengths — or a power link budget. Waveguides are
 * described by n_eff at a reference wavelength plus the group index n_g (first-order dispersion) and a
 * loss in dB/cm; couplers by a power coupling κ² or self-coupling t, or by a coupled-mode κ in 1/µm.
 */
import { z } from 'zod';
import { checkWavelengthChoice, wavelengthFields } from '../wavelengths.ts';

export const WaveguideSchema = z
  .strictObject({
    n_eff: z.number().finite().positive().describe('effective (phase) index at reference_wavelength_nm; sets the resonance/interference phase'),
    n_g: z
      .number()
      .finite()
      .positive()
      .optional()
      .describe('group index n_eff − λ dn_eff/dλ; sets FSR and group delay. If omitted, n_g = n_eff (no dispersion) with a warning'),
    reference_wavelength_nm: z
      .number()
      .finite()
      .positive()
      .optional()
      .describe('vacuum wavelength at which n_eff is given, nm; default: the middle of the sweep'),
    loss_db_per_cm: z.number().finite().min(0).default(0).describe('propagation loss, dB/cm (power)'),
  })
  .describe('waveguide compact model: n_eff(λ) = n_eff + (n_eff − n_g)(λ − λ0)/λ0');

export const CouplerSchema = z
  .union([
    z.strictObject({ power_coupling: z.number().min(0).max(1).describe('power cross-coupling κ² (0..1); self-coupling t = √(1 − κ²)') }),
    z.strictObject({ self_coupling: z.number().min(0).max(1).describe('field self-coupling (through) coefficient t (0..1); κ² = 1 − t²') }),
  ])
  .describe('lossless point coupler: give power_coupling (κ²) or self_coupling (t)');

const lengthUm = z.number().finite().positive();

const StraightSchema = z.strictObject({
  type: z.literal('straight').describe('straight waveguide; ports in, out'),
  length_um: lengthUm.describe('length, µm'),
  waveguide: WaveguideSchema,
});

const PointCouplerSchema = z.strictObject({
  type: z.literal('coupler').describe('ideal 2×2 point coupler; ports in1, in2 (left), out1 (bar of in1), out2 (cross of in1)'),
  coupling: CouplerSchema,
});

const DirectionalCouplerSchema = z.strictObject({
  type: z
    .literal('directional_coupler')
    .describe('coupled-mode directional coupler; ports in1, in2 (left), out1 (same waveguide as in1), out2 (the other waveguide)'),
  kappa_per_um: z.number().finite().min(0).describe('coupled-mode coupling coefficient κ, 1/µm (full transfer at L = π/(2κ) when synchronous)'),
  length_um: z.number().finite().min(0).describe('coupling length, µm'),
  detuning_per_um: z.number().finite().default(0).describe('phase mismatch δ = (β1 − β2)/2, 1/µm (0: synchronous)'),
  excess_loss_db: z.number().finite().min(0).default(0).describe('excess (power) loss of the coupler, dB'),
});

const SplitterSchema = z.strictObject({
  type: z.literal('splitter').describe('1×N splitter; ports in, out1 … outN; reciprocal, no reflection'),
  outputs: z
    .array(
      z.strictObject({
        power_fraction: z.number().finite().min(0).describe('fraction of the input power sent to this output (0..1)'),
        phase_deg: z.number().finite().default(0).describe('phase of this output relative to the input, degrees'),
      }),
    )
    .min(2)
    .max(64)
    .describe('one entry per output arm, in order out1, out2, …'),
});

/** Components that can be placed in a netlist. */
export const ComponentSchema = z.discriminatedUnion('type', [StraightSchema, PointCouplerSchema, DirectionalCouplerSchema, SplitterSchema]);
export type ComponentSpec = z.infer<typeof ComponentSchema>;

const ringSize = {
  radius_um: lengthUm.optional().describe('ring radius, µm (circumference 2πR); give this or circumference_um'),
  circumference_um: lengthUm.optional().describe('round-trip length L, µm (racetracks); give this or radius_um'),
};
const ONE_SIZE = 'give exactly one of radius_um or circumference_um';
const oneSize = (r: { radius_um?: number | undefined; circumference_um?: number | undefined }): boolean =>
  (r.radius_um === undefined) !== (r.circumference_um === undefined);

const RingAllPassSchema = z
  .strictObject({
    type: z.literal('ring_all_pass').describe('ring coupled to one bus waveguide; ports in, through'),
    ...ringSize,
    waveguide: WaveguideSchema,
    coupling: CouplerSchema.describe('bus–ring coupler'),
  })
  .refine(oneSize, { message: ONE_SIZE, path: ['radius_um'] });

const RingAddDropSchema = z
  .strictObject({
    type: z.literal('ring_add_drop').describe('ring between two bus waveguides; ports in, through, add, drop'),
    ...ringSize,
    waveguide: WaveguideSchema,
    input_coupling: CouplerSchema.describe('coupler to the input/through bus'),
    drop_coupling: CouplerSchema.describe('coupler to the add/drop bus'),
  })
  .refine(oneSize, { message: ONE_SIZE, path: ['radius_um'] });

const MziSchema = z.strictObject({
  type: z
    .literal('mzi')
    .describe('Mach–Zehnder interferometer: coupler, two arms, coupler; ports in1, in2, out1 (bar of in1), out2 (cross of in1)'),
  arm_length_um: lengthUm.describe('length of the shorter (lower, in2→out2 side) arm, µm'),
  delta_length_um: z.number().finite().min(0).describe('extra length ΔL of the upper arm, µm (FSR = λ²/(n_g ΔL))'),
  waveguide: WaveguideSchema,
  splitter: CouplerSchema.default({ power_coupling: 0.5 }).describe('input coupler (default 50:50)'),
  combiner: CouplerSchema.default({ power_coupling: 0.5 }).describe('output coupler (default 50:50)'),
});

const NetlistSchema = z.strictObject({
  type: z.literal('netlist').describe('components wired port to port; the S-matrices are composed (loops included)'),
  instances: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), ComponentSchema).describe('named components'),
  connections: z
    .array(z.tuple([z.string(), z.string()]))
    .describe('pairs of "instance.port" joined by a lossless, zero-length link'),
  ports: z.record(z.string().min(1), z.string()).describe('external port name → "instance.port"; ports neither connected nor external are terminated'),
});

const LinkBudgetSchema = z.strictObject({
  type: z.literal('link_budget').describe('optical power budget: source power minus losses vs receiver sensitivity'),
  laser_power_dbm: z.number().finite().describe('optical power launched, dBm'),
  elements: z
    .array(
      z.union([
        z.strictObject({ name: z.string(), loss_db: z.number().finite().describe('insertion loss, dB (positive = loss)') }),
        z.strictObject({
          name: z.string(),
          length_um: lengthUm.describe('waveguide length, µm (1 cm = 10 000 µm)'),
          loss_db_per_cm: z.number().finite().min(0).describe('propagation loss, dB/cm'),
        }),
      ]),
    )
    .describe('components along the link, each a fixed loss or a length of lossy waveguide'),
  detector_sensitivity_dbm: z.number().finite().describe('minimum received power for the required performance, dBm'),
});

export const CircuitSchema = z
  .discriminatedUnion('type', [
    StraightSchema,
    PointCouplerSchema,
    DirectionalCouplerSchema,
    SplitterSchema,
    MziSchema,
    RingAllPassSchema,
    RingAddDropSchema,
    NetlistSchema,
    LinkBudgetSchema,
  ])
  .describe('the component, netlist or link budget');

export const CircuitProblemSchema = z
  .strictObject({
    kind: z.literal('circuit').describe('photonic circuit from compact models'),
    circuit: CircuitSchema,
    ...wavelengthFields,
  })
  // A link budget may do without a wavelength; every other circuit is swept over one.
  .superRefine((p, ctx) => checkWavelengthChoice(p, ctx, p.circuit.type !== 'link_budget'));

export type CircuitProblem = z.infer<typeof CircuitProblemSchema>;
export type Circuit = z.infer<typeof CircuitSchema>;
export type Waveguide = z.infer<typeof WaveguideSchema>;
export type Coupler = z.infer<typeof CouplerSchema>;
export type LinkBudget = z.infer<typeof LinkBudgetSchema>;
