#!/usr/bin/python3
"""Golden values for featlab/transform from scikit-learn.

Regenerate (from the repository root) with:

    /usr/bin/python3 featlab/transform/testdata/golden_sklearn.py > featlab/transform/testdata/golden_sklearn.json

Made with Debian's python3-sklearn (scikit-learn 1.2.1, numpy 1.24.2).
The inputs are stored in the JSON too, so the Go tests need only Go.
"""
import json
import sys

import numpy as np
import sklearn
from sklearn.preprocessing import (FunctionTransformer, MaxAbsScaler,
                                   MinMaxScaler, Normalizer, OneHotEncoder,
                                   PolynomialFeatures, StandardScaler)

rng = np.random.default_rng(20251122)

# Training matrix: 20 x 5 with a constant column (3), a column with a large
# offset (4, tests the two-pass variance) and mixed signs.
X = rng.normal(size=(20, 5)) * [1.0, 10.0, 0.01, 0.0, 1e-3]
X[:, 0] -= 2.0
X[:, 3] = 7.25
X[:, 4] += 1e6
# Test matrix: 6 x 5, partly outside the training range.
T = rng.normal(size=(6, 5)) * [3.0, 20.0, 0.05, 1.0, 1e-2]
T[:, 4] += 1e6
T[0, 3] = 7.25


def L(a):
    return np.asarray(a, dtype=float).tolist()


out = {"sklearn": sklearn.__version__, "numpy": np.__version__, "X": L(X), "T": L(T)}

s = StandardScaler().fit(X)
out["standard"] = {"mean": L(s.mean_), "var": L(s.var_), "scale": L(s.scale_),
                   "X": L(s.transform(X)), "T": L(s.transform(T)),
                   "inverse_T": L(s.inverse_transform(T))}
c = StandardScaler(with_std=False).fit(X)
out["center"] = {"mean": L(c.mean_), "T": L(c.transform(T)), "inverse_T": L(c.inverse_transform(T))}

out["minmax"] = []
for lo, hi in [(0, 1), (-1, 1), (0, 3), (-2.5, 2.5)]:
    mm = MinMaxScaler(feature_range=(lo, hi)).fit(X)
    out["minmax"].append({"min": lo, "max": hi, "data_min": L(mm.data_min_), "data_max": L(mm.data_max_),
                          "X": L(mm.transform(X)), "T": L(mm.transform(T)),
                          "inverse_T": L(mm.inverse_transform(T))})

ma = MaxAbsScaler().fit(X)
out["maxabs"] = {"scale": L(ma.scale_), "T": L(ma.transform(T)), "inverse_T": L(ma.inverse_transform(T))}

# Row normalization; R has a zero row.
R = np.vstack([T[:, :4], np.zeros((1, 4)), [[-3.0, 4.0, 0.0, 0.0]]])
out["R"] = L(R)
out["normalizer"] = {n: L(Normalizer(norm=n).fit(R).transform(R)) for n in ["l1", "l2", "max"]}

# Element-wise functions through FunctionTransformer.
out["function"] = {
    "log_b1": L(FunctionTransformer(np.log1p).fit_transform(np.abs(T))),
    "log_b2.5": L(FunctionTransformer(lambda A: np.log(2.5 + A)).fit_transform(np.abs(T))),
    "sigmoid_b0.7": L(FunctionTransformer(lambda A: 1 / (1 + np.exp(-0.7 * A))).fit_transform(T[:, :4])),
    "sigmoid_book_b0.7": L(FunctionTransformer(lambda A: 1 / (1 + np.exp(0.7 * A))).fit_transform(T[:, :4])),
    "clip_b1.5": L(FunctionTransformer(lambda A: np.sign(A) * np.minimum(1.5, np.abs(A))).fit_transform(T[:, :4])),
    "clipsmall_b1.5": L(FunctionTransformer(lambda A: np.sign(A) * np.maximum(1.5, np.abs(A))).fit_transform(T[:, :4])),
    "clipbelow_-0.5": L(FunctionTransformer(lambda A: np.clip(A, -0.5, None)).fit_transform(T[:, :4])),
    "clipabove_0.25": L(FunctionTransformer(lambda A: np.clip(A, None, 0.25)).fit_transform(T[:, :4])),
}
out["absT"] = L(np.abs(T))

# One-hot: text columns, and a numeric column.
C = np.array([["red", "S", "yes"], ["green", "M", "no"], ["blue", "L", "yes"],
              ["green", "S", "yes"], ["red", "XL", "no"], ["green", "M", "yes"]], dtype=object)
Ct = np.array([["blue", "M", "no"], ["purple", "S", "yes"], ["red", "XXL", "maybe"]], dtype=object)
oh = OneHotEncoder(handle_unknown="ignore").fit(C)
out["onehot"] = {"C": C.tolist(), "Ct": Ct.tolist(), "names_in": ["color", "size", "ripe"],
                 "categories": [list(map(str, c)) for c in oh.categories_],
                 # scikit-learn writes "color_blue"; featlab writes "color=blue".
                 "feature_names": list(oh.get_feature_names_out(["color", "size", "ripe"])),
                 "C_out": L(oh.transform(C).toarray()), "Ct_out": L(oh.transform(Ct).toarray())}
N = np.array([[3.0, 0.5], [1.0, -2.0], [10.0, 0.5], [3.0, 7.0]])
Nt = np.array([[10.0, 7.0], [2.0, 0.5]])
ohn = OneHotEncoder(handle_unknown="ignore").fit(N)
out["onehot_num"] = {"N": L(N), "Nt": L(Nt), "categories": [L(c) for c in ohn.categories_],
                     "N_out": L(ohn.transform(N).toarray()), "Nt_out": L(ohn.transform(Nt).toarray())}

# Polynomial features on P (5 x 3).
P = T[:5, :3]
out["P"] = L(P)
out["poly"] = []
for deg, inter, bias in [(2, False, True), (3, False, True), (2, True, True), (3, True, False), (1, False, True), (4, False, False)]:
    pf = PolynomialFeatures(degree=deg, interaction_only=inter, include_bias=bias).fit(P)
    out["poly"].append({"degree": deg, "interaction_only": inter, "include_bias": bias,
                        "powers": pf.powers_.tolist(),
                        "names": list(pf.get_feature_names_out(["a", "b", "c"])),
                        "out": L(pf.transform(P))})

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
