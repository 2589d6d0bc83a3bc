#!/usr/bin/python3
"""More RFE goldens from scikit-learn: LinearSVC on breast cancer, the
multinomial logistic regression on digits.

Regenerate (from the repository root, Debian's python3-sklearn 1.2.1,
numpy 1.24):

    /usr/bin/python3 featlab/importance/testdata/golden_rfe_more.py > featlab/importance/testdata/golden_rfe_more.json

Data: datasets/breast_cancer.csv and datasets/digits.csv, standardized
column by column with the mean and the standard deviation (divisor m), as
StandardScaler; digits' constant columns (pixels that are 0 in every image)
are dropped first and the kept column indices exported ("digits_cols").

LinearSVC(loss="squared_hinge", penalty="l2", C, dual=False: liblinear's primal trust-region Newton solver, which converges to a tight tol where the dual one does not) minimises
(1/2)(||w||^2 + b^2) + C sum_i max(0, 1 - t_i (w.x_i + b))^2, t_i = +-1:
liblinear appends a column of ones (intercept_scaling = 1) whose weight,
the intercept, is penalised like the others. The objective is strongly
convex, so with a tight tol the solution is unique to many digits and the
Go test can use its own primal Newton solver.

LogisticRegression(multi_class="multinomial", C, newton-cg) minimises
(1/2)||B||_F^2 + C sum_i -log p_{y_i}(x_i), intercepts not penalised: this
is C m times linear.Multinomial's objective with Ridge, NoStandardize and
lambda = 1/(C m). RFE's importance of a feature is then sum_k B_kj^2
(sklearn's _get_feature_importances with transform_func="square").
"""
import json
import os
import sys

import numpy as np
import sklearn
from sklearn.feature_selection import RFE, RFECV
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.svm import LinearSVC

assert sklearn.__version__ == "1.2.1", sklearn.__version__

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "datasets")


def load(name, target):
    a = np.genfromtxt(os.path.join(DATA, name + ".csv"), delimiter=",", names=True)
    cols = [c for c in a.dtype.names if c != target]
    return np.column_stack([a[c] for c in cols]).astype(float), a[target].astype(float)


def standardize(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def ints(a):
    return [int(v) for v in np.asarray(a).ravel()]


def lst(a):
    return [float(v) for v in np.asarray(a, dtype=float).ravel()]


def svc(C):
    return LinearSVC(C=C, loss="squared_hinge", penalty="l2", dual=False, tol=1e-12, max_iter=100000)


Xb, yb = load("breast_cancer", "target")
Xb = standardize(Xb)
Xg, yg = load("digits", "label")
cols = np.flatnonzero(Xg.std(axis=0) > 0)
Xg = standardize(Xg[:, cols])

out = {"sklearn": sklearn.__version__, "breast_colsum": lst(Xb.sum(axis=0)), "digits_cols": ints(cols)}

out["svc_coef"] = []
for C in [1.0, 0.05]:
    m = svc(C).fit(Xb, yb)
    out["svc_coef"].append({"C": C, "coef": lst(m.coef_), "intercept": float(m.intercept_[0])})

out["svc_rfe"] = []
for C, n, step in [(1.0, 10, 1), (0.05, 5, 3), (1.0, 1, 0.1)]:
    r = RFE(svc(C), n_features_to_select=n, step=step).fit(Xb, yb)
    out["svc_rfe"].append({"C": C, "n": n, "step": step, "ranking": ints(r.ranking_)})

folds = list(StratifiedKFold(5).split(Xb, yb))
out["folds"] = [{"train": ints(tr), "test": ints(te)} for tr, te in folds]
r = RFECV(svc(0.05), step=2, min_features_to_select=1, cv=folds, scoring="accuracy").fit(Xb, yb)
out["svc_rfecv"] = {"C": 0.05, "step": 2, "min": 1, "n_features": int(r.n_features_), "ranking": ints(r.ranking_),
                    "mean": lst(r.cv_results_["mean_test_score"])}


def mlr(C):
    return LogisticRegression(multi_class="multinomial", C=C, solver="newton-cg", tol=1e-10, max_iter=10000)


m = mlr(0.1).fit(Xg, yg)
out["digits_coef"] = {"C": 0.1, "coef": lst(m.coef_), "intercept": lst(m.intercept_)}
out["digits_rfe"] = []
for C, n, step in [(0.1, 10, 5), (0.1, 20, 0.1)]:
    r = RFE(mlr(C), n_features_to_select=n, step=step).fit(Xg, yg)
    out["digits_rfe"].append({"C": C, "n": n, "step": step, "ranking": ints(r.ranking_)})

json.dump(out, sys.stdout, indent=None)
print()
