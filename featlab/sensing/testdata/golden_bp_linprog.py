#!/usr/bin/python3
"""Golden values for featlab/sensing BasisPursuit: basis pursuit (Zhou eq.
11.23) solved as a linear program by HiGHS (scipy.optimize.linprog,
method="highs"), on random instances generated here with numpy.

Regenerate (from the repository root, Debian python3-scipy 1.10.1, numpy
1.24.2):

    /usr/bin/python3 featlab/sensing/testdata/golden_bp_linprog.py

Writes featlab/sensing/testdata/bp_linprog.json.

LP form (u, w >= 0, s = u - w):
    min 1.(u + w)  s.t.  A u - A w = y.
HiGHS tolerances are tightened to 1e-10 so that the comparison at 1e-8 is
meaningful. Each case: A (n x m, N(0, 1/n) entries or a +-1/sqrt(n)
Bernoulli matrix), a k-sparse s0 with N(0, 1) values, y = A s0; the LP
solution s, its objective, and the HiGHS status. One infeasible case
(two equal rows of A with different y) checks that infeasibility is
reported, and one case with n > m (not compressed sensing).
"""
import json
import os

import numpy as np
from scipy.optimize import linprog

HERE = os.path.dirname(os.path.abspath(__file__))


def solve(A, y):
    n, m = A.shape
    c = np.ones(2 * m)
    res = linprog(c, A_eq=np.hstack([A, -A]), b_eq=y, bounds=(0, None), method="highs",
                  options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10})
    if res.status != 0:
        return None, res.status, res.message
    s = res.x[:m] - res.x[m:]
    return s, res.status, res.message


def main():
    rng = np.random.default_rng(20261122)
    cases = []
    specs = [(20, 60, 3, "gaussian"), (20, 60, 8, "gaussian"), (30, 100, 5, "bernoulli"),
             (40, 120, 12, "gaussian"), (50, 200, 10, "gaussian"), (40, 100, 25, "gaussian"),
             (64, 128, 30, "bernoulli"), (25, 50, 20, "gaussian"), (80, 60, 10, "gaussian")]
    for n, m, k, kind in specs:
        if kind == "gaussian":
            A = rng.standard_normal((n, m)) / np.sqrt(n)
        else:
            A = np.where(rng.random((n, m)) < 0.5, -1.0, 1.0) / np.sqrt(n)
        s0 = np.zeros(m)
        supp = rng.choice(m, size=k, replace=False)
        s0[supp] = rng.standard_normal(k)
        y = A @ s0
        s, status, msg = solve(A, y)
        cases.append({"name": f"{kind} n={n} m={m} k={k}", "n": n, "m": m, "k": k,
                      "A": A.ravel().tolist(), "y": y.tolist(), "s0": s0.tolist(),
                      "s": s.tolist(), "objective": float(np.abs(s).sum()), "status": status,
                      "recovered": bool(np.max(np.abs(s - s0)) < 1e-6)})
    # degenerate: +-1 matrix and a 0/1 signal (ties between correlations;
    # the LP optimum may not be unique, the objective is)
    for n, m, k in [(20, 100, 5), (30, 80, 12)]:
        A = np.where(rng.random((n, m)) < 0.5, -1.0, 1.0) / np.sqrt(n)
        s0 = np.zeros(m)
        s0[rng.choice(m, size=k, replace=False)] = 1.0
        y = A @ s0
        s, status, msg = solve(A, y)
        cases.append({"name": f"degenerate bernoulli 0/1 n={n} m={m} k={k}", "n": n, "m": m, "k": k,
                      "A": A.ravel().tolist(), "y": y.tolist(), "s0": s0.tolist(),
                      "s": s.tolist(), "objective": float(np.abs(s).sum()), "status": status,
                      "recovered": bool(np.max(np.abs(s - s0)) < 1e-6), "degenerate": True})
    # infeasible: rows 0 and 1 equal, y differs
    n, m = 10, 30
    A = rng.standard_normal((n, m)) / np.sqrt(n)
    A[1] = A[0]
    y = rng.standard_normal(n)
    s, status, msg = solve(A, y)
    cases.append({"name": "infeasible n=10 m=30", "n": n, "m": m, "k": 0, "A": A.ravel().tolist(),
                  "y": y.tolist(), "s0": None, "s": None, "objective": None, "status": status,
                  "message": msg, "recovered": False})
    with open(os.path.join(HERE, "bp_linprog.json"), "w") as f:
        json.dump({"source": "scipy %s linprog(method='highs')" % __import__("scipy").__version__, "cases": cases}, f)


if __name__ == "__main__":
    main()
