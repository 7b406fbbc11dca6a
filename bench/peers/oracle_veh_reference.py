"""Plain-Python reference for `proving-ground oracle veh` (our own driver, for bench/peers/oracle-jsonl.ts).

Reads one JSON request per stdin line, evaluates the VEHBench analytical oracle (paper Appendix B,
A-1..A-22) with the standard library only (math, cmath for the complex impedance and dynamic
stiffness), and writes one JSON result per line with the same fields as the CLI's default line.
It checks only what it needs (no schema validation): it is the I/O-and-arithmetic floor a Python
user would write, not a second implementation of the CLI.
"""
import cmath
import json
import math
import sys

G = 9.80665
EPS0 = 8.854187817e-12
ALPHA = 0.2357
GAMMA1 = 1.3765
TWO_PI = 6.283185307179586

PIEZO = {
    "PZT-5A": (-171e-12, 1700.0, 61.0e9, 7750.0),
    "PZT-5H": (-274e-12, 3800.0, 60.0e9, 7500.0),
    "MFC-M8528": (-170e-12, 800.0, 30.0e9, 5400.0),
    "PVDF": (-23e-12, 13.0, 2.0e9, 1780.0),
}
SUBSTRATE = {
    "stainless_steel": (200e9, 7900.0),
    "aluminum": (70e9, 2700.0),
    "brass": (100e9, 8500.0),
    "titanium": (114e9, 4510.0),
}
DEFAULT_LIMITS = {"max_stress_mpa": 50, "max_disp_mm": 5, "max_freq_error_pct": 5, "min_power_uw": 1}


def evaluate(req):
    d = req["design"]
    ex = req["excitation"]
    env = req.get("environment", {})
    lim = dict(DEFAULT_LIMITS)
    c = req.get("constraints")
    if isinstance(c, list):
        lim.update({x["name"]: x["limit"] for x in c})
    elif c:
        lim.update(c)
    piezo_id = env.get("piezo_material", "PZT-5A")
    sub_id = env.get("substrate_material", "stainless_steel")
    d31, eps_r, ep, rho_p = PIEZO[piezo_id]
    es, rho_s = SUBSTRATE[sub_id]
    zeta = env.get("damping_ratio", 0.01)

    L = d["beam_length_mm"] * 1e-3
    b = d["beam_width_mm"] * 1e-3
    hs = d["substrate_thickness_um"] * 1e-6
    hp = d["piezo_thickness_um"] * 1e-6
    mt = d["tip_mass_g"] * 1e-3
    R = d["load_resistance_ohm"]
    fe = ex["frequency_hz"]
    a = ex["acceleration_g"] * G

    As, Ap = b * hs, b * hp
    ys, yp = hs / 2, hs + hp / 2
    ybar = (es * As * ys + ep * Ap * yp) / (es * As + ep * Ap)
    dys, dyp = ys - ybar, yp - ybar
    EI = es * (b * hs**3 / 12 + As * dys * dys) + ep * (b * hp**3 / 12 + Ap * dyp * dyp)
    meff = ALPHA * (rho_s * hs + rho_p * hp) * b * L + mt
    wr = math.sqrt(3 * EI / (meff * L**3))
    fr = wr / TWO_PI
    eta = 100 * abs(fr - fe) / fe
    theta = -d31 * ep * b * dyp * GAMMA1 / L
    cp = EPS0 * eps_r * b * L / hp
    w = TWO_PI * fe
    ze = R / (1 + 1j * w * R * cp)
    D = meff * (wr * wr - w * w) + 2j * zeta * meff * wr * w + theta * theta * 1j * w * ze
    W = meff * a / abs(D)
    V = abs(theta) * w * abs(ze) * W
    p_uw = V * V / (2 * R) * 1e6
    w_mm = W * 1e3
    sigma = es * ybar * 3 * W / (L * L) * 1e-6
    s_stress = lim["max_stress_mpa"] - sigma
    s_disp = lim["max_disp_mm"] - w_mm
    s_freq = lim["max_freq_error_pct"] - eta
    s_power = p_uw - lim["min_power_uw"]
    return {
        "resonant_freq_hz": fr,
        "load_power_uw": p_uw,
        "tip_stress_mpa": sigma,
        "tip_disp_mm": w_mm,
        "freq_error_pct": eta,
        "slack_stress_mpa": s_stress,
        "slack_disp_mm": s_disp,
        "slack_freq_pct": s_freq,
        "slack_power_uw": s_power,
        "feasible": s_stress >= 0 and s_disp >= 0 and s_freq >= 0 and s_power >= 0,
        "effective_mass_kg": meff,
        "bending_stiffness_nm2": EI,
        "coupling_coefficient": theta,
        "internal_capacitance_f": cp,
        "neutral_axis_m": ybar,
        "load_voltage_v": V,
        "piezo_material": piezo_id,
        "substrate_material": sub_id,
        "damping_ratio": zeta,
        "limits": lim,
        "backend": "python",
    }


def main():
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            out.write(json.dumps(evaluate(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
