#!/usr/bin/python3
"""Golden values for transform.Imputer from scikit-learn 1.2.1.

Regenerate (from the repository root) with:

    /usr/bin/python3 featlab/transform/testdata/golden_impute.py > featlab/transform/testdata/golden_impute.json

Uses Debian's python3-sklearn 1.2.1: SimpleImputer (mean, median,
most_frequent, constant), KNNImputer (uniform and distance weights,
nan_euclidean), MissingIndicator (features="missing-only"), on
  * "cont": 24 x 4 standard normal training rows with 25% NaN and 9 test
    rows with NaN (one test row all NaN, one sharing a single coordinate),
    continuous so that no two distances tie (argpartition's order of ties
    is unspecified);
  * "ints": 30 x 3 integers 0..4 with 20% NaN (ties for most_frequent,
    which takes the smallest);
  * "airquality": R's airquality (datasets/airquality.csv), the simple
    strategies only (integer data: KNN distances tie).
NaN is written as null.
"""
import csv
import json
import math

import numpy as np
import sklearn
from sklearn.impute import KNNImputer, MissingIndicator, SimpleImputer

assert sklearn.__version__ == "1.2.1", sklearn.__version__


def mat(a):
    return [[None if math.isnan(v) else float(v) for v in row] for row in np.asarray(a, dtype=float)]


rng = np.random.default_rng(20261128)
cont_train = rng.standard_normal((24, 4))
cont_train[rng.random((24, 4)) < 0.25] = np.nan
cont_train[0, :] = [0.5, np.nan, np.nan, np.nan]  # a training row with one value
cont_test = rng.standard_normal((9, 4))
cont_test[rng.random((9, 4)) < 0.3] = np.nan
cont_test[0, :] = np.nan
cont_test[1, :] = [np.nan, np.nan, 0.3, np.nan]
cont_test[2, :] = [0.1, -0.2, np.nan, 0.7]

ints_train = rng.integers(0, 5, (30, 3)).astype(float)
ints_train[rng.random((30, 3)) < 0.2] = np.nan
ints_test = rng.integers(0, 5, (6, 3)).astype(float)
ints_test[rng.random((6, 3)) < 0.4] = np.nan

with open("datasets/airquality.csv") as f:
    rows = list(csv.reader(f))
air = np.array([[np.nan if v == "NA" else float(v) for v in r] for r in rows[1:]])

out = {"sklearn": sklearn.__version__, "data": {
    "cont": {"train": mat(cont_train), "test": mat(cont_test)},
    "ints": {"train": mat(ints_train), "test": mat(ints_test)},
    "airquality": {"train": mat(air), "test": mat(air[:10])},
}, "cases": []}


def case(name, data, est, params):
    d = out["data"][data]
    tr = np.array([[np.nan if v is None else v for v in r] for r in d["train"]])
    te = np.array([[np.nan if v is None else v for v in r] for r in d["test"]])
    est.fit(tr)
    c = {"name": name, "data": data, "params": params, "test_out": mat(est.transform(te))}
    if data != "airquality":  # keeps the file small
        c["train_out"] = mat(est.transform(tr))
    if hasattr(est, "statistics_"):
        c["statistics"] = [float(v) for v in est.statistics_]
    if isinstance(est, MissingIndicator):
        c["features"] = [int(v) for v in est.features_]
    out["cases"].append(c)


for data in ("cont", "ints", "airquality"):
    for strategy in ("mean", "median", "most_frequent"):
        for ind in (False, True):
            case(f"{data} {strategy} indicator={ind}", data,
                 SimpleImputer(strategy=strategy, add_indicator=ind),
                 {"strategy": strategy, "indicator": ind})
    case(f"{data} constant 7.5", data, SimpleImputer(strategy="constant", fill_value=7.5, add_indicator=True),
         {"strategy": "constant", "fill": 7.5, "indicator": True})
    case(f"{data} missing indicator", data, MissingIndicator(features="missing-only"), {"strategy": "indicator"})

for k in (1, 3, 5, 30):
    for w in ("uniform", "distance"):
        case(f"cont knn k={k} {w}", "cont", KNNImputer(n_neighbors=k, weights=w, add_indicator=(k == 3)),
             {"strategy": "knn", "k": k, "weights": w, "indicator": k == 3})

print(json.dumps(out, separators=(",", ":")))
