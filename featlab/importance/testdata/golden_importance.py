#!/usr/bin/python3
"""Golden values for featlab/importance and filter.MRMR from scikit-learn.

Regenerate (from the repository root, Debian's python3-sklearn 1.2.1,
numpy 1.24):

    /usr/bin/python3 featlab/importance/testdata/golden_importance.py > featlab/importance/testdata/golden_importance.json

Data: datasets/breast_cancer.csv and datasets/diabetes.csv (the files the
Go tests read through datasets.Load), standardized column by column with
the mean and the standard deviation (divisor m), as StandardScaler.

RFE / RFECV / SelectFromModel use LogisticRegression(C=1, newton-cg, tight
tol). featlab's linear.Logistic with the l2 penalty minimises the average
log-loss + lambda ||w||^2/2, which is sklearn's objective divided by m C:
lambda = 1/(C m), m the number of rows the model is fitted on (so it
changes from fold to fold in RFECV). The folds of RFECV are
StratifiedKFold(5) without shuffling, exported here.

permutation_importance: sklearn draws one seed and reuses it for every
column, so every column is shuffled by the same n_repeats permutations;
they are exported (PERMS) and checked here against sklearn's own call. The
models are fixed by their exported coefficients, so the Go test can match
to 1e-12.

mRMR (Peng, Long and Ding 2005) has no scikit-learn implementation: the
reference below follows the paper's formulas; MI is computed with
scikit-learn's own Kraskov / Ross estimators (_compute_mi_cc, _compute_mi_cd,
k = 3) on noise-free values scaled by their standard deviation, as
featlab's MutualInfo with NoJitter.
"""
import json
from functools import reduce
from operator import add
import os
import sys

import numpy as np
import sklearn
from sklearn.feature_selection import RFE, RFECV, SelectFromModel, f_classif, f_regression
from sklearn.feature_selection._mutual_info import _compute_mi_cc, _compute_mi_cd
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.model_selection import StratifiedKFold
from sklearn.utils import check_random_state

assert sklearn.__version__ == "1.2.1", sklearn.__version__

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "datasets")


def load(name, target):
    """X and y of datasets/<name>.csv, the target being the column target."""
    a = np.genfromtxt(os.path.join(DATA, name + ".csv"), delimiter=",", names=True)
    cols = [c for c in a.dtype.names if c != target]
    return np.column_stack([a[c] for c in cols]).astype(float), a[target].astype(float)


