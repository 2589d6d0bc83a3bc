#!/usr/bin/python3
"""Golden values for greedy.OMPCV from scikit-learn 1.2.1
OrthogonalMatchingPursuitCV.

Regenerate:
    cd featlab/greedy/testdata && /usr/bin/python3 golden_ompcv.py

On datasets/diabetes.csv (raw units), cv=KFold(5) unshuffled,
fit_intercept=True, normalize=False, for max_iter None (5) and 10:
n_nonzero_coefs_, coef_, intercept_ and the fold MSE path (recomputed
with sklearn's own _omp_path_residues, as fit does). Writes golden_ompcv.json.
"""
import json
import warnings

import numpy as np
from sklearn.linear_model import OrthogonalMatchingPursuitCV
from sklearn.linear_model._omp import _omp_path_residues
from sklearn.model_selection import KFold

warnings.simplefilter("ignore")
a = np.loadtxt("../../../datasets/diabetes.csv", delimiter=",", skiprows=1)
X, y = a[:, :-1], a[:, -1]
out = {}
for mi in (None, 10):
    est = OrthogonalMatchingPursuitCV(cv=KFold(5), max_iter=mi, normalize=False).fit(X, y)
    T = mi or 5
    paths = [(_omp_path_residues(X[tr], y[tr], X[te], y[te], True, True, False, T) ** 2).mean(axis=1).tolist()
             for tr, te in KFold(5).split(X)]
    out[str(T)] = {"n_nonzero_coefs": int(est.n_nonzero_coefs_), "coef": est.coef_.tolist(),
                   "intercept": float(est.intercept_), "fold_mse": paths}
with open("golden_ompcv.json", "w") as f:
    json.dump(out, f, indent=1)
