#!/usr/bin/python3
"""Golden values for featlab/filter from scikit-learn and scipy.

Regenerate (from the repository root, Debian's python3-sklearn 1.2.1,
numpy 1.24, scipy 1.10):

    /usr/bin/python3 featlab/filter/testdata/golden_sklearn.py > featlab/filter/testdata/golden_sklearn.json

Real data sets are read from datasets/*.csv (the files embedded by package
datasets, so the Go tests read the same numbers through datasets.Load).
Synthetic data are generated here with numpy's RandomState and stored in the
JSON (full precision), so the Go tests need only Go.

Mutual information. scikit-learn's mutual_info_* scale each continuous
variable by its standard deviation and then add noise 1e-10*max(1, mean|v|)
*N(0,1) from its own generator, which decides ties at random. featlab adds no
noise by default, so for data with ties (all four real data sets) the golden
values come from scikit-learn's own estimator functions _compute_mi_cc
(Kraskov et al.) and _compute_mi_cd (Ross) applied to the same scaled,
noise-free values, and mutual_info_score for discrete pairs; for tie-free
synthetic data the public mutual_info_regression / mutual_info_classif
(random_state=0) are compared directly. Values are in nats (scikit-learn's
unit); the Go tests ask for nats or convert bits.
"""
import json
import os
import sys

import numpy as np
import scipy
import sklearn
from scipy import optimize, stats
from sklearn.feature_selection import (
    SelectPercentile,
    chi2,
    f_classif,
    f_regression,
    mutual_info_classif,
    mutual_info_regression,
    r_regression,
)
from sklearn.feature_selection._mutual_info import _compute_mi_cc, _compute_mi_cd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import mutual_info_score, roc_auc_score, log_loss

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "datasets")


def load(name, target):
    with open(os.path.join(DATA, name + ".csv")) as f:
        header = f.readline().strip().split(",")
        rows = [line.strip().split(",") for line in f if line.strip()]
    t = header.index(target)
    X = np.array([[float(v) for k, v in enumerate(r) if k != t] for r in rows])
    y = np.array([float(r[t]) for r in rows])
    names = [h for k, h in enumerate(header) if k != t]
    return X, y, names


def lst(a):
    return [float(v) for v in np.asarray(a, dtype=float).ravel()]


def scaled(v):
    """v / std(v), the standard deviation summed sequentially (numpy's
    order for sklearn's scale(X, with_mean=False) on a 2-D X, reducing
    along axis 0; np.std of a 1-D array sums pairwise instead). The Go code
    sums in the same order, so both scale tied values identically."""
    v = np.asarray(v, dtype=float)
    t = 0.0
    for x in v:
        t += x
    mean = t / len(v)
    q = 0.0
    for x in v:
        q += (x - mean) * (x - mean)
    s = np.sqrt(q / len(v))
    return v / s if s > 0 else v.copy()


def mi_core_cc(X, y, k=3):
    ys = scaled(y)
    return [float(_compute_mi_cc(scaled(X[:, j]), ys, k)) for j in range(X.shape[1])]


def mi_core_cd(X, y, k=3):
    return [float(_compute_mi_cd(scaled(X[:, j]), y, k)) for j in range(X.shape[1])]


out = {
    "versions": {"sklearn": sklearn.__version__, "numpy": np.__version__, "scipy": scipy.__version__},
    "real": {},
    "synthetic": {},
}

