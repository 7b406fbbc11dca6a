/**
 * The conventions a scattering result states about itself, so an agent (or a person comparing with
 * another code) knows exactly what each number means.
 */
export const SCATTERING_CONVENTIONS = {
  index: 'complex refractive index N = n + ik with fields ∝ e^{-iωt}; k > 0 absorbs (an e^{+jωt} source writes n − jk: flip the sign of k)',
  relative_index: 'm = N_particle / n_medium (each relative_index entry)',
  wavelength: 'wavelengths_nm are vacuum wavelengths λ0; the wavelength inside the medium is λ0 / n_medium',
  size_parameter: 'x = 2π n_medium r / λ0 with r the OUTER radius (coated spheres: core_size_parameter uses the core radius)',
  efficiencies: 'Q = C / (π r²) with r the outer radius; qabs = qext − qsca (may be ±1e-16 for a lossless sphere)',
  cross_sections: 'C = Q π r² in nm² (cext_nm2, csca_nm2, cabs_nm2)',
  qback:
    'Bohren & Huffman backscattering efficiency Qback = |Σ(2n+1)(−1)ⁿ(aₙ − bₙ)|² / x² = 4|S1(180°)|²/x² = C_back/(πr²), ' +
    'with C_back = 4π dC_sca/dΩ at 180° (the radar/lidar backscattering cross-section). miepython\'s efficiencies give the same ' +
    'number for Bohren & Huffman\'s test sphere (2.92534); codes that report the differential value per steradian give Qback/(4π), ' +
    'and amplitude functions S1, S2 come in several normalisations (miepython\'s norm option), so compare through 4|S1(180°)|²/x² only ' +
    'with Wiscombe/Bohren & Huffman-normalised amplitudes.',
  g: 'asymmetry parameter g = <cos θ> of the scattered light (Bohren & Huffman eq. 4.62)',
  series: 'Mie series truncated at n_max = x + 4x^{1/3} + 2 (Wiscombe 1980); Dₙ(mx) by downward recurrence from a Lentz continued fraction',
  arrays: 'every per-wavelength field is an array in the order of wavelengths_nm, even for a single wavelength',
} as const;
