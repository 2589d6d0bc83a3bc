"""scikit-learn peers of the model-choice cases of issue 21 (see cases_beyond.go)."""
import warnings

import numpy as np
from sklearn.feature_selection import RFECV
from sklearn.linear_model import LassoLarsIC, LogisticRegression, OrthogonalMatchingPursuitCV, RidgeCV
from sklearn.model_selection import KFold, StratifiedKFold

warnings.simplefilter("ignore")


def lasso_lars_ic(data):
    X, y = data["X"], data["y"]
    return lambda: LassoLarsIC(criterion="bic").fit(X, y)


def ridge_cv(data):
    X, y = data["X"], data["y"]
    return lambda: RidgeCV(alphas=np.logspace(-2, 4, 20)).fit(X, y)


def omp_cv(data):
    X, y = data["X"], data["y"]
    return lambda: OrthogonalMatchingPursuitCV(cv=KFold(5)).fit(X, y)


def rfecv(data):
    X, y = data["X"], data["y"]
    lr = LogisticRegression(C=1.0, solver="newton-cg", tol=1e-7, max_iter=1000)
    return lambda: RFECV(lr, step=1, cv=StratifiedKFold(5), scoring="accuracy").fit(X, y)
