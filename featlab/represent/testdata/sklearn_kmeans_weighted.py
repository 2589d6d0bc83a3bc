"""Golden values for represent.FitKMeans with SampleWeight and TolZero:
scikit-learn 1.2.1's KMeans(n_clusters=K, init=<given centres>, n_init=1,
algorithm=..., tol=..., sample_weight=...) on small seeded data, for
TestKMeansSampleWeightSklearn. Cases: weighted fits from given centres
for the lloyd and elkan iterations, with tol=0 and tol=1e-4; one start
with a centre far from every point (an empty cluster relocated to the
farthest point); one with zero weights.

Regenerate from the repository root with:

    /usr/bin/python3 featlab/represent/testdata/sklearn_kmeans_weighted.py
"""
import json, os
import numpy as np
import sklearn
from sklearn.cluster import KMeans

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.RandomState(20261128)
m, d, k = 80, 3, 4
means = rng.normal(scale=3.0, size=(k, d))
X = means[rng.randint(k, size=m)] + rng.normal(size=(m, d))
w = rng.uniform(0.1, 3.0, size=m)
w0 = w.copy()
w0[::7] = 0.0
init = X[[3, 17, 41, 60]].copy()
far = init.copy()
far[2] = [100.0, 100.0, 100.0]

out = {"sklearn": sklearn.__version__, "X": X.tolist(), "cases": []}
for name, ww, start in (("weighted", w, init), ("far_centre", w, far), ("zero_weights", w0, init)):
    for alg in ("lloyd", "elkan"):
        for tol in (0.0, 1e-4):
            km = KMeans(n_clusters=k, init=start, n_init=1, algorithm=alg, tol=tol,
                        max_iter=300).fit(X, sample_weight=ww)
            out["cases"].append({
                "name": name, "algorithm": alg, "tol": tol,
                "weights": ww.tolist(), "init": start.tolist(),
                "centres": km.cluster_centers_.tolist(),
                "labels": km.labels_.tolist(),
                "inertia": float(km.inertia_),
                "n_iter": int(km.n_iter_),
            })
with open(os.path.join(here, "sklearn_kmeans_weighted.json"), "w") as f:
    json.dump(out, f)
    f.write("\n")
