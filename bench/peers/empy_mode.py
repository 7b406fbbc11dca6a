"""Driver for bench/peers/empy-mode.ts: one EMpy VFDModeSolver run on the 500 x 220 nm Si strip in
SiO2 at 1550 nm (the whole window, node grid x = linspace(0, W, nx + 1)), printed as one JSON line
with the CPU time of matrix build + eigen-solve (import excluded). EMpy is not vendored: set
EMPY_PATH to a checkout of https://github.com/lbolla/EMpy (git clone it anywhere); numpy and scipy
come from the system (Debian: apt-get install python3-numpy python3-scipy).
Usage: EMPY_PATH=/path/to/EMpy python3 empy_mode.py CELL_NM WIDTH_NM HEIGHT_NM NEIGS GUESS"""
import json
import os
import sys
import time
import types

if len(sys.argv) != 6:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
try:
    import numpy
    import scipy  # noqa: F401
except ImportError as e:
    print(json.dumps({"skip": f"numpy/scipy missing ({e}): apt-get install python3-numpy python3-scipy"}))
    sys.exit(0)
path = os.environ.get("EMPY_PATH")
if path:
    sys.path.insert(0, path)
# EMpy's package imports matplotlib for its plotting helpers only: stand in an empty module when it is absent.
try:
    import matplotlib  # noqa: F401
except ImportError:
    mpl = types.ModuleType("matplotlib")
    mpl.pyplot = types.ModuleType("matplotlib.pyplot")
    sys.modules["matplotlib"] = mpl
    sys.modules["matplotlib.pyplot"] = mpl.pyplot
try:
    import EMpy.modesolvers.FD as FD
except ImportError as e:
    print(json.dumps({"skip": f"EMpy not importable ({e}): git clone https://github.com/lbolla/EMpy and set EMPY_PATH to it"}))
    sys.exit(0)

cell, width, height = (float(v) * 1e-9 for v in sys.argv[1:4])
neigs = int(sys.argv[4])
guess = float(sys.argv[5])
nx = round(width / cell)
ny = round(height / cell)
x = numpy.linspace(0, width, nx + 1)
y = numpy.linspace(0, height, ny + 1)


def epsfunc(x_, y_):
    xx, yy = numpy.meshgrid(x_, y_)
    core = (numpy.abs(xx.T - width / 2) <= 250e-9) * (numpy.abs(yy.T - height / 2) <= 110e-9)
    return numpy.where(core, 3.476**2, 1.444**2)


t0 = time.process_time()
w0 = time.perf_counter()
solver = FD.VFDModeSolver(1.55e-6, x, y, epsfunc, "0000").solve(neigs, 1e-8, guess)
cpu = time.process_time() - t0
wall = time.perf_counter() - w0
neffs = sorted((float(numpy.real(m.neff)) for m in solver.modes), reverse=True)
print(json.dumps({"cells": [nx, ny], "neff": neffs, "cpu_s": cpu, "wall_s": wall}))