def standardize(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def lst(a):
    return [float(v) for v in np.asarray(a, dtype=float).ravel()]


def ints(a):
    return [int(v) for v in np.asarray(a).ravel()]


def lr():
    return LogisticRegression(C=1.0, solver="newton-cg", tol=1e-9, max_iter=1000)


Xb, yb = load("breast_cancer", "target")
Xb = standardize(Xb)
Xd, yd = load("diabetes", "y")
Xd = standardize(Xd)

out = {"sklearn": sklearn.__version__, "breast_colsum": lst(Xb.sum(axis=0)), "diabetes_colsum": lst(Xd.sum(axis=0))}

# RFE
out["rfe"] = []
for n, step in [(15, 1), (5, 3), (10, 0.1), (None, 2)]:
    r = RFE(lr(), n_features_to_select=n, step=step).fit(Xb, yb)
    out["rfe"].append({"n": 0 if n is None else n, "step": step, "ranking": ints(r.ranking_), "support": ints(np.flatnonzero(r.support_))})

# RFECV
folds = list(StratifiedKFold(5).split(Xb, yb))
out["folds"] = [{"train": ints(tr), "test": ints(te)} for tr, te in folds]
out["rfecv"] = []
for step, minf in [(1, 1), (3, 2)]:
    r = RFECV(lr(), step=step, min_features_to_select=minf, cv=folds, scoring="accuracy").fit(Xb, yb)
    out["rfecv"].append({
        "step": step, "min": minf, "n_features": int(r.n_features_), "ranking": ints(r.ranking_),
        "mean": lst(r.cv_results_["mean_test_score"]), "std": lst(r.cv_results_["std_test_score"]),
    })

# SelectFromModel
m = lr().fit(Xb, yb)
out["coef"] = lst(m.coef_)
out["intercept"] = float(m.intercept_[0])
out["sfm"] = []
for thr, mf in [("mean", None), ("median", None), ("1.25*mean", None), ("0.5*median", None), (0.8, None), (None, 10), ("mean", 5), (-np.inf, 8)]:
    s = SelectFromModel(lr(), threshold=thr, max_features=mf).fit(Xb, yb)
    out["sfm"].append({"threshold": "" if thr is None else str(thr), "max": 0 if mf is None else mf,
                       "value": float(s.threshold_) if np.isfinite(s.threshold_) else None, "support": ints(np.flatnonzero(s.get_support()))})


# Permutation importance with the permutations exported.
def perms(m, repeats, random_state):
    rs = check_random_state(random_state)
    seed = rs.randint(np.iinfo(np.int32).max + 1)
    rs2 = check_random_state(seed)
    # sklearn shuffles an index array in place and applies it to the
    # already-permuted column (X_permuted[:, j] = X_permuted[idx, j]), so
    # repeat r permutes the original column by the composition
    # eff_r = eff_{r-1}[idx_r]; eff_r is what is exported.
    idx = np.arange(m)
    eff = np.arange(m)
    ps = []
    for _ in range(repeats):
        rs2.shuffle(idx)
        eff = eff[idx]
        ps.append(eff.copy())
    return ps


def perm_manual(predict, score, X, y, ps):
    base = score(y, predict(X))
    imp = np.zeros((X.shape[1], len(ps)))
    for j in range(X.shape[1]):
        for r, p in enumerate(ps):
            Xp = X.copy()
            Xp[:, j] = X[p, j]
            imp[j, r] = base - score(y, predict(Xp))
    return base, imp


out["perm"] = []
clf = lr().fit(Xb[:400], yb[:400])
Xt, yt = Xb[400:], yb[400:]
ps = perms(len(yt), 5, 0)
pi = permutation_importance(clf, Xt, yt, scoring="accuracy", n_repeats=5, random_state=0)
base, imp = perm_manual(clf.predict, lambda a, b: float(np.mean(a == b)), Xt, yt, ps)
assert np.array_equal(imp, pi.importances), "manual permutations differ from sklearn's"
out["perm"].append({"data": "breast_cancer", "rows_from": 400, "metric": "accuracy", "coef": lst(clf.coef_), "intercept": float(clf.intercept_[0]),
                    "perms": [ints(p) for p in ps], "baseline": base, "mean": lst(pi.importances_mean), "std": lst(pi.importances_std),
                    "importances": lst(pi.importances)})
reg = Ridge(alpha=1.0).fit(Xd[:300], yd[:300])
Xt, yt = Xd[300:], yd[300:]
ps = perms(len(yt), 7, 3)
pi = permutation_importance(reg, Xt, yt, scoring="neg_mean_squared_error", n_repeats=7, random_state=3)
base, imp = perm_manual(reg.predict, lambda a, b: -float(np.mean((a - b) ** 2)), Xt, yt, ps)
assert np.allclose(imp, pi.importances, rtol=1e-13, atol=1e-9), "manual permutations differ from sklearn's"
out["perm"].append({"data": "diabetes", "rows_from": 300, "metric": "neg_mse", "coef": lst(reg.coef_), "intercept": float(reg.intercept_),
                    "perms": [ints(p) for p in ps], "baseline": base, "mean": lst(pi.importances_mean), "std": lst(pi.importances_std),
                    "importances": lst(pi.importances)})


# mRMR reference (Peng, Long and Ding 2005, eqs. 6-9).
def scaled(v):
    """v / std(v), the sums taken left to right as featlab's MutualInfo
    takes them (so that tied values scale identically)."""
    v = np.asarray(v, dtype=float)
    mean = reduce(add, v.tolist(), 0.0) / len(v)
    sd = np.sqrt(reduce(add, [(x - mean) * (x - mean) for x in v.tolist()], 0.0) / len(v))
    return v / sd if sd > 0 else v.copy()


def mrmr(X, y, k, relevance, redundancy, form, discrete):
    d = X.shape[1]
    if relevance == "f":
        rel = (f_classif if discrete else f_regression)(X, y)[0]
    elif discrete:
        rel = np.array([_compute_mi_cd(scaled(X[:, j]), y, 3) for j in range(d)])
    else:
        ys = scaled(y)
        rel = np.array([_compute_mi_cc(scaled(X[:, j]), ys, 3) for j in range(d)])
    rel = np.maximum(rel, 0)
    red = np.zeros(d)
    chosen = []
    for step in range(k):
        best, bscore = -1, -np.inf
        for j in range(d):
            if j in chosen:
                continue
            if step == 0:
                sc = rel[j]
            elif form == "mid":
                sc = rel[j] - red[j] / step
            else:
                sc = rel[j] / max(red[j] / step, 1e-12)
            if sc > bscore:
                best, bscore = j, sc
        chosen.append(best)
        s = best
        for j in range(d):
            if j in chosen:
                continue
            if redundancy == "pearson":
                red[j] += abs(np.corrcoef(X[:, j], X[:, s])[0, 1])
            else:
                red[j] += max(_compute_mi_cc(scaled(X[:, j]), scaled(X[:, s]), 3), 0)
    return chosen


out["mrmr"] = []
for data, X, y, disc in [("breast_cancer", Xb, yb, True), ("diabetes", Xd, yd, False)]:
    for rel, red, form in [("f", "pearson", "mid"), ("f", "pearson", "miq"), ("mi", "mi", "mid"), ("mi", "mi", "miq")]:
        k = 10
        out["mrmr"].append({"data": data, "relevance": rel, "redundancy": red, "form": form, "k": k,
                            "order": mrmr(X, y, k, rel, red, form, disc)})

json.dump(out, sys.stdout, indent=None)
print()
