#!/usr/bin/env python3
"""Golden values for featlab/linear from scikit-learn (Debian python3-sklearn 1.2.1).

Regenerate, from the repository root:

    /usr/bin/python3 featlab/linear/testdata/golden_sklearn.py

It writes, next to this script:
  diabetes.csv        sklearn's load_diabetes() (scaled), 10 features + target, %.17g
  synth.csv           make_regression(80, 25, n_informative=5, noise=1, random_state=3)
                      with column j shifted by j, a constant column 2.5 appended and y + 10
  golden_sklearn.json fits on both (see the keys below); every solver at tol 1e-13.
The Go tests read only the CSV and JSON files.
"""
import json
import os
import warnings

import numpy as np
from sklearn.datasets import load_diabetes, make_regression
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import ElasticNet, Lasso, LinearRegression, Ridge, lasso_path

warnings.simplefilter("ignore", ConvergenceWarning)
HERE = os.path.dirname(os.path.abspath(__file__))
TOL = 1e-13
MAXIT = 1_000_000


def save_csv(name, X, y):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(",".join([f"x{j+1}" for j in range(X.shape[1])] + ["y"]) + "\n")
        for row, t in zip(X, y):
            f.write(",".join("%.17g" % v for v in list(row) + [t]) + "\n")


def load_csv(name):
    a = np.loadtxt(os.path.join(HERE, name), delimiter=",", skiprows=1)
    return np.ascontiguousarray(a[:, :-1]), a[:, -1].copy()


Xd, yd = load_diabetes(return_X_y=True)
save_csv("diabetes.csv", Xd, yd)
Xs, ys = make_regression(n_samples=80, n_features=25, n_informative=5, noise=1.0, random_state=3)
Xs = Xs + np.arange(25)[None, :]
Xs = np.hstack([Xs, np.full((80, 1), 2.5)])
ys = ys + 10
save_csv("synth.csv", Xs, ys)

# Read back what the Go tests will read, so both sides see identical bits.
data = {"diabetes": load_csv("diabetes.csv"), "synth": load_csv("synth.csv")}

out = {"lasso": [], "enet": [], "ridge": [], "ols": [], "path": []}


def lam_max(X, y, intercept):
    if intercept:
        X = X - X.mean(0)
        y = y - y.mean()
    return np.max(np.abs(X.T @ y)) / X.shape[0]


for name, (X, y) in data.items():
    for ic in (True, False):
        lm = lam_max(X, y, ic)
        for frac in (0.5, 0.1, 0.01, 0.001):
            a = frac * lm
            mdl = Lasso(alpha=a, fit_intercept=ic, tol=TOL, max_iter=MAXIT, precompute=False).fit(X, y)
            out["lasso"].append(dict(data=name, intercept=ic, alpha=a, coef=mdl.coef_.tolist(),
                                     intercept_=float(mdl.intercept_), n_iter=int(mdl.n_iter_)))
        for a in (0.05 * lm, 0.005 * lm):
            for r in (0.2, 0.5, 0.8):
                mdl = ElasticNet(alpha=a, l1_ratio=r, fit_intercept=ic, tol=TOL, max_iter=MAXIT).fit(X, y)
                out["enet"].append(dict(data=name, intercept=ic, alpha=a, l1_ratio=r, coef=mdl.coef_.tolist(),
                                        intercept_=float(mdl.intercept_)))
        for a in (0.01, 1.0, 100.0):
            mdl = Ridge(alpha=a, fit_intercept=ic, solver="cholesky").fit(X, y)
            out["ridge"].append(dict(data=name, intercept=ic, alpha=a, coef=mdl.coef_.tolist(),
                                     intercept_=float(mdl.intercept_)))
        mdl = LinearRegression(fit_intercept=ic).fit(X, y)
        out["ols"].append(dict(data=name, intercept=ic, coef=mdl.coef_.tolist(), intercept_=float(mdl.intercept_),
                               rank=int(mdl.rank_)))

# Rank-deficient and wide least squares (minimum-norm solutions).
X, y = data["synth"]
Xdup = np.hstack([X[:, :6], X[:, :2] * 2.0])  # columns 6, 7 = 2 * columns 0, 1
for ic in (True, False):
    mdl = LinearRegression(fit_intercept=ic).fit(Xdup, y)
    out["ols"].append(dict(data="synth_dup", intercept=ic, coef=mdl.coef_.tolist(), intercept_=float(mdl.intercept_),
                           rank=int(mdl.rank_)))
    if not ic:
        mdl = LinearRegression(fit_intercept=ic).fit(X[:12], y[:12])
        out["ols"].append(dict(data="synth_wide", intercept=ic, coef=mdl.coef_.tolist(),
                               intercept_=float(mdl.intercept_), rank=int(mdl.rank_)))
    else:
        # Centred, the 12 x 26 block has rank 11, but its 12th singular value
        # comes out as 1.6e-14 (1.9e-15 s_max): scipy's lstsq, used by
        # LinearRegression, cuts at eps*s_max and keeps that noise direction
        # (rank_ = 12). numpy's lstsq cuts at eps*max(m, d)*s_max, the rule
        # featlab documents, so the golden here is numpy's.
        Xw, yw = X[:12], y[:12]
        xm, ym = Xw.mean(0), yw.mean()
        coef, _, rank, _ = np.linalg.lstsq(Xw - xm, yw - ym, rcond=None)
        out["ols"].append(dict(data="synth_wide", intercept=ic, coef=coef.tolist(),
                               intercept_=float(ym - xm @ coef), rank=int(rank)))

# lasso_path: no intercept (raw), and with intercept emulated by centring,
# which is what LassoCV does before calling the path.
# (Not the synthetic set without intercept: its uncentred columns make
# coordinate descent need ~1e5 sweeps per lambda.)
for name, (X, y) in data.items():
    for ic in (False, True):
        if name == "synth" and not ic:
            continue
        Xp, yp = X, y
        if ic:
            Xp, yp = X - X.mean(0), y - y.mean()
        alphas, coefs, gaps = lasso_path(np.asfortranarray(Xp), yp, n_alphas=30, eps=1e-3, tol=TOL,
                                         max_iter=MAXIT)
        out["path"].append(dict(data=name, intercept=ic, alphas=alphas.tolist(), coefs=coefs.T.tolist()))

with open(os.path.join(HERE, "golden_sklearn.json"), "w") as f:
    json.dump(out, f, indent=None)
print("wrote", {k: len(v) for k, v in out.items()})
