#!/usr/bin/python3
"""Fold indices of scikit-learn's default KFold (shuffle=False), the golden
values of validate.KFoldUnshuffled.

Regenerate (from the repository root) with:

    /usr/bin/python3 featlab/validate/testdata/kfold_unshuffled.py > featlab/validate/testdata/kfold_unshuffled.json

Debian python3-sklearn 1.2.1.
"""
import json

import numpy as np
from sklearn.model_selection import KFold

cases = []
for m, k in [(10, 2), (10, 3), (11, 5), (17, 4), (97, 10), (5, 5), (442, 10)]:
    folds = [{"train": tr.tolist(), "test": te.tolist()}
             for tr, te in KFold(n_splits=k).split(np.zeros((m, 1)))]
    cases.append({"m": m, "k": k, "folds": folds})
print(json.dumps(cases, separators=(",", ":")))
