#!/usr/bin/python3
"""Golden values for the information gain of feature subsets (Zhou 11.1).

Gain(A) = Ent(D) - sum_v |D^v|/|D| Ent(D^v) equals the mutual information
between the class and the partition of D by the values of A, so it is
scikit-learn's mutual_info_score(y, key_A) / ln 2 (bits), key_A being the
tuple of A's values of each example. Continuous attributes are split at
the threshold of a depth-1 entropy decision tree (scikit-learn stores it
as the midpoint of two consecutive values, computed in float32), whose
impurity decrease is the single-attribute gain in bits.

Regenerate (from the repository root):
    /usr/bin/python3 featlab/filter/testdata/infogain_sklearn.py > featlab/filter/testdata/infogain_sklearn.json
"""
import csv
import itertools
import json
import math
import os

import numpy as np
import sklearn
from sklearn.metrics import mutual_info_score
from sklearn.tree import DecisionTreeClassifier

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
CATS = ["color", "root", "sound", "texture", "umbilicus", "surface"]
CONT = ["density", "sugar"]
NAMES = CATS + CONT


def main():
    with open(os.path.join(ROOT, "datasets", "watermelon3.csv")) as f:
        rows = list(csv.DictReader(f))
    y = np.array([1 if r["ripe"] == "yes" else 0 for r in rows])
    cols = {n: [r[n] for r in rows] for n in CATS}
    thresholds, single = {}, {}
    for n in CONT:
        v = np.array([[float(r[n])] for r in rows])
        t = DecisionTreeClassifier(criterion="entropy", max_depth=1, random_state=0).fit(v, y).tree_
        thr = float(t.threshold[0])
        w = t.weighted_n_node_samples
        gain = t.impurity[0] - (w[1] * t.impurity[1] + w[2] * t.impurity[2]) / w[0]
        thresholds[n], single[n] = thr, gain
        cols[n] = [str(float(r[n]) <= thr) for r in rows]
    out = {"sklearn": sklearn.__version__, "entropy": mutual_info_score(y, y) / math.log(2),
           "thresholds": thresholds, "tree_gain": single, "subsets": []}
    for size in range(0, len(NAMES) + 1):
        for sub in itertools.combinations(range(len(NAMES)), size):
            key = ["|".join(cols[NAMES[j]][i] for j in sub) for i in range(len(rows))]
            g = mutual_info_score(y, key) / math.log(2) if sub else 0.0
            out["subsets"].append({"subset": list(sub), "gain": g})
    subsets = out.pop("subsets")
    head = json.dumps(out, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(s) for s in subsets)
    print(head + ',\n "subsets": [\n  ' + lines + "\n ]\n}")


if __name__ == "__main__":
    main()
