/** The problem kinds as the page names them, and the kind a `#/playground?kind=…` link asks for. */
import { PHOTONICS_KINDS, type PhotonicsKind } from '../../core/photonics/problem.ts';

export const KIND_LABELS: Record<PhotonicsKind, { title: string; blurb: string }> = {
  scattering: { title: 'Scattering (Mie)', blurb: 'Spheres and coated spheres: Qext, Qsca, Qabs, Qback, g' },
  layer_stack: { title: 'Thin films (TMM)', blurb: 'Layer stacks: R, T and absorption per layer vs wavelength or angle' },
  mode: { title: 'Slab modes', blurb: 'Guided TE/TM modes of a three-layer slab: n_eff, n_g, profiles' },
  circuit: { title: 'Circuits', blurb: 'Waveguides, couplers, MZIs, rings, splitters and link budgets' },
  bands: { title: 'Photonic-crystal bands (PWE)', blurb: '2-D square and triangular lattices: TM/TE band diagrams and gaps in a/λ' },
  grating: { title: 'Gratings (RCWA)', blurb: '1D periodic gratings: efficiency of every diffracted order, TE and TM' },
  grating_2d: { title: 'Crossed gratings & PhC slabs (RCWA 2D)', blurb: '2D periodic layers (holes, pillars, rectangles): efficiency of every order (m, n), R/T spectra, guided-mode resonances' },
  dda: { title: 'Arbitrary particles (DDA)', blurb: 'Spheres, cubes, rods, ellipsoids, dimers: Qext, Qabs, Qsca by the discrete dipole approximation' },
  eme: { title: '2-D devices (EME)', blurb: 'MMIs, tapers and butt joints by eigenmode expansion: power into each output mode' },
  inverse_design: { title: 'Inverse design (FDFD adjoint)', blurb: '2-D topology optimisation of a bend, mode converter or splitter: design, FOM history, binarised re-check' },
};

export const DEFAULT_KIND: PhotonicsKind = 'scattering';

export function kindFromQuery(query: URLSearchParams): PhotonicsKind {
  const k = query.get('kind');
  return k !== null && (PHOTONICS_KINDS as readonly string[]).includes(k) ? (k as PhotonicsKind) : DEFAULT_KIND;
}

export { PHOTONICS_KINDS, type PhotonicsKind };
