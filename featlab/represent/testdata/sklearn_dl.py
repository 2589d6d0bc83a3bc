"""scikit-learn's dictionary learning on digits, for notebook 08 and the bench.

Regenerate from the repository root with (about two minutes, one thread):

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 featlab/represent/testdata/sklearn_dl.py

It writes featlab/represent/testdata/sklearn_dl.json: for
DictionaryLearning(n_components=64, alpha=1, max_iter=20,
transform_algorithm="omp", random_state=0) and
MiniBatchDictionaryLearning(n_components=64, alpha=1,
transform_algorithm="omp", random_state=0) fitted on all 1797 digits, the
reconstruction error sum_i ||x_i - v_i D||^2 of the OMP codes (6 nonzeros,
scikit-learn's default int(0.1 * 64)) and of the codes found while fitting.
"""
import csv, json, os, warnings
import numpy as np
import sklearn
from sklearn.decomposition import DictionaryLearning, MiniBatchDictionaryLearning

warnings.simplefilter("ignore")
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", ".."))
with open(os.path.join(root, "datasets", "digits.csv")) as f:
    rows = list(csv.reader(f))
X = np.array([[float(v) for v in r[:64]] for r in rows[1:]])
out = {"sklearn": sklearn.__version__}
for name, est in (("DictionaryLearning", DictionaryLearning(n_components=64, alpha=1, max_iter=20, transform_algorithm="omp", random_state=0)),
                  ("MiniBatchDictionaryLearning", MiniBatchDictionaryLearning(n_components=64, alpha=1, transform_algorithm="omp", random_state=0))):
    est.fit(X)
    V = est.transform(X)
    out[name] = {"omp_error": float(((X - V @ est.components_) ** 2).sum()),
                 "omp_nonzeros": float((V != 0).sum(1).mean())}
    print(name, out[name])
with open(os.path.join(here, "sklearn_dl.json"), "w") as f:
    json.dump(out, f, indent=1)
