"""Golden values for transform's categorical encoders (encode_golden_test.go).

Regenerate from the repository root with (Debian's python3-sklearn 1.2.1):
    /usr/bin/python3 featlab/transform/testdata/encode_golden.py
Writes featlab/transform/testdata/encode_golden.json.

Data: mtcars' cyl and gear (numeric codes, as R's write.csv leaves them)
and am, and a text column; the test rows hold codes and texts unseen at fit
time. Cases:
- onehot_num:  OneHotEncoder(handle_unknown="ignore") on the numeric codes
               (featlab: OneHot and Dummies with UnknownIgnore);
- onehot_text: the same on text (featlab: OneHot on a data frame);
- onehot_levels: OneHotEncoder(categories=[[0, 1, 2]], handle_unknown=
               "ignore") on codes 0..2 of which the fit rows hold 0 and 2
               (featlab: Dummies with Levels);
- ordinal_num / ordinal_text: OrdinalEncoder(handle_unknown=
               "use_encoded_value", unknown_value=-1) (featlab: Ordinal with
               UnknownIgnore); fit rows transformed too (plain
               OrdinalEncoder gives the same codes on them).
- other: OneHotEncoder(handle_unknown="infrequent_if_exist",
               min_frequency=2) on text whose fit rows hold one rare
               category ("zz", once) besides the frequent ones: the
               infrequent column is 1 for unseen categories, as featlab's
               UnknownOther "(other)" column is; featlab is given the fit
               rows without "zz", so its categories are the frequent ones
               and the columns agree on the test rows.
"""
import json

import numpy as np
import sklearn
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder

out = "featlab/transform/testdata/encode_golden.json"

# mtcars rows 1-12: cyl, gear, am
train_num = np.array([[6, 4, 1], [6, 4, 1], [4, 4, 1], [6, 3, 0], [8, 3, 0], [6, 3, 0],
                      [8, 3, 0], [4, 4, 0], [4, 4, 0], [6, 4, 0], [6, 4, 0], [8, 3, 0]], float)
test_num = np.array([[8, 5, 1], [4, 5, 1], [10, 3, 0], [6, 4, 1]], float)
train_txt = np.array([["red", "s"], ["green", "m"], ["blue", "l"], ["red", "m"], ["green", "s"], ["red", "l"]], object)
test_txt = np.array([["green", "l"], ["purple", "m"], ["blue", "xl"]], object)


def onehot(enc, tr, te):
    enc.fit(tr)
    return {"categories": [[str(c) for c in cats] for cats in enc.categories_],
            "train": enc.transform(tr).toarray().tolist(), "test": enc.transform(te).toarray().tolist()}


def ordinal(tr, te):
    enc = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1).fit(tr)
    assert (OrdinalEncoder().fit(tr).transform(tr) == enc.transform(tr)).all()
    return {"categories": [[str(c) for c in cats] for cats in enc.categories_],
            "train": enc.transform(tr).tolist(), "test": enc.transform(te).tolist()}


cases = {
    "train_num": train_num.tolist(), "test_num": test_num.tolist(),
    "train_txt": train_txt.tolist(), "test_txt": test_txt.tolist(),
    "onehot_num": onehot(OneHotEncoder(handle_unknown="ignore"), train_num, test_num),
    "onehot_text": onehot(OneHotEncoder(handle_unknown="ignore"), train_txt, test_txt),
    "ordinal_num": ordinal(train_num, test_num),
    "ordinal_text": ordinal(train_txt, test_txt),
}
lv_train = np.array([[0], [2], [2], [0]], float)
lv_test = np.array([[1], [2], [3]], float)
cases["levels_train"], cases["levels_test"] = lv_train.tolist(), lv_test.tolist()
cases["onehot_levels"] = onehot(OneHotEncoder(categories=[[0.0, 1.0, 2.0]], handle_unknown="ignore"), lv_train, lv_test)

# one column, "zz" rare at fit time: sklearn's infrequent column = featlab's (other)
col_tr = np.array([["a"], ["b"], ["a"], ["c"], ["b"], ["c"], ["zz"]], object)
col_te = np.array([["b"], ["q"], ["c"], ["zz"], ["a"]], object)
enc = OneHotEncoder(handle_unknown="infrequent_if_exist", min_frequency=2).fit(col_tr)
cases["other"] = {"train": col_tr[:-1, 0].tolist(), "test": col_te[:, 0].tolist(),
                  "names": enc.get_feature_names_out(["col"]).tolist(),
                  "out": enc.transform(col_te).toarray().tolist()}
with open(out, "w") as f:
    json.dump({"sklearn": sklearn.__version__, "cases": cases}, f)
