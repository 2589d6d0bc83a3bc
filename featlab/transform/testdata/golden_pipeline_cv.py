#!/usr/bin/python3
"""Golden fold scores of a scikit-learn Pipeline cross-validated with
unshuffled KFold, for transform.Model + validate.KFoldUnshuffled.

Regenerate (from the repository root) with:

    /usr/bin/python3 featlab/transform/testdata/golden_pipeline_cv.py > featlab/transform/testdata/golden_pipeline_cv.json

Debian python3-sklearn 1.2.1: StandardScaler, SelectKBest(f_regression, k=5),
Lasso(alpha=1) on datasets/diabetes.csv, cross_val_score with KFold(5) and
mean squared error per fold.
"""
import json

import numpy as np
from sklearn.feature_selection import SelectKBest, f_regression
from sklearn.linear_model import Lasso
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

d = np.loadtxt("datasets/diabetes.csv", delimiter=",", skiprows=1)
X, y = d[:, :10], d[:, 10]
p = make_pipeline(StandardScaler(), SelectKBest(f_regression, k=5),
                  Lasso(alpha=1, tol=1e-12, max_iter=1000000))
s = -cross_val_score(p, X, y, cv=KFold(5), scoring="neg_mean_squared_error")
print(json.dumps({"k": 5, "alpha": 1, "folds": 5, "mse": s.tolist()}))
