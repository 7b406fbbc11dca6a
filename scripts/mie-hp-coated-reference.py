#!/usr/bin/env python3
"""High-precision coated-sphere efficiencies where a shell argument m2*x or m2*y, or y, is a multiple of pi,
for src/core/photonics/mie/coated.test.ts (issue 15).

Usage (Python 3.11, mpmath 1.3; a few seconds):
    python3 scripts/mie-hp-coated-reference.py > src/core/photonics/mie/hp-coated-reference.json

Bohren & Huffman (1983) eqs. 8.2-8.3 (the Aden-Kerker coefficients with the shell amplitudes A_n, B_n),
with psi_n(z) = sqrt(pi z/2) J_{n+1/2}(z), chi_n(z) = -sqrt(pi z/2) Y_{n+1/2}(z), xi_n = psi_n - i chi_n and
f'_n = f_{n-1} - (n/z) f_n, from mpmath's Bessel functions; summed over the same
n_max = floor(y + 4 y^(1/3) + 2) as src/core/photonics/mie/series.ts. Every case is evaluated at 60 and at
100 digits and the script stops if the two disagree beyond 1e-30 relative; it first reproduces the
60-digit values already quoted in coated.test.ts.
The x, y are IEEE doubles written with repr; each is also given as the JavaScript expression that
produces it (the test checks that they are equal).
"""
import json
import math
import sys

import mpmath as mp


def term_count(x):
    return math.floor(x + 4 * math.cbrt(x) + 2)


def riccati(n_max, z):
    """psi_n, chi_n and their derivatives for n = 1..n_max (index n)."""
    s = mp.sqrt(mp.pi * z / 2)
    psi = [s * mp.besselj(n + mp.mpf(1) / 2, z) for n in range(n_max + 1)]
    chi = [-s * mp.bessely(n + mp.mpf(1) / 2, z) for n in range(n_max + 1)]
    dpsi = [None] + [psi[n - 1] - n / z * psi[n] for n in range(1, n_max + 1)]
    dchi = [None] + [chi[n - 1] - n / z * chi[n] for n in range(1, n_max + 1)]
    return psi, chi, dpsi, dchi


def coated(m1, m2, x, y, dps):
    with mp.workdps(dps):
        m1, m2 = mp.mpc(m1), mp.mpc(m2)
        x, y = mp.mpf(x), mp.mpf(y)
        n_max = term_count(float(y))
        p1, _, dp1, _ = riccati(n_max, m1 * x)
        p2, c2, dp2, dc2 = riccati(n_max, m2 * x)
        p3, c3, dp3, dc3 = riccati(n_max, m2 * y)
        py, cy, dpy, dcy = riccati(n_max, y)
        ext = sca = asym = mp.mpf(0)
        back = mp.mpc(0)
        prev = None
        for n in range(1, n_max + 1):
            an_shell = (m2 * p2[n] * dp1[n] - m1 * dp2[n] * p1[n]) / (m2 * c2[n] * dp1[n] - m1 * dc2[n] * p1[n])
            bn_shell = (m2 * p1[n] * dp2[n] - m1 * p2[n] * dp1[n]) / (m2 * dc2[n] * p1[n] - m1 * dp1[n] * c2[n])
            xi = mp.mpc(py[n], -cy[n])
            dxi = mp.mpc(dpy[n], -dcy[n])
            fa = dp3[n] - an_shell * dc3[n]
            ga = p3[n] - an_shell * c3[n]
            fb = dp3[n] - bn_shell * dc3[n]
            gb = p3[n] - bn_shell * c3[n]
            a = (py[n] * fa - m2 * dpy[n] * ga) / (xi * fa - m2 * dxi * ga)
            b = (m2 * py[n] * fb - dpy[n] * gb) / (m2 * xi * fb - dxi * gb)
            w = 2 * n + 1
            ext += w * (a.real + b.real)
            sca += w * (abs(a) ** 2 + abs(b) ** 2)
            if prev is not None:
                asym += mp.mpf((n - 1) * (n + 1)) / n * (prev[0] * mp.conj(a) + prev[1] * mp.conj(b)).real
            asym += mp.mpf(w) / (n * (n + 1)) * (a * mp.conj(b)).real
            back += (w if n % 2 == 0 else -w) * (a - b)
            prev = (a, b)
        return [2 * ext / y**2, 2 * sca / y**2, abs(back) ** 2 / y**2, 2 * asym / sca]


def reference(m1, m2, x, y):
    lo = coated(m1, m2, x, y, 60)
    hi = coated(m1, m2, x, y, 100)
    for a, b in zip(lo, hi):
        if abs(a - b) > mp.mpf('1e-30') * abs(b):
            sys.exit(f'not converged: {m1}, {m2}, {x!r}, {y!r}: {a} vs {b}')
    return [mp.nstr(v, 25, strip_zeros=False) for v in hi]


def self_check():
    # coated.test.ts, 'absorbing core, dielectric shell' (60-digit values quoted there)
    q = coated(complex(0.5, 3), complex(1.4, 0), 0.5, 1.0, 60)
    for got, want in zip(q, [1.9968138818759031, 1.202925039269851, 1.6318823921221808, 0.03977331585912149]):
        assert abs(float(got) / want - 1) < 1e-14, (got, want)


# [core m, shell m, (x expression, x), (y expression, y)]: m2*x, m2*y or y a multiple of pi
CASES = [
    (complex(1.2, 0), complex(1.5, 0), ('1', 1.0), ('2 * Math.PI', 2 * math.pi)),
    (complex(1.2, 0.1), complex(1.5, 0), ('2', 2.0), ('2 * Math.PI', 2 * math.pi)),
    (complex(1.5, 0), complex(2, 0), ('Math.PI / 2', math.pi / 2), ('Math.PI', math.pi)),
    (complex(1.2, 0), complex(1.5, 0), ('Math.PI / 1.5', math.pi / 1.5), ('2.2 * Math.PI', 2.2 * math.pi)),
    (complex(1.2, 0), complex(1.5, 0), ('0.5', 0.5), ('(2 * Math.PI) / 1.5', (2 * math.pi) / 1.5)),
    (complex(0.5, 3), complex(1.4, 0), ('(5 * Math.PI) / 1.4', (5 * math.pi) / 1.4), ('(10 * Math.PI) / 1.4', (10 * math.pi) / 1.4)),
    (complex(1.33, 0), complex(1.25, 0), ('(4 * Math.PI) / 1.25', (4 * math.pi) / 1.25), ('8 * Math.PI', 8 * math.pi)),
    (complex(1.5, 0.01), complex(1.25, 0.001), ('(4 * Math.PI) / 1.25', (4 * math.pi) / 1.25), ('8 * Math.PI', 8 * math.pi)),
]


def main():
    self_check()
    rows = []
    for m1, m2, (xe, x), (ye, y) in CASES:
        qext, qsca, qback, g = reference(m1, m2, x, y)
        rows.append({'m1': [m1.real, m1.imag], 'm2': [m2.real, m2.imag], 'xExpr': xe, 'x': x, 'yExpr': ye, 'y': y,
                     'nMax': term_count(y), 'qext': qext, 'qsca': qsca, 'qback': qback, 'g': g})
    json.dump({
        'source': 'scripts/mie-hp-coated-reference.py (mpmath ' + mp.__version__ + '); see its docstring',
        'command': 'python3 scripts/mie-hp-coated-reference.py > src/core/photonics/mie/hp-coated-reference.json',
        'cases': rows,
    }, sys.stdout, indent=1)
    print()


if __name__ == '__main__':
    main()
