/**
 * 2-D Bravais lattices for photonic-crystal band structures, in units of the lattice constant a:
 * real-space primitive vectors, reciprocal vectors (a_i·b_j = 2π δ_ij), the unit-cell area and the
 * corners of the irreducible Brillouin zone, in the conventional order of band diagrams.
 */
export type LatticeKind = 'square' | 'triangular';

export interface Vec2 {
  x: number;
  y: number;
}

export interface Lattice {
  kind: LatticeKind;
  a1: Vec2;
  a2: Vec2;
  b1: Vec2;
  b2: Vec2;
  area: number;
  /** Irreducible-zone corners along the band-diagram path, closed back to Γ. */
  path: { label: string; k: Vec2 }[];
}

export function makeLattice(kind: LatticeKind): Lattice {
  const twoPi = 2 * Math.PI;
  if (kind === 'square') {
    return {
      kind,
      a1: { x: 1, y: 0 },
      a2: { x: 0, y: 1 },
      b1: { x: twoPi, y: 0 },
      b2: { x: 0, y: twoPi },
      area: 1,
      path: [
        { label: 'Γ', k: { x: 0, y: 0 } },
        { label: 'X', k: { x: Math.PI, y: 0 } },
        { label: 'M', k: { x: Math.PI, y: Math.PI } },
        { label: 'Γ', k: { x: 0, y: 0 } },
      ],
    };
  }
  const s3 = Math.sqrt(3);
  return {
    kind,
    a1: { x: 1, y: 0 },
    a2: { x: 0.5, y: s3 / 2 },
    b1: { x: twoPi, y: -twoPi / s3 },
    b2: { x: 0, y: (2 * twoPi) / s3 },
    area: s3 / 2,
    path: [
      { label: 'Γ', k: { x: 0, y: 0 } },
      // M: the middle of a hexagon edge, |M| = 2π/(√3 a); K: a hexagon corner, |K| = 4π/(3a).
      { label: 'M', k: { x: 0, y: twoPi / s3 } },
      { label: 'K', k: { x: twoPi / 3, y: twoPi / s3 } },
      { label: 'Γ', k: { x: 0, y: 0 } },
    ],
  };
}

/** Points along the path: `perSegment` steps per straight segment, the corners included once. */
export function kPath(lattice: Lattice, perSegment: number): { k: Vec2; distance: number; label: string | null }[] {
  const out: { k: Vec2; distance: number; label: string | null }[] = [];
  let distance = 0;
  for (let s = 0; s < lattice.path.length - 1; s++) {
    const from = lattice.path[s] as { label: string; k: Vec2 };
    const to = lattice.path[s + 1] as { label: string; k: Vec2 };
    const len = Math.hypot(to.k.x - from.k.x, to.k.y - from.k.y);
    for (let i = s === 0 ? 0 : 1; i <= perSegment; i++) {
      const t = i / perSegment;
      out.push({ k: { x: from.k.x + t * (to.k.x - from.k.x), y: from.k.y + t * (to.k.y - from.k.y) }, distance: distance + t * len, label: i === 0 ? from.label : i === perSegment ? to.label : null });
    }
    distance += len;
  }
  return out;
}
