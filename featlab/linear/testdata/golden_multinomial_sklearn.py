# Golden values for linear.Multinomial against scikit-learn 1.2.1.
# Regenerate (from featlab/linear/testdata, Debian's python3-sklearn):
#   /usr/bin/python3 golden_multinomial_sklearn.py > golden_multinomial_sklearn.json
# LogisticRegression(multi_class="multinomial", penalty="l2", C, newton-cg)
# minimises (1/2)||B||_F^2 + C sum_i -log p_{y_i}(x_i), which is C m times
# Multinomial's objective with Ridge, NoStandardize and lambda = 1/(C m).
# newton-cg at tol 1e-10 reaches the rounding floor of its line search and
# warns; the fits agree with featlab to 1e-5 and the objectives to 1e-8.
# Data: wine, features standardised here (population sd) so that the solver
# converges tightly.
import json
import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression

assert sklearn.__version__ == "1.2.1"
d = np.loadtxt("../../../datasets/wine.csv", delimiter=",", skiprows=1)
X, y = d[:, :-1], d[:, -1]
X = (X - X.mean(0)) / X.std(0)
m = X.shape[0]
out = []
for C in [0.01, 0.1, 1.0]:
    lr = LogisticRegression(multi_class="multinomial", penalty="l2", C=C, solver="newton-cg",
                            tol=1e-10, max_iter=100000).fit(X, y)
    P = lr.predict_proba(X)
    loss = -np.mean(np.log(P[np.arange(m), y.astype(int)]))
    obj = loss + 0.5 * np.sum(lr.coef_ ** 2) / (C * m)
    out.append({"C": C, "lambda": 1 / (C * m), "objective": obj,
                "coef": lr.coef_.T.ravel().tolist(),  # d x K row-major
                "intercept": (lr.intercept_ - lr.intercept_.mean()).tolist(),
                "proba": P[:5].ravel().tolist()})
json.dump({"data": "wine standardised", "fits": out}, __import__("sys").stdout, indent=None)
print()
