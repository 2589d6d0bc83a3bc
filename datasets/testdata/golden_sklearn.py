#!/usr/bin/python3
"""Golden values for the datasets package tests.

Regenerate (from the repository root) with:

    /usr/bin/python3 datasets/testdata/golden_sklearn.py > datasets/testdata/golden.json

Uses Debian's python3-sklearn 1.2.1 and numpy. For every embedded CSV it
  * checks that the file's numbers equal scikit-learn's bundled copy exactly
    (load_diabetes(scaled=False), load_breast_cancer, load_wine, load_iris,
    load_digits), an independent source for the data;
  * writes the sha256 of the file, its shape, the class counts, and the
    correctly rounded sum (math.fsum) of every feature column and of y.
Watermelon 3.0 is not in scikit-learn: it is read with the csv module and
its categorical attributes coded 0..L-1 in order of first appearance.
"""
import csv
import hashlib
import json
import math
import os

import numpy as np
from sklearn import datasets as skd

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.dirname(HERE)


def read(name):
    with open(os.path.join(DIR, name), encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def sha(name):
    with open(os.path.join(DIR, name), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


out = {}

sk = {
    "diabetes": ("diabetes.csv", lambda: skd.load_diabetes(scaled=False)),
    "breast_cancer": ("breast_cancer.csv", skd.load_breast_cancer),
    "wine": ("wine.csv", skd.load_wine),
    "iris": ("iris.csv", skd.load_iris),
    "digits": ("digits.csv", skd.load_digits),
}
for name, (file, loader) in sk.items():
    header, rows = read(file)
    data = np.array([[float(v) for v in r] for r in rows])
    X, y = data[:, :-1], data[:, -1]
    b = loader()
    assert X.shape == b.data.shape, (name, X.shape, b.data.shape)
    assert np.array_equal(X, b.data), name
    assert np.array_equal(y, b.target.astype(float)), name
    entry = {
        "file": file,
        "sha256": sha(file),
        "rows": X.shape[0],
        "features": X.shape[1],
        "names": header[:-1],
        "target": header[-1],
        "col_sums": [math.fsum(X[:, j]) for j in range(X.shape[1])],
        "x_sum": math.fsum(X.ravel()),
        "y_sum": math.fsum(y),
    }
    if name != "diabetes":
        entry["class_counts"] = [int(c) for c in np.bincount(b.target)]
        entry["sklearn_target_names"] = [str(t) for t in b.target_names]
    out[name] = entry

for name, file in (("watermelon", "watermelon3.csv"), ("watermelon_zh", "watermelon3_zh.csv")):
    header, rows = read(file)
    feats = header[1:-1]  # drop id and the target
    cols, levels = [], []
    for j in range(1, len(header) - 1):
        vals = [r[j] for r in rows]
        try:
            cols.append([float(v) for v in vals])
            levels.append(None)
        except ValueError:
            lv = []
            for v in vals:
                if v not in lv:
                    lv.append(v)
            cols.append([float(lv.index(v)) for v in vals])
            levels.append(lv)
    pos = "yes" if name == "watermelon" else "是"
    y = [1.0 if r[-1] == pos else 0.0 for r in rows]
    out[name] = {
        "file": file,
        "sha256": sha(file),
        "rows": len(rows),
        "features": len(feats),
        "names": feats,
        "target": header[-1],
        "levels": levels,
        "codes": [[c[i] for c in cols] for i in range(len(rows))],
        "col_sums": [math.fsum(c) for c in cols],
        "x_sum": math.fsum(v for c in cols for v in c),
        "y_sum": math.fsum(y),
        "class_counts": [y.count(0.0), y.count(1.0)],
    }

# R's airquality and mtcars, written by testdata/write_r_datasets.R, and
# prostate, written by testdata/write_prostate.R; not in
# scikit-learn: read with the csv module. "NA" is missing: the column sums
# are over the observed values and "missing" counts the NA cells of each
# feature column and of the target. mtcars: model dropped, cyl and gear
# coded by their sorted levels.
for name, file, target, cat in (("airquality", "airquality.csv", "Ozone", ()),
                                ("mtcars", "mtcars.csv", "mpg", ("cyl", "gear")),
                                ("prostate", "prostate.csv", "lpsa", ())):
    header, rows = read(file)
    keep = [j for j, h in enumerate(header) if h not in (target, "model", "train")]
    t = header.index(target)
    cols, levels = [], []
    for j in keep:
        vals = [r[j] for r in rows]
        if header[j] in cat:
            lv = sorted(set(vals), key=float)
            cols.append([float(lv.index(v)) for v in vals])
            levels.append(lv)
        else:
            cols.append([math.nan if v == "NA" else float(v) for v in vals])
            levels.append(None)
    y = [math.nan if r[t] == "NA" else float(r[t]) for r in rows]
    obs = lambda v: [x for x in v if not math.isnan(x)]
    out[name] = {
        "file": file,
        "sha256": sha(file),
        "rows": len(rows),
        "features": len(keep),
        "names": [header[j] for j in keep],
        "target": target,
        "levels": levels if any(levels) else None,
        "col_sums": [math.fsum(obs(c)) for c in cols],
        "x_sum": math.fsum(obs([v for c in cols for v in c])),
        "y_sum": math.fsum(obs(y)),
        "missing": [sum(math.isnan(v) for v in c) for c in cols] + [sum(math.isnan(v) for v in y)],
        "complete_rows": sum(all(not math.isnan(c[i]) for c in cols) and not math.isnan(y[i]) for i in range(len(rows))),
    }

print(json.dumps(out, indent=1, ensure_ascii=False, sort_keys=True))
