/**
 * Composition of component S-matrices wired port to port (the "cascade" of a netlist, loops
 * included). All instance ports are stacked into one block-diagonal S; internal ports are paired by
 * a symmetric permutation C (a_int = C b_int: what leaves one port of a link enters the other).
 * Eliminating the internal waves gives
 *   S_ext = S_EE + S_EI C (I − S_II C)⁻¹ S_IE
 * (Redheffer star product in matrix form; e.g. Filipsson, IEEE Trans. MTT 29, 1981). Ports that are
 * neither connected nor external are terminated: matched loads that absorb what leaves them.
 *
 * The wiring is checked and indexed once (compileNetlist); evaluateNetlist then runs per wavelength.
 */
import { add, mul, sub, ZERO } from '../complex.ts';
import { ProblemError } from '../solve-context.ts';
import { at, identity, SingularMatrixError, solveLinear, zeros, type CMatrix } from './cmatrix.ts';
import type { SMatrix } from './smatrix.ts';

export interface NetlistPlan {
  readonly instances: readonly string[];
  /** instance → its port names, in the order its S-matrix uses */
  readonly instancePorts: Readonly<Record<string, readonly string[]>>;
  readonly externalNames: readonly string[];
  /** global port index of each external port, in externalNames order */
  readonly external: readonly number[];
  /** global port indices of the internal ports; partner[i] is the index (into internal) of i's link */
  readonly internal: readonly number[];
  readonly partner: readonly number[];
  readonly terminated: readonly string[];
  /** per global port index: the instance it belongs to and its index within that instance */
  readonly owner: readonly string[];
  readonly local: readonly number[];
}

const label = (instance: string, port: string): string => `${instance}.${port}`;

/**
 * Checks every reference and that no port is used twice, and indexes the wiring.
 * `ports` maps an external name to "instance.port"; `connections` join two "instance.port"s.
 */
export function compileNetlist(
  instancePorts: Readonly<Record<string, readonly string[]>>,
  connections: readonly (readonly [string, string])[],
  ports: Readonly<Record<string, string>>,
): NetlistPlan {
  const instances = Object.keys(instancePorts);
  if (instances.length === 0) throw new ProblemError('the netlist has no instances');
  const global = new Map<string, number>();
  const owner: string[] = [];
  const local: number[] = [];
  for (const name of instances) {
    (instancePorts[name] ?? []).forEach((p, i) => {
      global.set(label(name, p), owner.length);
      owner.push(name);
      local.push(i);
    });
  }
  const used = new Map<number, string>();
  const resolve = (ref: string, where: string): number => {
    const dot = ref.lastIndexOf('.');
    const inst = dot > 0 ? ref.slice(0, dot) : '';
    if (!(inst in instancePorts)) {
      throw new ProblemError(`${where}: "${ref}" names no instance (write "instance.port"; instances: ${instances.join(', ')})`);
    }
    const index = global.get(ref);
    if (index === undefined) {
      throw new ProblemError(`${where}: instance "${inst}" has no port "${ref.slice(dot + 1)}" (its ports: ${(instancePorts[inst] ?? []).join(', ')})`);
    }
    const previous = used.get(index);
    if (previous !== undefined) throw new ProblemError(`${where}: port "${ref}" is already used by ${previous}; each port takes one link or one external name`);
    used.set(index, where);
    return index;
  };

  const externalNames = Object.keys(ports);
  if (externalNames.length === 0) throw new ProblemError('the netlist has no external ports: name at least one in "ports"');
  const external = externalNames.map((name) => resolve(ports[name] ?? '', `ports.${name}`));
  const internal: number[] = [];
  const partner: number[] = [];
  connections.forEach(([a, b], i) => {
    const ia = resolve(a, `connections[${i}]`);
    const ib = resolve(b, `connections[${i}]`);
    internal.push(ia, ib);
    partner.push(internal.length - 1, internal.length - 2);
  });
  const terminated = [...global].filter(([, index]) => !used.has(index)).map(([name]) => name);
  return { instances, instancePorts, externalNames, external, internal, partner, terminated, owner, local };
}

/** S-matrix between the external ports (in plan.externalNames order) for the instances' S-matrices. */
export function evaluateNetlist(plan: NetlistPlan, matrices: Readonly<Record<string, SMatrix>>): CMatrix {
  // Block-diagonal S over all instance ports: ports of different instances do not couple directly.
  const full = (i: number, j: number) => {
    const name = plan.owner[i] ?? '';
    return name === plan.owner[j] ? at(matrices[name]?.s ?? [], plan.local[i] ?? 0, plan.local[j] ?? 0) : ZERO;
  };
  const E = plan.external;
  const I = plan.internal;
  const see = E.map((i) => E.map((j) => full(i, j)));
  if (I.length === 0) return see;
  const sei = E.map((i) => I.map((j) => full(i, j)));
  const sie = I.map((i) => E.map((j) => full(i, j)));
  // (S_II C)[r][k] = S_II[r][partner(k)], (S_EI C) likewise: C just permutes columns.
  const siiC = I.map((i) => I.map((_, k) => full(i, I[plan.partner[k] ?? 0] ?? 0)));
  const seiC = sei.map((row) => row.map((_, k) => row[plan.partner[k] ?? 0] ?? ZERO));
  const lhs = identity(I.length).map((row, r) => row.map((v, k) => sub(v, siiC[r]![k]!)));
  let x: CMatrix;
  try {
    x = solveLinear(lhs, sie);
  } catch (e) {
    if (e instanceof SingularMatrixError) {
      throw new ProblemError('the circuit has a lossless closed loop exactly on resonance (I − S_II C is singular); add a little loss or move the wavelength');
    }
    throw e;
  }
  const out = zeros(E.length, E.length);
  for (let r = 0; r < E.length; r++) {
    for (let col = 0; col < E.length; col++) {
      let acc = see[r]![col]!;
      for (let k = 0; k < I.length; k++) acc = add(acc, mul(seiC[r]![k]!, x[k]![col]!));
      out[r]![col] = acc;
    }
  }
  return out;
}
