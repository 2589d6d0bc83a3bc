"""Inertia of scikit-learn's KMeans on digits with 10 k-means++ restarts,
for the claim "equal or lower inertia" next to the k-means bench
(TestKMeansInertiaVsSklearn). Seeds 0..4 of scikit-learn's random_state.

Regenerate from the repository root with:

    /usr/bin/python3 featlab/represent/testdata/sklearn_kmeans.py
"""
import json, os, csv
import numpy as np
import sklearn
from sklearn.cluster import KMeans

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
with open(os.path.join(root, "datasets", "digits.csv")) as f:
    rows = list(csv.reader(f))
X = np.array([[float(v) for v in r[:64]] for r in rows[1:]])
assert X.shape == (1797, 64)

out = {"sklearn": sklearn.__version__, "inertia": {}}
for k in (10, 64):
    out["inertia"][str(k)] = [
        float(KMeans(n_clusters=k, n_init=10, algorithm="lloyd", random_state=s).fit(X).inertia_)
        for s in range(5)]
with open(os.path.join(here, "sklearn_kmeans.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
