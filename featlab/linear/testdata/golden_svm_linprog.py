#!/usr/bin/python3
"""Golden values for featlab/linear SparseSVM: the l1 hinge-loss SVM solved
as a linear program by HiGHS (scipy.optimize.linprog, method="highs").

Regenerate (from the repository root, Debian python3-scipy 1.10.1; run
golden_logistic_sklearn.py first, it writes the data read here):

    /usr/bin/python3 featlab/linear/testdata/golden_svm_linprog.py

Writes featlab/linear/testdata/svm_golden.json.

Problem (Rousu, Aalto lecture, "Sparse learning problems"):

    min_{w,b} (1/m) sum_i max(0, 1 - s_i (w.x_i + b)) + lambda ||w||_1

as the LP over (w+, w-, b, xi):
    min lambda 1.(w+ + w-) + (1/m) 1.xi
    s.t. -s_i x_i.(w+ - w-) - s_i b - xi_i <= -1,  w+, w-, xi >= 0.
scikit-learn's LinearSVC(penalty="l1") minimises the squared hinge, a
different problem, hence a generic LP solver here.
"""
import json
import os

import numpy as np
from scipy.optimize import linprog

HERE = os.path.dirname(os.path.abspath(__file__))


def l1svm(X, s, lam, intercept):
    m, d = X.shape
    nv = 2 * d + 1 + m
    c = np.concatenate([lam * np.ones(2 * d), [0.0], np.ones(m) / m])
    SX = s[:, None] * X
    A = np.hstack([-SX, SX, -s[:, None], -np.eye(m)])
    b = -np.ones(m)
    bounds = [(0, None)] * (2 * d) + [(None, None) if intercept else (0, 0)] + [(0, None)] * m
    res = linprog(c, A_ub=A, b_ub=b, bounds=bounds, method="highs",
                  options={"primal_feasibility_tolerance": 1e-10,
                           "dual_feasibility_tolerance": 1e-10})
    assert res.status == 0, res.message
    z = res.x
    w = z[:d] - z[d:2 * d]
    bb = z[2 * d]
    obj = np.mean(np.maximum(0, 1 - s * (X @ w + bb))) + lam * np.abs(w).sum()
    alpha = -m * res.ineqlin.marginals  # dual variables in [0, 1]
    return w, bb, float(obj), float(res.fun), alpha


def main():
    data = np.loadtxt(os.path.join(HERE, "logistic_breast_cancer.csv"), delimiter=",", skiprows=1)
    X = data[:, :-1]
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    s = 2 * data[:, -1] - 1
    g = json.load(open(os.path.join(HERE, "logistic_golden.json")))
    Xs = np.array(g["synthetic_X"])
    ss = 2 * np.array(g["synthetic_y"]) - 1
    cases = []
    for name, XX, yy, lam, icpt in [
        ("breast_cancer_0.1", X, s, 0.1, True),
        ("breast_cancer_0.03", X, s, 0.03, True),
        ("breast_cancer_0.01", X, s, 0.01, True),
        ("breast_cancer_0.003", X, s, 0.003, True),
        ("synthetic_0.05", Xs, ss, 0.05, True),
        ("synthetic_0.01", Xs, ss, 0.01, True),
        ("synthetic_noint_0.02", Xs, ss, 0.02, False),
    ]:
        w, b, obj, fun, alpha = l1svm(XX, yy, lam, icpt)
        cases.append({"name": name, "lambda": lam, "intercept": icpt, "w": w.tolist(), "b": float(b),
                      "objective": obj, "lp_objective": fun, "alpha": alpha.tolist()})
    out = {"source": "scipy %s linprog(method='highs')" % __import__("scipy").__version__, "cases": cases}
    with open(os.path.join(HERE, "svm_golden.json"), "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
