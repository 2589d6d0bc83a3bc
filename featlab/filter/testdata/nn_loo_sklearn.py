#!/usr/bin/python3
"""Golden values for filter.NearestNeighborAccuracy from scikit-learn.

Regenerate (from the repository root, Debian's python3-sklearn 1.2.1):

    /usr/bin/python3 featlab/filter/testdata/nn_loo_sklearn.py > featlab/filter/testdata/nn_loo_sklearn.json

Leave-one-out accuracy of the 1-nearest-neighbour classifier under the
diagonal metric sum_j w_j ((a_j - b_j) / range_j)^2: each column is scaled by
its range (MinMaxScaler) and then by sqrt(w_j), and scikit-learn's
KNeighborsClassifier(n_neighbors=1) is scored by LeaveOneOut with
cross_val_score. Real data only (wine, breast cancer), which have no exact
distance ties at the nearest neighbour, so the tie rule plays no part.
"""
import json

import numpy as np
from sklearn.model_selection import LeaveOneOut, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import MinMaxScaler


def loo(X, y, w):
    Z = MinMaxScaler().fit_transform(X) * np.sqrt(np.asarray(w, dtype=float))
    clf = KNeighborsClassifier(n_neighbors=1, algorithm="brute")
    return float(cross_val_score(clf, Z, y, cv=LeaveOneOut()).mean())


out = {}
for name, target in [("wine", "target"), ("breast_cancer", "target")]:
    data = np.genfromtxt("datasets/%s.csv" % name, delimiter=",", names=True)
    cols = [c for c in data.dtype.names if c != target]
    X = np.column_stack([data[c] for c in cols])
    y = data[target]
    d = X.shape[1]
    ramp = [float(j + 1) for j in range(d)]  # w_j = j + 1
    half = [1.0 if j % 2 == 0 else 0.0 for j in range(d)]  # even columns only
    out[name] = {"plain": loo(X, y, [1.0] * d), "ramp": loo(X, y, ramp), "even": loo(X, y, half),
                 "ramp_weights": ramp, "even_weights": half}
print(json.dumps(out, indent=1, sort_keys=True))
