#!/usr/bin/env python3
"""High-precision Mie efficiencies of homogeneous spheres, for src/core/photonics/mie/hp-reference.test.ts.

Usage (Python 3.11, mpmath 1.3; about 15 minutes on one core):
    python3 scripts/mie-hp-reference.py > src/core/photonics/mie/hp-reference.json

Bohren & Huffman (1983) eq. 4.88 and the series of §4.4-4.5 (the same sums as
src/core/photonics/mie/series.ts, over the same n_max = floor(x + 4 x^(1/3) + 2), so the comparison tests
the arithmetic, not the truncation), evaluated in mpmath at 60+ significant digits by a different route
from the double-precision code:
  - psi_n(x) and chi_n(x) by plain upward recurrence from sin x, cos x, with enough guard digits for the
    digits that the unstable upward psi recurrence loses (checked by rerunning 40 digits higher);
  - D_n(mx) by downward recurrence started from D = 0 far above max(n_max, |mx|) (no continued fraction);
    the start is checked by rerunning from twice as far up.
Every x = k*pi case and every tenth random one is evaluated twice (working precision P with start margin M,
then P + 40 with 2M) and the script stops if the two disagree beyond 1e-25 relative; spot checks against mpmath's Bessel functions
(psi_n = sqrt(pi x/2) J_{n+1/2}(x), D_n from J_{n-1/2}/J_{n+1/2}) run first.

x are IEEE doubles, written with repr (exact round trip); the references are for exactly those doubles.
Cases: x = k*pi and k*pi*(1 -+ 1e-12), k = 1..20, for m = 1.5 and 1.5 + 0.1i (issue 15); and 1000 seeded
random spheres (Python's random.Random(20261202)), x log-uniform in [0.01, 1e4], the five index families
of src/core/photonics/mie/random-batch.ts in turn.
"""
import json
import math
import random
import sys

import mpmath as mp

FAMILIES = ['dielectric', 'bubble', 'weak_absorber', 'absorber', 'metal']


def term_count(x):
    return math.floor(x + 4 * math.cbrt(x) + 2)


def riccati_real(x, n_max):
    """psi_n, chi_n for n = 0..n_max by upward recurrence (at the current mp precision)."""
    psi = [mp.sin(x), mp.sin(x) / x - mp.cos(x)]
    chi = [mp.cos(x), mp.cos(x) / x + mp.sin(x)]
    for n in range(1, n_max):
        f = mp.mpf(2 * n + 1) / x
        psi.append(f * psi[n] - psi[n - 1])
        chi.append(f * chi[n] - chi[n - 1])
    return psi, chi


def log_derivatives(z, n_max, margin):
    """D_n(z) for n = 0..n_max, downward from D = 0 at max(n_max, |z|) + margin."""
    start = int(max(n_max, abs(z))) + margin
    d = mp.mpc(0)
    for n in range(start, n_max, -1):
        d = n / z - 1 / (d + n / z)
    out = [None] * (n_max + 1)
    out[n_max] = d
    for n in range(n_max, 0, -1):
        d = n / z - 1 / (d + n / z)
        out[n - 1] = d
    return out


def efficiencies(m, x_float, dps, margin_scale):
    with mp.workdps(dps):
        x = mp.mpf(x_float)
        m = mp.mpc(m)
        n_max = term_count(x_float)
        psi, chi = riccati_real(x, n_max)
        z = m * x
        margin = int(margin_scale * (20 * float(abs(z)) ** (1 / 3) + 50))
        dz = log_derivatives(z, n_max, margin)
        ext = sca = asym = mp.mpf(0)
        back = mp.mpc(0)
        prev_a = prev_b = None
        for n in range(1, n_max + 1):
            xi = mp.mpc(psi[n], -chi[n])
            xi1 = mp.mpc(psi[n - 1], -chi[n - 1])
            da = dz[n] / m + n / x
            db = m * dz[n] + n / x
            a = (da * psi[n] - psi[n - 1]) / (da * xi - xi1)
            b = (db * psi[n] - psi[n - 1]) / (db * xi - xi1)
            w = 2 * n + 1
            ext += w * (a.real + b.real)
            sca += w * (abs(a) ** 2 + abs(b) ** 2)
            if prev_a is not None:
                k = mp.mpf((n - 1) * (n + 1)) / n
                asym += k * (prev_a * mp.conj(a) + prev_b * mp.conj(b)).real
            asym += mp.mpf(w) / (n * (n + 1)) * (a * mp.conj(b)).real
            back += (w if n % 2 == 0 else -w) * (a - b)
            prev_a, prev_b = a, b
        return n_max, [2 * ext / x**2, 2 * sca / x**2, abs(back) ** 2 / x**2, 2 * asym / sca]


