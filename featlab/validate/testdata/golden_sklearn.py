#!/usr/bin/python3
"""Golden values for featlab/validate, from scikit-learn.

Regenerate (from the repository root) with:

    /usr/bin/python3 featlab/validate/testdata/golden_sklearn.py > featlab/validate/testdata/golden.json

Debian python3-sklearn 1.2.1, numpy 1.24. Inputs are drawn here with fixed
numpy seeds and written into the JSON next to the outputs, so the Go tests
need only the JSON.
"""
import json
from math import ceil

import numpy as np
from sklearn.metrics import (accuracy_score, log_loss, mean_squared_error,
                             roc_auc_score, zero_one_loss)
from sklearn.model_selection import KFold, StratifiedKFold, train_test_split

rng = np.random.RandomState(20240601)
out = {"sklearn": __import__("sklearn").__version__}

# ROC AUC, with ties.
auc = []
def add_auc(name, y, s):
    y = [float(v) for v in y]
    s = [float(v) for v in s]
    auc.append({"name": name, "y": y, "score": s, "auc": float(roc_auc_score(y, s))})

y = rng.randint(0, 2, 20); add_auc("20, scores to 1 decimal", y, np.round(rng.rand(20), 1))
y = rng.randint(0, 2, 200); add_auc("200, 6 distinct scores", y, rng.randint(0, 6, 200))
y = rng.randint(0, 2, 500); add_auc("500, continuous", y, rng.randn(500) + y)
y = rng.randint(0, 2, 31) * 2 - 1; add_auc("31, labels -1/1, ties", y, np.round(rng.randn(31), 0))
add_auc("all tied", [0, 1, 0, 1, 1], [3, 3, 3, 3, 3])
add_auc("perfect", [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
add_auc("reversed", [1, 1, 0, 0], [0.1, 0.2, 0.3, 0.4])
add_auc("imbalanced", [0] * 9 + [1], [0.5] * 5 + [0.9] * 4 + [0.5])
out["roc_auc"] = auc

# Log-loss, with probabilities at and beyond the clipping bound eps.
ll = []
def add_ll(name, y, p):
    y = [float(v) for v in y]
    p = [float(v) for v in p]
    ll.append({"name": name, "y": y, "p": p, "log_loss": float(log_loss(y, p))})

y = rng.randint(0, 2, 50); add_ll("50 random", y, rng.rand(50))
add_ll("extremes", [1, 0, 1, 0, 1, 0], [0.0, 1.0, 1.0, 0.0, 1e-300, 1 - 1e-17])
add_ll("near eps", [1, 0, 1, 0], [2.220446049250313e-16, 0.9999999999999998, 3e-16, 0.5])
add_ll("labels -1/1", [-1, 1, 1, -1, 1], [0.2, 0.7, 0.51, 0.49, 0.999])
out["log_loss"] = ll

# MSE, accuracy, 0-1 loss.
y = rng.randn(30); yh = y + rng.randn(30) * 0.3
out["mse"] = {"y": list(y), "yhat": list(yh), "mse": float(mean_squared_error(y, yh))}
y = rng.randint(0, 3, 37).astype(float); yh = y.copy(); yh[rng.rand(37) < 0.3] = 2.0
out["accuracy"] = {"y": list(y), "yhat": list(yh), "accuracy": float(accuracy_score(y, yh)),
                   "zero_one_loss": float(zero_one_loss(y, yh))}

# Split sizes.
out["train_test_split"] = []
for m, frac in [(10, 0.3), (17, 0.25), (100, 0.2), (7, 0.5), (3, 0.1), (1000, 0.333)]:
    tr, te = train_test_split(np.arange(m), test_size=frac, random_state=0)
    assert len(te) == ceil(frac * m)
    out["train_test_split"].append({"m": m, "test_frac": frac, "n_train": len(tr), "n_test": len(te)})

out["kfold"] = []
for m, k in [(10, 3), (17, 5), (100, 10), (5, 5)]:
    sizes = [len(te) for _, te in KFold(n_splits=k, shuffle=True, random_state=0).split(np.zeros(m))]
    out["kfold"].append({"m": m, "k": k, "test_sizes": sizes})

# StratifiedKFold: per-fold class counts of the test folds. They depend only
# on y and k (not on the shuffling), fold by fold.
out["stratified_kfold"] = []
ys = [
    ("3 classes, unsorted first appearance", [2] * 7 + [0] * 13 + [1] * 5),
    ("imbalanced binary", [0] * 40 + [1] * 9),
    ("class smaller than k", [5] * 12 + [7] * 2 + [6] * 9),
]
for name, y in ys:
    y = np.array(y, dtype=float)
    rng.shuffle(y)
    for k in (3, 4, 5):
        skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=0)
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            folds = list(skf.split(np.zeros(len(y)), y))
        labels = sorted(set(y))
        counts = [[int(np.sum(y[te] == l)) for l in labels] for _, te in folds]
        out["stratified_kfold"].append({"name": name, "y": list(y), "k": k, "labels": labels,
                                        "test_counts": counts})

print(json.dumps(out, indent=1))
