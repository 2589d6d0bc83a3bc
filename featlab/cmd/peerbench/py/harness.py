"""Times one scikit-learn peer on data written by peerbench.

usage: harness.py PYDIR MODULE FUNCTION DATADIR REPEATS

Loads every <name>.f64 of DATADIR (row-major little-endian float64, shapes in
shapes.json) as a numpy array (m x 1 matrices become 1-D vectors), calls
MODULE.FUNCTION(data) to get a zero-argument callable, runs it once to warm
up, then REPEATS times, and prints the best wall time in seconds.
"""
import importlib
import json
import os
import sys
import time

import numpy as np


def load(datadir):
    with open(os.path.join(datadir, "shapes.json")) as f:
        shapes = json.load(f)
    data = {}
    for name, (r, c) in shapes.items():
        a = np.fromfile(os.path.join(datadir, name + ".f64"), dtype="<f8").reshape(r, c)
        data[name] = a[:, 0].copy() if c == 1 else a
    return data


def main():
    pydir, module, function, datadir, repeats = sys.argv[1:6]
    sys.path.insert(0, pydir)
    fn = getattr(importlib.import_module(module), function)
    run = fn(load(datadir))
    run()
    best = float("inf")
    for _ in range(int(repeats)):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    print(best)


if __name__ == "__main__":
    main()
