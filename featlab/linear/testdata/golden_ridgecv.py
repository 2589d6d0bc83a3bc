#!/usr/bin/env python3
"""Golden values for linear.RidgeCV from scikit-learn 1.2.1 RidgeCV.

Regenerate, from the repository root:

    /usr/bin/python3 featlab/linear/testdata/golden_ridgecv.py

Reads diabetes.csv (written by golden_sklearn.py) and writes
golden_ridgecv.json: leave-one-out (RidgeCV(alphas, store_cv_values=True),
fit_intercept True and False): alpha_, cv_values_ (squared LOO errors,
m x len(alphas), row-major), coef_, intercept_; and 5-fold unshuffled
(cv=KFold(5), scoring="neg_mean_squared_error"): alpha_, best_score_ (minus the mean fold MSE), coef_.
"""
import json
import os

import numpy as np
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import KFold

HERE = os.path.dirname(os.path.abspath(__file__))
a = np.loadtxt(os.path.join(HERE, "diabetes.csv"), delimiter=",", skiprows=1)
X, y = np.ascontiguousarray(a[:, :-1]), a[:, -1].copy()
alphas = [1e-3, 1e-2, 0.03, 0.1, 0.3, 1.0, 10.0]
out = {"alphas": alphas}
for icpt in (True, False):
    est = RidgeCV(alphas=alphas, fit_intercept=icpt, store_cv_values=True).fit(X, y)
    out["loo_" + ("icpt" if icpt else "noicpt")] = {
        "alpha": float(est.alpha_),
        "cv_values": est.cv_values_.ravel().tolist(),
        "coef": est.coef_.tolist(),
        "intercept": float(est.intercept_),
    }
est = RidgeCV(alphas=alphas, cv=KFold(5), scoring="neg_mean_squared_error").fit(X, y)
out["kfold"] = {"alpha": float(est.alpha_), "best_score": float(est.best_score_),
                "coef": est.coef_.tolist(), "intercept": float(est.intercept_)}
with open(os.path.join(HERE, "golden_ridgecv.json"), "w") as f:
    json.dump(out, f)