# ---- real data sets -------------------------------------------------------
Xd, yd, _ = load("diabetes", "y")
F, p = f_regression(Xd, yd)
rho = [stats.spearmanr(Xd[:, j], yd) for j in range(Xd.shape[1])]
sex = 1  # diabetes column "sex" (values 1/2): a discrete feature
out["real"]["diabetes"] = {
    "r": lst(r_regression(Xd, yd)),
    "f": lst(F),
    "f_p": lst(p),
    "spearman_rho": [float(r.correlation) for r in rho],
    "spearman_p": [float(r.pvalue) for r in rho],
    # Kraskov estimator on the scaled noise-free values, k = 3 and k = 5.
    "mi_cc_k3": mi_core_cc(Xd, yd, 3),
    "mi_cc_k5": mi_core_cc(Xd, yd, 5),
    # sex as a discrete feature with the continuous target: Ross with the
    # roles of feature and target swapped, as scikit-learn's _compute_mi.
    "mi_sex_discrete": float(_compute_mi_cd(scaled(yd), Xd[:, sex], 3)),
}

for name in ["wine", "iris", "breast_cancer"]:
    X, y, _ = load(name, "target")
    F, p = f_classif(X, y)
    C, cp = chi2(X, y)
    rec = {
        "f": lst(F),
        "f_p": lst(p),
        "chi2": lst(C),
        "chi2_p": lst(cp),
        "mi_cd_k3": mi_core_cd(X, y, 3),
    }
    if name == "breast_cancer":
        rec["auc"] = [float(roc_auc_score(y, X[:, j])) for j in range(X.shape[1])]
    out["real"][name] = rec

# Watermelon 3.0: the six categorical attributes against ripe, plug-in MI.
with open(os.path.join(DATA, "watermelon3.csv")) as f:
    header = f.readline().strip().split(",")
    rows = [line.strip().split(",") for line in f if line.strip()]
cat = ["color", "root", "sound", "texture", "umbilicus", "surface"]
ripe = [r[header.index("ripe")] for r in rows]
out["real"]["watermelon"] = {
    "features": cat,
    "mi_plugin": [float(mutual_info_score([r[header.index(c)] for r in rows], ripe)) for c in cat],
}

# ---- synthetic data -------------------------------------------------------
rng = np.random.RandomState(20240611)

# Continuous regression without ties: public mutual_info_regression.
m, d = 300, 5
X = rng.standard_normal((m, d))
y = np.sin(2 * X[:, 0]) + X[:, 1] ** 2 + 0.3 * X[:, 2] + 0.2 * rng.standard_normal(m)
out["synthetic"]["regression"] = {
    "X": [lst(r) for r in X],
    "y": lst(y),
    "mi_public_k3": lst(mutual_info_regression(X, y, random_state=0)),
    "mi_public_k4": lst(mutual_info_regression(X, y, n_neighbors=4, random_state=0)),
    "mi_core_k3": mi_core_cc(X, y, 3),
    "r": lst(r_regression(X, y)),
    "f": lst(f_regression(X, y)[0]),
    "f_p": lst(f_regression(X, y)[1]),
}

# Continuous features, three classes: public mutual_info_classif.
m = 240
yc = rng.randint(0, 3, size=m).astype(float)
X = rng.standard_normal((m, 4))
X[:, 0] += yc
X[:, 1] += 0.3 * (yc == 2)
X[:, 2] *= 1 + yc
out["synthetic"]["classif"] = {
    "X": [lst(r) for r in X],
    "y": lst(yc),
    "mi_public_k3": lst(mutual_info_classif(X, yc, random_state=0)),
    "mi_core_k3": mi_core_cd(X, yc, 3),
    "f": lst(f_classif(X, yc)[0]),
    "f_p": lst(f_classif(X, yc)[1]),
}

# Discrete features and a discrete target: mutual_info_classif with
# discrete_features=True (the plug-in estimate).
m = 200
yk = rng.randint(0, 3, size=m).astype(float)
Xk = np.column_stack([
    (yk + rng.randint(0, 2, size=m)) % 4,
    rng.randint(0, 5, size=m),
    (yk == 1) * 2.5 + (rng.rand(m) < 0.1),
]).astype(float)
out["synthetic"]["discrete"] = {
    "X": [lst(r) for r in Xk],
    "y": lst(yk),
    "mi_public": lst(mutual_info_classif(Xk, yk, discrete_features=True, random_state=0)),
}

