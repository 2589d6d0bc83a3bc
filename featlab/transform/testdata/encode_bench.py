"""scikit-learn's time on the data of BenchmarkDummiesFitTransform and
BenchmarkOrdinalFitTransform (encode_bench_test.go): 100,000 rows, code
columns of 3, 5, 10 and 50 levels; dense output, as featlab's.

Run from the repository root, in the same session as the Go benchmarks:
    /usr/bin/python3 featlab/transform/testdata/encode_bench.py
    go test -run XXX -bench 'Dummies|Ordinal' -benchtime 20x ./featlab/transform/
"""
import time

import numpy as np
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder

rng = np.random.default_rng(1)
m = 100000
X = np.column_stack([rng.integers(0, 3, m), rng.integers(0, 5, m), rng.standard_normal(m),
                     rng.integers(0, 10, m), rng.integers(0, 50, m)]).astype(float)
codes = X[:, [0, 1, 3, 4]]


def best(f, n=20):
    t = []
    for _ in range(n):
        s = time.perf_counter()
        f()
        t.append(time.perf_counter() - s)
    return min(t) * 1e3, np.median(t) * 1e3


ct = ColumnTransformer([("oh", OneHotEncoder(sparse_output=False), [0, 1, 3, 4])], remainder="passthrough")
print("OneHotEncoder (ColumnTransformer, dense) fit_transform: min %.1f ms, median %.1f ms" % best(lambda: ct.fit_transform(X)))
print("OrdinalEncoder fit_transform: min %.1f ms, median %.1f ms" % best(lambda: OrdinalEncoder().fit_transform(codes)))
