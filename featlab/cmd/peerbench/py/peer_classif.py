"""scikit-learn / scipy peers of featlab/linear's sparse classifiers (see
cases_classif.go)."""
import warnings

import numpy as np
from scipy.optimize import linprog
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression


def logistic_path(data):
    X, y, lambdas = data["X"], data["y"], data["lambdas"]
    m = X.shape[0]

    def run():
        clf = LogisticRegression(penalty="l1", solver="saga", tol=1e-4, warm_start=True, max_iter=1000)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            for lam in lambdas:
                clf.set_params(C=1.0 / (m * lam))
                clf.fit(X, y)

    return run


def _fit(k):
    def peer(data):
        X, y, lam = data["X"], data["y"], data["lambdas"][k]
        m = X.shape[0]
        clf = LogisticRegression(penalty="l1", solver="saga", tol=1e-4, C=1.0 / (m * lam), max_iter=1000)
        return lambda: clf.fit(X, y)

    return peer


logistic_fit_30 = _fit(30)


def svm_highs(data):
    X, y = data["X"], data["y"]
    m, d = X.shape
    s = 2 * y - 1
    lam = 0.01
    c = np.concatenate([lam * np.ones(2 * d), [0.0], np.ones(m) / m])
    SX = s[:, None] * X
    A = np.hstack([-SX, SX, -s[:, None], -np.eye(m)])
    b = -np.ones(m)
    bounds = [(0, None)] * (2 * d) + [(None, None)] + [(0, None)] * m
    return lambda: linprog(c, A_ub=A, b_ub=b, bounds=bounds, method="highs")
