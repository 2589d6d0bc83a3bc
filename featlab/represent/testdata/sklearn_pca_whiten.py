"""Golden values for represent.PCA with Whiten: scikit-learn 1.2.1's
PCA(n_components=10, svd_solver="full", whiten=True) on digits, for
TestPCAWhitenSklearn: the components, the whitened codes of rows 0..19
and inverse_transform of a fixed 3 x 10 code matrix.

Regenerate from the repository root with:

    /usr/bin/python3 featlab/represent/testdata/sklearn_pca_whiten.py
"""
import json, os, csv
import numpy as np
import sklearn
from sklearn.decomposition import PCA

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
with open(os.path.join(root, "datasets", "digits.csv")) as f:
    rows = list(csv.reader(f))
X = np.array([[float(v) for v in r[:64]] for r in rows[1:]])
assert X.shape == (1797, 64)

p = PCA(n_components=10, svd_solver="full", whiten=True).fit(X)
V = np.array([[((i * 10 + j) % 7) - 3.0 for j in range(10)] for i in range(3)]) / 2
out = {
    "sklearn": sklearn.__version__,
    "components": p.components_.tolist(),
    "explained_variance": p.explained_variance_.tolist(),
    "codes": p.transform(X[:20]).tolist(),
    "V": V.tolist(),
    "inverse": p.inverse_transform(V).tolist(),
}
with open(os.path.join(here, "sklearn_pca_whiten.json"), "w") as f:
    json.dump(out, f)
    f.write("\n")
