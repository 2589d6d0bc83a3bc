#!/usr/bin/env python3
"""Golden values for linear.LassoIC from scikit-learn 1.2.1 LassoLarsIC.

Regenerate, from the repository root:

    /usr/bin/python3 featlab/linear/testdata/golden_lassoic.py

Reads diabetes.csv (written by golden_sklearn.py: sklearn's load_diabetes(),
scaled) and writes golden_lassoic.json: for AIC and BIC, estimated and
given noise variance (3000), fit_intercept=True, normalize=False; and
raw_aic, raw_bic on datasets/diabetes.csv (raw units, estimated variance);
wide_bic on a seeded 30 x 60 design stored in the JSON: alphas_,
criterion_, alpha_, coef_, intercept_, noise_variance_.
"""
import json
import os

import warnings

import numpy as np
from sklearn.linear_model import LassoLarsIC

warnings.simplefilter("ignore", FutureWarning)
HERE = os.path.dirname(os.path.abspath(__file__))
a = np.loadtxt(os.path.join(HERE, "diabetes.csv"), delimiter=",", skiprows=1)
X, y = np.ascontiguousarray(a[:, :-1]), a[:, -1].copy()
out = {}
for crit in ("aic", "bic"):
    for nv in (None, 3000.0):
        est = LassoLarsIC(criterion=crit, normalize=False, noise_variance=nv).fit(X, y)
        key = crit + ("_given" if nv else "_est")
        out[key] = {
            "noise_variance": nv or 0.0,
            "alphas": est.alphas_.tolist(),
            "criterion": est.criterion_.tolist(),
            "alpha": float(est.alpha_),
            "coef": est.coef_.tolist(),
            "intercept": float(est.intercept_),
            "noise_variance_": float(est.noise_variance_),
        }
# Raw units (datasets/diabetes.csv): a path with four drops.
a = np.loadtxt(os.path.join(HERE, "../../../datasets/diabetes.csv"), delimiter=",", skiprows=1)
X, y = np.ascontiguousarray(a[:, :-1]), a[:, -1].copy()
for crit in ("aic", "bic"):
    est = LassoLarsIC(criterion=crit, normalize=False).fit(X, y)
    out["raw_" + crit] = {
        "noise_variance": 0.0,
        "alphas": est.alphas_.tolist(),
        "criterion": est.criterion_.tolist(),
        "alpha": float(est.alpha_),
        "coef": est.coef_.tolist(),
        "intercept": float(est.intercept_),
        "noise_variance_": float(est.noise_variance_),
    }
# Wide (m = 30 < d = 60, seeded normal design, 5 true features): BIC with
# the noise variance given; X and y are stored with the result.
rng = np.random.default_rng(1)
X = rng.standard_normal((30, 60))
y = X[:, :5] @ np.arange(1, 6) + rng.standard_normal(30)
est = LassoLarsIC(criterion="bic", noise_variance=1.0).fit(X, y)
out["wide_bic"] = {
    "X": X.tolist(), "y": y.tolist(),
    "noise_variance": 1.0,
    "alphas": est.alphas_.tolist(),
    "criterion": est.criterion_.tolist(),
    "alpha": float(est.alpha_),
    "coef": est.coef_.tolist(),
    "intercept": float(est.intercept_),
    "noise_variance_": float(est.noise_variance_),
}
with open(os.path.join(HERE, "golden_lassoic.json"), "w") as f:
    json.dump(out, f, indent=1)
