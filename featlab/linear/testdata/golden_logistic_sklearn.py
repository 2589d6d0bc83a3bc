#!/usr/bin/python3
"""Golden values for featlab/linear logistic regression, from scikit-learn.

Regenerate (from the repository root, Debian python3-sklearn 1.2.1):

    /usr/bin/python3 featlab/linear/testdata/golden_logistic_sklearn.py

Writes featlab/linear/testdata/logistic_breast_cancer.csv (the raw Wisconsin
breast cancer data of sklearn.datasets.load_breast_cancer, 569 x 30, target
last, 1 = benign) and featlab/linear/testdata/logistic_golden.json.

featlab's objective is

    (1/m) sum_i log(1 + exp(-s_i (w.x_i + b))) + lambda R(w),
    R = ||w||_1 (l1) or ||w||^2 / 2 (l2),

and sklearn's LogisticRegression minimises R(w) + C sum_i log-loss, so
C = 1/(m lambda). The intercept is unpenalised in both (solvers saga, lbfgs
and newton-cg; liblinear would penalise it). X is standardised with the
population standard deviation (ddof = 0, as StandardScaler).
"""
import json
import os

import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression

HERE = os.path.dirname(os.path.abspath(__file__))


def objective(X, y01, w, b, lam, pen):
    s = 2 * y01 - 1
    z = X @ w + b
    loss = np.mean(np.logaddexp(0, -s * z))
    r = np.abs(w).sum() if pen == "l1" else 0.5 * (w @ w)
    return float(loss + lam * r)


def lambda_max(X, y01, intercept):
    p0 = y01.mean() if intercept else 0.5
    return float(np.max(np.abs(X.T @ (y01 - p0))) / X.shape[0])


def fit(X, y01, lam, pen, intercept):
    m = X.shape[0]
    C = 1.0 / (m * lam)
    if pen == "l1":
        clf = LogisticRegression(penalty="l1", C=C, solver="saga", tol=1e-12,
                                 max_iter=2000000, fit_intercept=intercept)
    else:
        # newton-cg stops when the sup norm of the gradient of the C-scaled
        # objective is <= tol; that objective is 1-strongly convex, so the
        # coefficients are within 1e-8 of the minimiser. (Tighter tol makes
        # newton-cg stall on rounding; lbfgs stops far earlier.)
        clf = LogisticRegression(penalty="l2", C=C, solver="newton-cg", tol=1e-8,
                                 max_iter=1000, fit_intercept=intercept)
    clf.fit(X, y01)
    w = clf.coef_.ravel()
    b = float(clf.intercept_[0]) if intercept else 0.0
    return w, b, clf


def standardise(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


def case(name, X, y01, lam, pen, intercept, Xtest=None):
    w, b, clf = fit(X, y01, lam, pen, intercept)
    out = {
        "name": name, "lambda": lam, "penalty": pen, "intercept": intercept,
        "w": [float(v) for v in w], "b": b,
        "objective": objective(X, y01, w, b, lam, pen),
        "n_iter": int(clf.n_iter_[0]),
    }
    if Xtest is not None:
        out["proba"] = [float(v) for v in clf.predict_proba(Xtest)[:, 1]]
        out["predict"] = [float(v) for v in clf.predict(Xtest)]
    return out


def main():
    bc = load_breast_cancer()
    raw = bc.data
    y = bc.target.astype(float)
    np.savetxt(os.path.join(HERE, "logistic_breast_cancer.csv"),
               np.column_stack([raw, y]), delimiter=",", fmt="%.10g",
               header=",".join([n.replace(" ", "_") for n in bc.feature_names] + ["benign"]),
               comments="")
    # read back what the Go test reads, so both standardise the same numbers
    data = np.loadtxt(os.path.join(HERE, "logistic_breast_cancer.csv"), delimiter=",", skiprows=1)
    X = standardise(data[:, :-1])
    y01 = data[:, -1]

    # synthetic: 200 x 20, 4 informative features, labels from a logistic model
    rng = np.random.default_rng(20240601)
    Xs = rng.standard_normal((200, 20))
    wtrue = np.zeros(20)
    wtrue[[0, 3, 7, 12]] = [2.0, -1.5, 1.0, -2.5]
    ps = 1 / (1 + np.exp(-(Xs @ wtrue + 0.3)))
    ys = (rng.uniform(size=200) < ps).astype(float)

    lmax_bc = lambda_max(X, y01, True)
    lmax_s = lambda_max(Xs, ys, True)
    lmax_s0 = lambda_max(Xs, ys, False)
    cases = []
    for f in [0.5, 0.1, 0.03, 0.01]:
        cases.append(case("breast_cancer_l1_%g" % f, X, y01, f * lmax_bc, "l1", True, Xtest=X[:10]))
    for lam in [0.1, 0.01, 0.001]:
        cases.append(case("breast_cancer_l2_%g" % lam, X, y01, lam, "l2", True, Xtest=X[:10]))
    for f in [0.3, 0.05]:
        cases.append(case("synthetic_l1_%g" % f, Xs, ys, f * lmax_s, "l1", True))
        cases.append(case("synthetic_l1_noint_%g" % f, Xs, ys, f * lmax_s0, "l1", False))
    cases.append(case("synthetic_l2_0.05", Xs, ys, 0.05, "l2", True))
    out = {
        "source": "scikit-learn %s LogisticRegression (saga tol 1e-12 for l1, newton-cg tol 1e-8 for l2)"
                  % __import__("sklearn").__version__,
        "lambda_max_breast_cancer": lmax_bc,
        "lambda_max_synthetic": lmax_s,
        "lambda_max_synthetic_noint": lmax_s0,
        "synthetic_X": Xs.tolist(),
        "synthetic_y": ys.tolist(),
        "cases": cases,
    }
    with open(os.path.join(HERE, "logistic_golden.json"), "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
