#!/usr/bin/python3
"""Golden values for featlab/sensing NuclearNorm: nuclear-norm minimisation
(Zhou eq. 11.26) solved as a semidefinite program by CVXOPT, as Zhou says it
can be.

Regenerate (from the repository root, Debian python3-cvxopt 1.3.0, numpy
1.24.2):

    /usr/bin/python3 featlab/sensing/testdata/golden_nuclear_cvxopt.py

Writes featlab/sensing/testdata/nuclear_cvxopt.json.

SDP (Fazel 2002; Recht, Fazel and Parrilo 2010): ||X||_* is the optimum of
    min (tr W1 + tr W2) / 2  s.t.  [[W1, X], [X^T, W2]] >= 0,
so 11.26 is that SDP with X_ij = A_ij fixed on Omega. Variables: the
unobserved X_ij and the lower triangles of W1 (r x r) and W2 (c x c).
cvxopt.solvers.sdp minimises c.x s.t. h - G x in the PSD cone. Tolerances
abstol = reltol = feastol = 1e-10 (relaxed to 1e-9, 1e-8, 1e-7 when
CVXOPT breaks down at the tighter value); CVXOPT's interior point reaches about
1e-6..1e-8 in X (less where the objective is flat near the optimum).
Cases: random low-rank matrices L R^T (N(0,1) factors) with entries observed
independently with probability p, and the illustrative book-ratings table of
notebook 09 (Table 11.1, numbers ours). Also the time of the SDP solve on
a 30 x 30 rank-2 problem (for the notebook's remark that SDP does not
scale), reported, not compared.
"""
import json
import os
import time

import numpy as np
from cvxopt import matrix, solvers

HERE = os.path.dirname(os.path.abspath(__file__))
solvers.options.update({"show_progress": False, "abstol": 1e-10, "reltol": 1e-10, "feastol": 1e-10, "maxiters": 200})

# Table 11.1 as built in notebook 09 (illustrative): 4 readers x 5 books,
# NaN for '?'. Genres: novel, novel, history, history, poem.
BOOKS = np.array([
    [5, 5, np.nan, 1, 3],
    [np.nan, 1, 3, 3, np.nan],
    [4, 4, 2, np.nan, 3],
    [2, np.nan, 4, 4, 3],
])


def sdp_complete(M):
    r, c = M.shape
    N = r + c
    obs = ~np.isnan(M)
    var = []  # (kind, i, j)
    for i in range(r):
        for j in range(c):
            if not obs[i, j]:
                var.append(("X", i, j))
    for i in range(r):
        for j in range(i + 1):
            var.append(("W1", i, j))
    for i in range(c):
        for j in range(i + 1):
            var.append(("W2", i, j))
    nv = len(var)
    G = np.zeros((N * N, nv))
    h = np.zeros((N, N))
    cost = np.zeros(nv)

    def put(col, a, b, v):
        G[a + b * N, col] -= v  # column-major vec of the N x N block
        if a != b:
            G[b + a * N, col] -= v

    for k, (kind, i, j) in enumerate(var):
        if kind == "X":
            put(k, i, r + j, 1.0)
        elif kind == "W1":
            put(k, i, j, 1.0)
            if i == j:
                cost[k] = 0.5
        else:
            put(k, r + i, r + j, 1.0)
            if i == j:
                cost[k] = 0.5
    for i in range(r):
        for j in range(c):
            if obs[i, j]:
                h[i, r + j] = h[r + j, i] = M[i, j]
    for tol in (1e-10, 1e-9, 1e-8, 1e-7):
        solvers.options.update({"abstol": tol, "reltol": tol, "feastol": tol})
        t0 = time.perf_counter()
        try:
            sol = solvers.sdp(matrix(cost), Gs=[matrix(G)], hs=[matrix(h)])
        except (ZeroDivisionError, ArithmeticError, ValueError):
            continue  # CVXOPT breaks down near the optimum at tight tolerances
        secs = time.perf_counter() - t0
        if sol["status"] == "optimal":
            break
    x = np.array(sol["x"]).ravel()
    X = np.where(obs, M, 0.0)
    for k, (kind, i, j) in enumerate(var):
        if kind == "X":
            X[i, j] = x[k]
    return X, sol["status"], float(sol["primal objective"]), secs


def main():
    rng = np.random.default_rng(11026)
    cases = []
    specs = [(6, 5, 1, 0.6), (8, 6, 2, 0.7), (10, 8, 2, 0.6), (12, 10, 2, 0.5), (12, 10, 3, 0.7), (9, 9, 1, 0.35)]
    for r, c, rank, p in specs:
        while True:
            L = rng.standard_normal((r, rank))
            R = rng.standard_normal((c, rank))
            full = L @ R.T
            mask = rng.random((r, c)) < p
            if mask.any(axis=1).all() and mask.any(axis=0).all():
                break
        M = np.where(mask, full, np.nan)
        X, status, obj, secs = sdp_complete(M)
        cases.append({"name": f"{r}x{c} rank {rank} p={p}", "rows": r, "cols": c,
                      "M": [None if np.isnan(v) else v for v in M.ravel()], "full": full.ravel().tolist(),
                      "X": X.ravel().tolist(), "status": status, "objective": obj,
                      "nuclear": float(np.linalg.svd(X, compute_uv=False).sum())})
    X, status, obj, secs = sdp_complete(BOOKS)
    cases.append({"name": "book ratings (illustrative Table 11.1)", "rows": 4, "cols": 5,
                  "M": [None if np.isnan(v) else v for v in BOOKS.ravel()], "full": None,
                  "X": X.ravel().tolist(), "status": status, "objective": obj,
                  "nuclear": float(np.linalg.svd(X, compute_uv=False).sum())})
    # timing of the SDP route on 30 x 30 rank 2, half observed
    L = rng.standard_normal((30, 2))
    R = rng.standard_normal((30, 2))
    full = L @ R.T
    M = np.where(rng.random((30, 30)) < 0.5, full, np.nan)
    X, status, obj, secs = sdp_complete(M)
    timing = {"name": "30x30 rank 2 p=0.5", "seconds": secs, "status": status,
              "relative_error": float(np.linalg.norm(X - full) / np.linalg.norm(full)),
              "M": [None if np.isnan(v) else v for v in M.ravel()], "full": full.ravel().tolist()}
    with open(os.path.join(HERE, "nuclear_cvxopt.json"), "w") as f:
        json.dump({"source": "cvxopt %s solvers.sdp" % __import__("cvxopt").__version__, "cases": cases, "timing": timing}, f, indent=0)


if __name__ == "__main__":
    main()
