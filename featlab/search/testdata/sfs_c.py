"""Golden values: SequentialFeatureSelector(LogisticRegression(C=1), cv=5).

Regenerate from the repository root with (Debian's python3-sklearn 1.2.1):
    /usr/bin/python3 featlab/search/testdata/sfs_c.py
Writes featlab/search/testdata/sfs_c.json.

Unlike sfs.py, the folds are scikit-learn's default for a classifier:
cv=5 is StratifiedKFold(5) without shuffling, and the estimator is given
by C (a weight on the sum of the losses), so that featlab's test uses
linear.LogisticConfig{C: 1} and validate.StratifiedKFoldUnshuffled with no
hand-written learner. Breast cancer (datasets/breast_cancer.csv), every
column standardised on all rows with the population standard deviation;
scoring accuracy. For each k, the feature added (forward) or removed
(backward) and cross_val_score of the support after the step. "folds" is
the test fold of every row under StratifiedKFold(5).
"""
import json
import warnings

import numpy as np
import sklearn
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score

warnings.filterwarnings("ignore")
out = "featlab/search/testdata/sfs_c.json"

a = np.genfromtxt("datasets/breast_cancer.csv", delimiter=",", skip_header=1)
X, y = a[:, :-1], a[:, -1]
X = (X - X.mean(axis=0)) / X.std(axis=0)
d = X.shape[1]
lr = LogisticRegression(C=1.0, tol=1e-10, max_iter=10000)

folds = np.empty(len(y), int)
for f, (_, test) in enumerate(StratifiedKFold(5).split(X, y)):
    folds[test] = f


def steps(direction, ks):
    prev = np.ones(d, bool) if direction == "backward" else np.zeros(d, bool)
    res = []
    for k in ks:
        sfs = SequentialFeatureSelector(lr, n_features_to_select=k, direction=direction, cv=5, scoring="accuracy")
        sfs.fit(X, y)
        sup = sfs.get_support()
        diff = np.flatnonzero(sup != prev)
        assert len(diff) == 1, (k, diff)
        score = cross_val_score(lr, X[:, sup], y, cv=5, scoring="accuracy").mean()
        res.append({"size": int(k), "feature": int(diff[0]), "support": [int(j) for j in np.flatnonzero(sup)], "score": float(score)})
        prev = sup
    return res


cases = [{"direction": "forward", "steps": steps("forward", range(1, 6))},
         {"direction": "backward", "steps": steps("backward", range(d - 1, d - 5, -1))}]
with open(out, "w") as f:
    json.dump({"sklearn": sklearn.__version__, "C": 1.0, "folds": [int(v) for v in folds], "cases": cases}, f)
