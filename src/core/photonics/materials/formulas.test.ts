import { describe, expect, it } from 'vitest';
import { coefficientProblem, formulaIndex } from './formulas.ts';

// Expected values are either published measurements (cited) or hand computations of the formula as
// the database's "Dispersion formulas" document writes it; each hand computation was repeated in an
// independent plain-Python evaluation (python3, float64) and agrees to the last printed digit.

describe('formula 1 (Sellmeier): n² − 1 = C1 + Σ C(2i) λ²/(λ² − C(2i+1)²)', () => {
  // Malitson (1965) fused silica, coefficients as in data/photonics/refractiveindex/SiO2__Malitson.yml.
  const malitson = [0, 0.6961663, 0.0684043, 0.4079426, 0.1162414, 0.8974794, 9.896161];

  it('gives Malitson’s measured fused-silica indices (JOSA 55, 1205, Table 2) within the fit residual', () => {
    // Measured: n = 1.45846 at the helium d line 0.58756 µm and 1.45702 at 0.6328 µm; the Sellmeier
    // fit reproduces the table to about 1e-5.
    expect(formulaIndex(1, malitson, 0.5876)).toBeCloseTo(1.45846, 4);
    expect(Math.abs(formulaIndex(1, malitson, 0.6328) - 1.45702)).toBeLessThan(2e-5);
  });

  it('matches a hand computation term by term', () => {
    // λ² = 0.34527376; terms 0.6961663·λ²/(λ² − 0.0684043²) = 0.7057304, 0.4079426·λ²/(λ² − 0.1162414²)
    // = 0.4245574, 0.8974794·λ²/(λ² − 9.896161²) = −0.0031753; n² = 2.1271124, n = 1.4584623420532408.
    expect(formulaIndex(1, malitson, 0.5876)).toBeCloseTo(1.4584623420532408, 14);
  });

  it('uses C1 (InP, Pettit and Turner 1965 via Handbook of Optics: n² = 7.255 + …)', () => {
    // n² = 1 + 6.255 + 2.316λ²/(λ² − 0.6263²) + 2.765λ²/(λ² − 32.935²) at 1.55 µm → 3.1649287644 (hand);
    // the commonly quoted index of InP at 1.55 µm is 3.16–3.17.
    expect(formulaIndex(1, [6.255, 2.316, 0.6263, 2.765, 32.935], 1.55)).toBeCloseTo(3.1649287643999955, 12);
  });
});

describe('formula 2 (Sellmeier-2): poles written as C, not C²', () => {
  it('gives SCHOTT N-BK7’s catalogue n_d = 1.51680 at 587.5618 nm from its datasheet coefficients', () => {
    // SCHOTT N-BK7 datasheet: B1 1.03961212, B2 0.231792344, B3 1.01046945, C1 0.00600069867 µm²,
    // C2 0.0200179144 µm², C3 103.560653 µm²; n_d = 1.51680. (SCHOTT quotes air wavelengths; at this
    // tolerance the 0.16 nm air–vacuum shift, ~6e-6 in n, does not matter.)
    const bk7 = [0, 1.03961212, 0.00600069867, 0.231792344, 0.0200179144, 1.01046945, 103.560653];
    expect(Math.abs(formulaIndex(2, bk7, 0.5875618) - 1.5168)).toBeLessThan(5e-6);
  });
});

describe('formula 3 (polynomial): n² = C1 + Σ C(2i) λ^C(2i+1)', () => {
  it('matches a hand computation for Beadie et al.’s PMMA at 1 µm (every power term is then its coefficient)', () => {
    // At λ = 1 µm every λ^p = 1: n² = 2.1778 + 6.1209e-3 − 1.5004e-3 + 2.3678e-2 − 4.2137e-3 + 7.3417e-4
    // − 4.5042e-5 = 2.2025739, n = 1.484107114732626.
    const pmma = [2.1778, 6.1209e-3, 2, -1.5004e-3, 4, 2.3678e-2, -2, -4.2137e-3, -4, 7.3417e-4, -6, -4.5042e-5, -8];
    expect(formulaIndex(3, pmma, 1)).toBeCloseTo(1.484107114732626, 14);
    // Beadie et al. (Appl. Opt. 54, F139) report n ≈ 1.4925 near the d line; hand value 1.4925258.
    expect(formulaIndex(3, pmma, 0.5876)).toBeCloseTo(1.4925258261424659, 12);
  });
});

