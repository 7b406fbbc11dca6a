#!/usr/bin/env python3
"""Mie coefficients a_n, b_n (n = 1..3) of homogeneous spheres at 50 digits, for
src/core/photonics/mie/multipoles.test.ts.

Usage (Python 3, mpmath 1.3; a second): python3 scripts/mie-hp-multipoles.py

Bohren & Huffman (1983) eq. 4.88 written with Riccati-Bessel functions straight from mpmath's Bessel
functions (psi_n(z) = sqrt(pi z/2) J_{n+1/2}(z), chi_n(x) = -sqrt(pi x/2) Y_{n+1/2}(x), xi = psi - i chi)
and their derivatives from psi_n' = psi_{n-1} - n psi_n / z: a different route from the double-precision
recurrences of src/core/photonics/mie/ (no log-derivative recurrence, no Casoratian).
"""
import mpmath as mp

mp.mp.dps = 50


def psi(n, z):
    return mp.sqrt(mp.pi * z / 2) * mp.besselj(n + mp.mpf(1) / 2, z)


def chi(n, x):
    return -mp.sqrt(mp.pi * x / 2) * mp.bessely(n + mp.mpf(1) / 2, x)


def coefficients(m, x, orders):
    m = mp.mpc(m)
    x = mp.mpf(x)
    out = []
    for n in range(1, orders + 1):
        mx = m * x
        p, pp = psi(n, x), psi(n - 1, x) - n * psi(n, x) / x
        xi = p - 1j * chi(n, x)
        xi1 = psi(n - 1, x) - 1j * chi(n - 1, x)
        xip = xi1 - n * xi / x
        q, qp = psi(n, mx), psi(n - 1, mx) - n * psi(n, mx) / mx
        a = (m * q * pp - p * qp) / (m * q * xip - xi * qp)
        b = (q * pp - m * p * qp) / (q * xip - m * xi * qp)
        out.append((a, b))
    return out


# A silicon-like sphere near its magnetic dipole (m = 4 + 0.02i, x = 0.8), a weak absorber and a metal.
# repr of the nearest doubles (exact round trip).
for m, x in [(complex(4, 0.02), 0.8), (complex(1.5, 0.1), 2.0), (complex(0.2, 3.0), 0.5)]:
    for n, (a, b) in enumerate(coefficients(m, x, 3), start=1):
        print(f"[{m.real}, {m.imag}, {x}, {n}, {float(a.real)!r}, {float(a.imag)!r}, {float(b.real)!r}, {float(b.imag)!r}],")
