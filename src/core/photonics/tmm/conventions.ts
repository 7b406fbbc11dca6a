/** The conventions every layer_stack result states, so numbers can be compared with other tools. */
export const LAYER_STACK_CONVENTIONS = {
  index: 'N = n + ik with fields ∝ e^{−iωt}; k > 0 absorbs (an e^{+jωt} index n − jk has the same n and k)',
  wavelength: 'vacuum wavelength, nm',
  angles: 'angle of incidence, degrees from the normal, in the medium the light comes from (incident_medium for incidence "front", exit_medium for "back")',
  layout: 'R, T, A and every absorption array are indexed [wavelength][angle]: R[i][j] is at wavelengths_nm[i], angles_deg[j]',
  power:
    'R, T, A are fractions of the incident power. T is the power that enters the exit side medium (for an absorbing one: the power crossing ' +
    'its interface, Re(N cosθ) for s and Re(N cosθ*) for p). A is the total absorbed in the layers; R + T + A = 1',
  unpolarized: 'unpolarized = mean of the s and p powers',
  r_p_sign:
    'r_p = (N₂cosθ₁ − N₁cosθ₂)/(N₂cosθ₁ + N₁cosθ₂) (Born & Wolf, Hecht, and the Python tmm package by Byrnes), so r_p = −r_s at ' +
    'normal incidence; Macleod\'s tilted-admittance convention has the opposite sign (r_p = r_s there). Powers R, T, A do not depend on it',
  amplitudes: 'r = E_reflected/E_incident and t = E_transmitted/E_incident of the full electric field, at the outer interfaces; given only for s or p and all-coherent stacks',
  incoherent:
    'coherent: false layers add intensities (phase averaged), by the coherent-groups-between-incoherent-layers method of Katsidis & Siapkas, ' +
    'Appl. Opt. 41, 3978 (2002) (R and T as Python tmm\'s inc_tmm). Absorption in an absorbing incoherent layer includes the interference of ' +
    'a wave with its own reflection at the layer\'s boundaries, so the per-layer absorptions add up exactly to 1 − R − T',
  branch:
    'N cos θ in every medium is the principal root of N² − (n₀ sin θ₀)² (Re ≥ 0, and Im ≥ 0 on the cut), i.e. the wave that decays and carries power away from the interface',
} as const;
