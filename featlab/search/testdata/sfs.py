"""Golden values for featlab/search from scikit-learn's SequentialFeatureSelector.

Regenerate from the repository root with (Debian's python3-sklearn):
    /usr/bin/python3 featlab/search/testdata/sfs.py
Writes featlab/search/testdata/sfs.json: for each case the feature chosen
at each step (sklearn's SFS run with n_features_to_select = k for every k,
the supports being nested) and the CV score of the subset after the step,
cross_val_score(estimator, X[:, support], y, cv=KFold(5), scoring).mean(),
which is the score SFS itself compares.

Quirks of scikit-learn 1.2.1's SequentialFeatureSelector, all handled here:
- n_features_to_select defaults to "warn" (half the features, with a
  FutureWarning); we always pass an integer k, which must be < d.
- With n_features_to_select="auto" and tol, it continues while the gain is
  >= tol (ties continue); featlab's StopRule stops unless the gain is > 
  MinImprove. The golden cases use an integer k (featlab's Rule ExactK).
- cv=5 means StratifiedKFold for a classifier; we pass KFold(5) explicitly
  for both learners.
- A candidate's columns are X[:, mask], in index order; featlab passes the
  subset in order of entry. Scores agree to rounding (checked to 1e-10).
- The best candidate is max() over the remaining features in index order:
  ties go to the lowest index, as in featlab.
- Only the support is exposed, not the order or the scores; we recover them
  by refitting with every k and cross-validating each support.

Cases: diabetes (datasets/diabetes.csv, raw units) with LinearRegression and
scoring neg_mean_squared_error; breast cancer (datasets/breast_cancer.csv,
every column standardised on all rows with the population standard
deviation) with LogisticRegression(C=1, tol=1e-10, max_iter=10000) and
accuracy. Folds: KFold(5) without shuffling.
"""
import json
import warnings

import numpy as np
import sklearn
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.model_selection import KFold, cross_val_score

warnings.filterwarnings("ignore")
out = "featlab/search/testdata/sfs.json"


def load(path):
    a = np.genfromtxt(path, delimiter=",", skip_header=1)
    return a[:, :-1], a[:, -1]


def steps(est, X, y, direction, ks, scoring):
    cv = KFold(5)
    d = X.shape[1]
    prev = np.ones(d, bool) if direction == "backward" else np.zeros(d, bool)
    res = []
    for k in ks:
        sfs = SequentialFeatureSelector(est, n_features_to_select=k, direction=direction, cv=cv, scoring=scoring)
        sfs.fit(X, y)
        sup = sfs.get_support()
        diff = np.flatnonzero(sup != prev)
        assert len(diff) == 1, (k, diff)
        score = cross_val_score(est, X[:, sup], y, cv=cv, scoring=scoring).mean()
        res.append({"size": int(k), "feature": int(diff[0]), "support": [int(j) for j in np.flatnonzero(sup)], "score": float(score)})
        prev = sup
    return res


cases = []
X, y = load("datasets/diabetes.csv")
d = X.shape[1]
for direction, ks in [("forward", range(1, d)), ("backward", range(d - 1, 0, -1))]:
    cases.append({"data": "diabetes", "learner": "LinearRegression", "scoring": "neg_mean_squared_error",
                  "direction": direction, "steps": steps(LinearRegression(), X, y, direction, ks, "neg_mean_squared_error")})
X, y = load("datasets/breast_cancer.csv")
X = (X - X.mean(axis=0)) / X.std(axis=0)
d = X.shape[1]
lr = LogisticRegression(C=1.0, tol=1e-10, max_iter=10000)
for direction, ks in [("forward", range(1, 7)), ("backward", range(d - 1, d - 5, -1))]:
    cases.append({"data": "breast_cancer", "learner": "LogisticRegression(C=1)", "scoring": "accuracy",
                  "direction": direction, "steps": steps(lr, X, y, direction, ks, "accuracy")})
with open(out, "w") as f:
    json.dump({"sklearn": sklearn.__version__, "cases": cases}, f, indent=1)