def guard_digits(x, n_max):
    # upward psi loses about log10|chi_n / psi_n| at n_max; psi_n chi_n ~ O(1) there, so log10 chi_n^2
    with mp.workdps(30):
        _, chi = riccati_real(mp.mpf(x), n_max)
        return int(2 * float(mp.log10(abs(chi[n_max]) + 1))) + 10


def reference(m, x, check=True):
    n_max = term_count(x)
    p = 60 + guard_digits(x, n_max)
    _, lo = efficiencies(m, x, p, 1)
    if not check:
        return n_max, [mp.nstr(v, 25, strip_zeros=False) for v in lo]
    _, hi = efficiencies(m, x, p + 40, 2)
    for a, b in zip(lo, hi):
        if abs(a - b) > mp.mpf('1e-25') * abs(b):
            sys.exit(f'not converged at m = {m}, x = {x!r}: {a} vs {b}')
    return n_max, [mp.nstr(v, 25, strip_zeros=False) for v in hi]


def spot_checks():
    with mp.workdps(50):
        for x, n in [(0.3, 3), (6.283185307179586, 12), (50.0, 70)]:
            psi, _ = riccati_real(mp.mpf(x), n)
            exact = mp.sqrt(mp.pi * x / 2) * mp.besselj(n + 0.5, x)
            assert abs(psi[n] / exact - 1) < 1e-30, (x, n)
        for z, n in [(mp.mpc(3, 0.5), 10), (mp.mpc(15, 2), 25)]:
            d = log_derivatives(z, n, 200)[n]
            exact = -n / z + mp.besselj(n - 0.5, z) / mp.besselj(n + 0.5, z)
            assert abs(d / exact - 1) < 1e-30, (z, n)


def random_index(rng, family):
    log_uniform = lambda lo, hi: math.exp(rng.uniform(math.log(lo), math.log(hi)))
    if family == 'dielectric':
        return complex(rng.uniform(1.01, 4), 0)
    if family == 'bubble':
        return complex(rng.uniform(0.5, 0.99), 0)
    if family == 'weak_absorber':
        return complex(rng.uniform(1.2, 2.5), log_uniform(1e-6, 1e-2))
    if family == 'absorber':
        return complex(rng.uniform(1.2, 3), rng.uniform(0.01, 1.5))
    return complex(rng.uniform(0.05, 2), rng.uniform(1, 10))


def row(m, x, check=True):
    n_max, (qext, qsca, qback, g) = reference(m, x, check)
    return {'m': [m.real, m.imag], 'x': x, 'nMax': n_max, 'qext': qext, 'qsca': qsca, 'qback': qback, 'g': g}


def main():
    spot_checks()
    multiples = []
    for k in range(1, 21):
        for label, x in [('k*pi', k * math.pi), ('k*pi*(1-1e-12)', k * math.pi * (1 - 1e-12)), ('k*pi*(1+1e-12)', k * math.pi * (1 + 1e-12))]:
            for m in [complex(1.5, 0), complex(1.5, 0.1)]:
                multiples.append({'k': k, 'form': label, **row(m, x)})
    rng = random.Random(20261202)
    scan = []
    for i in range(1000):
        m = random_index(rng, FAMILIES[i % 5])
        x = math.exp(rng.uniform(math.log(0.01), math.log(1e4)))
        scan.append({'family': FAMILIES[i % 5], **row(m, x, i % 10 == 0)})
        print(f'{i + 1}/1000', file=sys.stderr, end='\r')
    json.dump({
        'source': 'scripts/mie-hp-reference.py (mpmath ' + mp.__version__ + '); see its docstring',
        'command': 'python3 scripts/mie-hp-reference.py > src/core/photonics/mie/hp-reference.json',
        'multiplesOfPi': multiples,
        'randomScan': scan,
    }, sys.stdout, indent=1)
    print()


if __name__ == '__main__':
    main()