# Tiny p-values: a strong linear relation, checking the tails of F and
# chi2 (scipy's fdtrc / chdtrc) far below 1e-16.
m = 60
t = rng.standard_normal(m)
Xp = np.column_stack([t + 0.05 * rng.standard_normal(m), t + 0.5 * rng.standard_normal(m), rng.standard_normal(m)])
yp = 3 * t + 0.1 * rng.standard_normal(m)
lab = (t > 0).astype(float)
Xc = np.abs(np.column_stack([10 * lab + rng.rand(m), rng.rand(m), 3 * lab + rng.rand(m)]))
out["synthetic"]["tails"] = {
    "X": [lst(r) for r in Xp],
    "y": lst(yp),
    "f": lst(f_regression(Xp, yp)[0]),
    "f_p": lst(f_regression(Xp, yp)[1]),
    "Xc": [lst(r) for r in Xc],
    "labels": lst(lab),
    "fc": lst(f_classif(Xc, lab)[0]),
    "fc_p": lst(f_classif(Xc, lab)[1]),
    "chi2": lst(chi2(Xc, lab)[0]),
    "chi2_p": lst(chi2(Xc, lab)[1]),
}

# Min-loss with hinge and logistic losses on one feature at a time: the
# hinge minimum is a linear program (scipy's HiGHS), the logistic minimum an
# unpenalised logistic regression (lbfgs, tight tolerance).
m = 80
yb = (rng.rand(m) < 0.5).astype(float)
Xb = np.column_stack([
    yb + 0.8 * rng.standard_normal(m),
    rng.standard_normal(m),
    2 * yb + 0.3 * rng.standard_normal(m) + 0.5 * rng.standard_normal(m) ** 2,
])
s = 2 * yb - 1


def hinge_lp(v):
    # variables a, b, xi_1..xi_m; minimise mean xi s.t. xi >= 0,
    # xi_i >= 1 - s_i (a v_i + b)  <=>  -s_i v_i a - s_i b - xi_i <= -1
    n = len(v)
    c = np.concatenate([[0, 0], np.ones(n) / n])
    A = np.zeros((n, n + 2))
    A[:, 0] = -s * v
    A[:, 1] = -s
    A[np.arange(n), 2 + np.arange(n)] = -1
    bounds = [(None, None), (None, None)] + [(0, None)] * n
    res = optimize.linprog(c, A_ub=A, b_ub=-np.ones(n), bounds=bounds, method="highs")
    assert res.status == 0
    return float(res.fun)


def logistic_min(v):
    lr = LogisticRegression(penalty=None, tol=1e-14, max_iter=100000, solver="lbfgs")
    lr.fit(v.reshape(-1, 1), yb)
    return float(log_loss(yb, lr.predict_proba(v.reshape(-1, 1))[:, 1]))


out["synthetic"]["minloss"] = {
    "X": [lst(r) for r in Xb],
    "y": lst(yb),
    "hinge": [hinge_lp(Xb[:, j]) for j in range(Xb.shape[1])],
    "logistic": [logistic_min(Xb[:, j]) for j in range(Xb.shape[1])],
}

# SelectPercentile's rule on scores with ties.
pct = {"scores": [3.0, 1.0, 2.0, 2.0, 5.0, 2.0, 0.5, 5.0, 2.0, 1.0], "cases": []}
Xdummy = np.zeros((2, len(pct["scores"])))
for q in [0.0, 5.0, 10.0, 15.0, 25.0, 33.0, 40.0, 50.0, 65.0, 90.0, 100.0]:
    sel = SelectPercentile(lambda X, y: np.array(pct["scores"]), percentile=q)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sel.fit(Xdummy, np.array([0, 1]))
        mask = sel.get_support()
    pct["cases"].append({"p": q, "support": [int(j) for j in np.flatnonzero(mask)]})
out["synthetic"]["percentile"] = pct

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
