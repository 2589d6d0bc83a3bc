"""scikit-learn peers of featlab/importance (see cases_importance.go)."""
from sklearn.feature_selection import RFE
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression


def _lr():
    return LogisticRegression(C=1.0, solver="newton-cg", tol=1e-7, max_iter=1000)


def rfe(data):
    X, y = data["X"], data["y"]
    return lambda: RFE(_lr(), n_features_to_select=15, step=1).fit(X, y)


def permutation(data):
    X, y = data["X"], data["y"]
    clf = _lr().fit(X[:400], y[:400])
    Xt, yt = X[400:], y[400:]
    return lambda: permutation_importance(clf, Xt, yt, scoring="accuracy", n_repeats=10, random_state=0)
