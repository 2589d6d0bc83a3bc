"""Golden values for featlab/represent from scikit-learn (Debian python3-sklearn).

Regenerate from the repository root with:

    /usr/bin/python3 featlab/represent/testdata/golden.py

It writes featlab/represent/testdata/golden.json. The digits data are read
from datasets/digits.csv (the same file the Go tests embed).
"""
import json, os, csv
import numpy as np
import sklearn
from sklearn.decomposition import PCA, SparseCoder
from sklearn.cluster import KMeans
from sklearn.linear_model import Lasso, orthogonal_mp
from sklearn.feature_extraction.text import CountVectorizer

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
with open(os.path.join(root, "datasets", "digits.csv")) as f:
    rows = list(csv.reader(f))
X = np.array([[float(v) for v in r[:64]] for r in rows[1:]])
assert X.shape == (1797, 64)

out = {"sklearn": sklearn.__version__}

# PCA: components up to sign, explained variance.
p = PCA(svd_solver="full").fit(X)
out["pca"] = {"components": p.components_[:20].tolist(),
              "explained_variance": p.explained_variance_.tolist(),
              "mean": p.mean_.tolist()}

# KMeans from given centres: the first k rows (k=10) and rows 0,10,...,(k=64).
for k, idx in ((10, list(range(10))), (64, list(range(0, 640, 10)))):
    km = KMeans(n_clusters=k, init=X[idx], n_init=1, algorithm="lloyd", tol=1e-4, max_iter=300).fit(X)
    out["kmeans%d" % k] = {"init_rows": idx, "labels": km.labels_.tolist(),
                           "centers": km.cluster_centers_.tolist(), "inertia": float(km.inertia_),
                           "n_iter": int(km.n_iter_)}

# Sparse codes for a fixed dictionary: 40 unit-norm atoms in R^20, 25 samples.
rng = np.random.default_rng(12)
D = rng.standard_normal((40, 20))
D /= np.linalg.norm(D, axis=1, keepdims=True)
Y = rng.standard_normal((25, 20))
Y[3] = 0.0  # a zero sample
s = 5
omp = orthogonal_mp(D.T, Y.T, n_nonzero_coefs=s).T
coder = SparseCoder(dictionary=D, transform_algorithm="omp", transform_n_nonzero_coefs=s).transform(Y)
assert np.allclose(omp, coder)
lam = 0.8  # the texts' lambda: ||y - v D||^2 + lam ||v||_1
d = D.shape[1]
las = np.zeros((Y.shape[0], D.shape[0]))
for i in range(Y.shape[0]):
    # = SparseCoder(transform_algorithm="lasso_cd", transform_alpha=lam/2)
    # with a tight tolerance
    m = Lasso(alpha=lam / (2 * d), fit_intercept=False, tol=1e-14, max_iter=1000000).fit(D.T, Y[i])
    las[i] = m.coef_
chk = SparseCoder(dictionary=D, transform_algorithm="lasso_cd", transform_alpha=lam / 2).transform(Y)
print("SparseCoder lasso_cd vs tight Lasso max diff", np.abs(chk - las).max())
assert np.abs(chk - las).max() < 1e-2
out["sparse"] = {"D": D.tolist(), "Y": Y.tolist(), "s": s, "omp": omp.tolist(),
                 "lambda": lam, "lasso": las.tolist()}

# Bag of words: CountVectorizer(binary=True) on token lists.
docs = [["the", "cat", "sat", "on", "the", "mat"],
        ["the", "dog", "ate", "my", "homework"],
        ["a", "cat", "and", "a", "dog"],
        ["Über", "naïve", "café", "the"],
        []]
test = [["the", "cat", "and", "the", "bird"], ["zebra"], ["dog", "dog", "café"]]
cv = CountVectorizer(analyzer=lambda doc: doc, binary=True).fit(docs)
cc = CountVectorizer(analyzer=lambda doc: doc).fit(docs)
out["bow"] = {"docs": docs, "test": test,
              "vocabulary": cv.get_feature_names_out().tolist(),
              "binary_train": cv.transform(docs).toarray().tolist(),
              "binary_test": cv.transform(test).toarray().tolist(),
              "counts_test": cc.transform(test).toarray().tolist()}

with open(os.path.join(here, "golden.json"), "w") as f:
    json.dump(out, f)
print("wrote golden.json")
