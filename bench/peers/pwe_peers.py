"""Driver for bench/peers/mpb-pwe.ts: the two plane-wave peers, one JSON line per call.

  python3 pwe_peers.py mpb CTL_FILE       runs MPB (Debian `mpb`) on the control file and on the same
                                          file with only its first k-point; prints the CPU time of
                                          the child processes (user + sys) per k-point beyond the
                                          first, the k-point count and the frequencies MPB printed.
  python3 pwe_peers.py numpy < op.json    a plain NumPy FFT + SciPy LOBPCG solve of the operator
                                          described on stdin (the same Θ as the TypeScript solver:
                                          grid = basis, η or κ per grid point, k + G per plane wave),
                                          warm-started from the previous k-point; prints the CPU time
                                          (process_time) per k-point and the frequencies.
numpy and scipy come from the system (Debian: apt-get install python3-numpy python3-scipy); MPB from
apt-get install mpb. A missing peer prints {"skip": reason}."""
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_mpb(ctl_text):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "run.ctl")
        with open(path, "w") as f:
            f.write(ctl_text)
        t0 = children_cpu()
        out = subprocess.run(["mpb", path], cwd=d, capture_output=True, text=True, env={**os.environ, "OMP_NUM_THREADS": "1"})
        dt = children_cpu() - t0
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-500:])
    freqs = [[float(x) for x in line.split()[1:]] for line in out.stdout.splitlines() if line.startswith("freqrow:")]
    return dt, freqs


def mpb(ctl_file):
    if shutil.which("mpb") is None:
        print(json.dumps({"skip": "MPB is not installed (apt-get install -y mpb)"}))
        return
    # MPB's own table prints 6 digits; all-freqs at the end has them all.
    text = open(ctl_file).read() + '(for-each (lambda (row) (display "freqrow:") (for-each (lambda (f) (display " ") (display (number->string f))) row) (newline)) all-freqs)\n'
    # The same run with the first k-point only (the control file marks where): start-up + one k-point.
    first = text.replace(";;K-POINTS-END", "(set! k-points (list (car k-points)))")
    t_all, freqs = run_mpb(text)
    t_one, _ = run_mpb(first)
    k = len(freqs)
    print(json.dumps({"cpu_s_per_k": (t_all - t_one) / (k - 1), "k_points": k, "frequencies": freqs}))


def numpy_peer():
    try:
        import numpy as np
        from scipy.sparse.linalg import LinearOperator, lobpcg
    except ImportError as e:
        print(json.dumps({"skip": f"numpy/scipy missing ({e}): apt-get install python3-numpy python3-scipy"}))
        return
    spec = json.load(sys.stdin)
    N = spec["N"]
    gi = np.array(spec["grid_index"], dtype=np.int64)
    n = len(gi)
    te = spec["polarization"] == "TE"
    if te:
        kxx, kxy, kyy = (np.array(spec[c]).reshape(N, N)[:, :, None] for c in ("xx", "xy", "yy"))
    else:
        eta = np.array(spec["eta"]).reshape(N, N)[:, :, None]
    m = spec["block"]
    bands = spec["bands"]
    rng = np.random.default_rng(1)
    x = None
    freqs = []
    t0 = time.process_time()
    for point in spec["k_points"]:
        k1 = np.array(point["k1"])[:, None]
        k2 = np.array(point["k2"])[:, None] if te else None

        def to_real(c):
            a = np.zeros((N * N, c.shape[1]), dtype=complex)
            a[gi] = c
            return np.fft.ifft2(a.reshape(N, N, -1), axes=(0, 1)) * (N * N)

        def to_fourier(f):
            return (np.fft.fft2(f, axes=(0, 1)) / (N * N)).reshape(N * N, -1)[gi]

        def theta(v, k1=k1, k2=k2):
            v = v.reshape(n, -1)
            if not te:
                return k1 * to_fourier(eta * to_real(k1 * v))
            a, b = to_real(k1 * v), to_real(k2 * v)
            return k1 * to_fourier(kxx * a + kxy * b) + k2 * to_fourier(kxy * a + kyy * b)

        pre = np.array(point["preconditioner"])[:, None]
        # At Γ the G = 0 entry is 1/(10⁻⁸·|b|²): capped, or SciPy's block goes numerically dependent.
        pre = np.minimum(pre, 1.0)
        A = LinearOperator((n, n), matvec=theta, matmat=theta, dtype=complex)
        M = LinearOperator((n, n), matvec=lambda v: pre * v.reshape(n, -1), matmat=lambda v: pre * v, dtype=complex)
        if x is None:
            # Smooth random start (weights 1/(1 + |k+G|²)); the preconditioner itself is singular at Γ's G = 0.
            x = (rng.uniform(-1, 1, (n, m)) + 1j * rng.uniform(-1, 1, (n, m))) / (1 + k1**2)
        vals, x = lobpcg(A, x, M=M, tol=spec["tol"], maxiter=300, largest=False)
        order = np.argsort(vals)
        vals, x = vals[order], x[:, order]
        freqs.append([float(np.sqrt(max(v, 0.0)) / (2 * np.pi)) for v in vals[:bands]])
    dt = time.process_time() - t0
    print(json.dumps({"cpu_s_per_k": dt / len(spec["k_points"]), "k_points": len(spec["k_points"]), "frequencies": freqs}))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "mpb" and len(sys.argv) == 3:
        mpb(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "numpy":
        numpy_peer()
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
