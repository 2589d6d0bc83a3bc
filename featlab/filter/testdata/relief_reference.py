#!/usr/bin/python3
"""Independent reference values for Relief and Relief-F (Zhou eq. 11.3, 11.4).

A direct numpy transcription of the formulas, sharing no code with featlab:
continuous features scaled to [0, 1] by their range, categorical diff 0/1,
neighbours by squared Euclidean (or Manhattan) distance on the same diffs,
ties broken by the lower row index (a stable argsort), k nearest hits and k
nearest misses per other class averaged, miss weights p_l (Zhou) or
p_l / (1 - p_k) (Kononenko), sums over all examples.

Regenerate (from the repository root):
    /usr/bin/python3 featlab/filter/testdata/relief_reference.py > featlab/filter/testdata/relief_reference.json
"""
import csv
import json
import os

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")


def load_watermelon():
    with open(os.path.join(ROOT, "datasets", "watermelon3.csv")) as f:
        rows = list(csv.DictReader(f))
    names = ["color", "root", "sound", "texture", "umbilicus", "surface", "density", "sugar"]
    cat = [True] * 6 + [False] * 2
    X = np.zeros((len(rows), len(names)))
    for j, n in enumerate(names):
        if cat[j]:
            levels = {}
            for i, r in enumerate(rows):
                X[i, j] = levels.setdefault(r[n], len(levels))
        else:
            X[:, j] = [float(r[n]) for r in rows]
    y = np.array([1.0 if r["ripe"] == "yes" else 0.0 for r in rows])
    return names, X, y, cat


def load_wine():
    with open(os.path.join(ROOT, "datasets", "wine.csv")) as f:
        rows = list(csv.reader(f))
    names = rows[0][:-1]
    data = np.array([[float(v) for v in r] for r in rows[1:]])
    return names, data[:, :-1], data[:, -1], [False] * len(names)


def relief(X, y, cat, k=1, multi=True, norm_priors=False, manhattan=False):
    m, d = X.shape
    lo, hi = X.min(axis=0), X.max(axis=0)
    span = np.where(hi > lo, hi - lo, 1.0)
    Z = (X - lo) / span
    const = hi == lo

    def diff(i, b):  # vector of diff over features
        out = np.where(np.array(cat), (X[i] != X[b]).astype(float), np.abs(Z[i] - Z[b]))
        out[const] = 0.0
        return out

    classes, counts = np.unique(y, return_counts=True)
    prior = dict(zip(classes, counts / m))
    delta = np.zeros(d)
    for i in range(m):
        dist = np.array([np.sum(diff(i, b)) if manhattan else np.sum(diff(i, b) ** 2) for b in range(m)])
        for c in classes:
            cand = [b for b in np.argsort(dist, kind="stable") if b != i and y[b] == c][:k]
            if not cand:
                continue
            if c == y[i]:
                w = -1.0
            elif not multi:
                w = 1.0
            elif norm_priors:
                w = prior[c] / (1 - prior[y[i]])
            else:
                w = prior[c]
            delta += w * np.mean([diff(i, b) ** 2 for b in cand], axis=0)
    return delta


def main():
    out = []
    names, X, y, cat = load_watermelon()
    out.append({"data": "watermelon", "method": "relief", "k": 1, "values": list(relief(X, y, cat, multi=False))})
    out.append({"data": "watermelon", "method": "relief", "k": 3, "values": list(relief(X, y, cat, k=3, multi=False))})
    out.append({"data": "watermelon", "method": "relief-f", "k": 1, "values": list(relief(X, y, cat))})
    out.append({"data": "watermelon", "method": "relief", "k": 1, "manhattan": True,
                "values": list(relief(X, y, cat, multi=False, manhattan=True))})
    names, X, y, cat = load_wine()
    out.append({"data": "wine", "method": "relief-f", "k": 1, "values": list(relief(X, y, cat))})
    out.append({"data": "wine", "method": "relief-f", "k": 5, "values": list(relief(X, y, cat, k=5))})
    out.append({"data": "wine", "method": "relief-f", "k": 1, "normalized_priors": True,
                "values": list(relief(X, y, cat, norm_priors=True))})
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