describe('formula 4 (RefractiveIndex.INFO)', () => {
  it('reduces to Devore’s rutile n_o² = 5.913 + 0.2441/(λ² − 0.0803) (C3 = 0, C5 = 1)', () => {
    // λ = 0.5876: λ² − 0.0803 = 0.26497376; n² = 5.913 + 0.9212233 = 6.8342233, n = 2.614234743468798.
    expect(formulaIndex(4, [5.913, 0.2441, 0, 0.0803, 1, 0, 0, 0, 1], 0.5876)).toBeCloseTo(2.614234743468798, 13);
  });

  it('reduces to Bond’s ZnO n_o² = 2.81418 + 0.87968λ²/(λ² − 0.3042²) − 0.00711λ² (power terms from C10)', () => {
    expect(formulaIndex(4, [2.81418, 0.87968, 2, 0.3042, 2, 0, 0, 0, 1, -0.00711, 2], 0.5876)).toBeCloseTo(2.003370672674283, 13);
  });

  it('skips a zero-amplitude padded pole instead of giving 0/0 at λ = 1 µm', () => {
    // Second pole C6…C9 = 0 0 0 1 would be 0·1/(1 − 0^0) = 0/0 at 1 µm.
    expect(formulaIndex(4, [5.913, 0.2441, 0, 0.0803, 1, 0, 0, 0, 1], 1)).toBeCloseTo(Math.sqrt(5.913 + 0.2441 / (1 - 0.0803)), 14);
  });
});

describe('formula 5 (Cauchy): n = C1 + Σ C(2i) λ^C(2i+1)', () => {
  it('matches a hand computation for Al-Kuhaili’s HfO2 at 0.5 µm', () => {
    // n = 1.875 + 6.28e-3/0.25 + 5.80e-4/0.0625 = 1.875 + 0.02512 + 0.00928 = 1.9094.
    expect(formulaIndex(5, [1.875, 6.28e-3, -2, 5.8e-4, -4], 0.5)).toBeCloseTo(1.9094, 14);
  });
});

describe('formula 6 (gases): n − 1 = C1 + Σ C(2i)/(C(2i+1) − λ⁻²)', () => {
  // Ciddor (Appl. Opt. 35, 1566, 1996), standard dry air (15 °C, 101.325 kPa, 450 ppm CO2):
  // 10⁸(n − 1) = 5792105/(238.0185 − σ²) + 167917/(57.362 − σ²), σ in µm⁻¹.
  const ciddor = [0, 0.05792105, 238.0185, 0.00167917, 57.362];

  it('gives standard air n − 1 = 2.7653e-4 at the He–Ne line 632.8 nm (Ciddor 1996)', () => {
    // σ² = 2.4972790; 0.05792105/235.5212210 + 0.00167917/54.8647210 = 2.4592710e-4 + 3.0605642e-5.
    expect(formulaIndex(6, ciddor, 0.6328) - 1).toBeCloseTo(2.765327380833682e-4, 15);
    expect(Math.abs(formulaIndex(6, ciddor, 0.6328) - 1.00027653)).toBeLessThan(1e-8);
  });
});

describe('formula 7 (Herzberger): n = C1 + C2 L + C3 L² + C4 λ² + C5 λ⁴ + C6 λ⁶, L = 1/(λ² − 0.028)', () => {
  it('matches a hand computation', () => {
    // Test coefficients (silicon-like magnitudes). λ = 2.5: L = 1/6.222 = 0.1607200,
    // n = 3.41983 + 0.159906·0.160720 − 0.123109·0.0258309 + 1.26878e-6·6.25 − 1.95104e-9·39.0625 = 3.442357930543604.
    expect(formulaIndex(7, [3.41983, 0.159906, -0.123109, 1.26878e-6, -1.95104e-9], 2.5)).toBeCloseTo(3.442357930543604, 13);
  });
});

describe('formula 8 (retro): (n² − 1)/(n² + 2) = C1 + C2 λ²/(λ² − C3) + C4 λ²', () => {
  it('matches a hand computation', () => {
    // λ = 1: r = 0.2 + 0.1/0.99 − 0.001 = 0.300010101…; n² = (1 + 2r)/(1 − r) = 2.2857761, n = 1.5118783448166981.
    expect(formulaIndex(8, [0.2, 0.1, 0.01, -0.001], 1)).toBeCloseTo(1.5118783448166981, 14);
  });
});

describe('formula 9 (exotic): n² = C1 + C2/(λ² − C3) + C4 (λ − C5)/((λ − C5)² + C6)', () => {
  it('matches a hand computation', () => {
    // λ = 0.6: 2.1 + 0.05/0.34 + 0.01·0.3/(0.09 + 0.04) = 2.1 + 0.1470588 + 0.0230769 = 2.2701357
    expect(formulaIndex(9, [2.1, 0.05, 0.02, 0.01, 0.3, 0.04], 0.6)).toBeCloseTo(1.506696965752017, 14);
  });
});

describe('coefficientProblem', () => {
  it('accepts the database’s counts and names the problem otherwise', () => {
    expect(coefficientProblem(1, [0, 0.6961663, 0.0684043])).toBeNull();
    expect(coefficientProblem(1, [0.6961663, 0.0684043])).toMatch(/C1 followed by pairs .*odd count.*got 2/);
    expect(coefficientProblem(8, [1, 2, 3, 4, 5])).toMatch(/at most 4 coefficients, got 5/);
    expect(coefficientProblem(5, [])).toMatch(/at least one coefficient/);
    expect(coefficientProblem(4, [5.913, 0.2441, 0, 0.0803, 1, 0, 0, 0, 1])).toBeNull();
  });

  it('returns NaN where a formula has no real index (n² < 0)', () => {
    expect(formulaIndex(1, [-3], 1)).toBeNaN();
  });
});
