#!/usr/bin/python3
"""Golden values for featlab/greedy's OMP and OMPBatch.

Regenerate (Debian's scikit-learn 1.2, numpy, scipy):
    cd featlab/greedy/testdata && /usr/bin/python3 golden_omp.py

Writes golden_omp.json and the synthetic data it used (synth_omp.csv,
batch_D.csv, batch_Y.csv). Independent implementations:
  - scikit-learn OrthogonalMatchingPursuit (the classic |<X_j, r>| rule) for
    n_nonzero_coefs = 1..d, fit_intercept True/False, normalize True/False;
  - scikit-learn orthogonal_mp_gram on a dictionary with unit-norm atoms and
    on the diabetes Gram matrix;
  - the book's exact forward greedy selection by brute-force refitting with
    numpy.linalg.lstsq (argmin_j min_w ||X_{I+j} w - y||^2), with and without
    intercept.
"""
import json
import warnings

import numpy as np
from sklearn.linear_model import OrthogonalMatchingPursuit, orthogonal_mp_gram

warnings.simplefilter("ignore")


def load(path):
    a = np.loadtxt(path, delimiter=",", skiprows=1)
    return a[:, :-1], a[:, -1]


def sk_path(X, y, intercept, normalize):
    d = X.shape[1]
    out = []
    for k in range(1, d + 1):
        kw = {}
        if normalize:
            kw["normalize"] = True
        o = OrthogonalMatchingPursuit(n_nonzero_coefs=k, fit_intercept=intercept, **kw).fit(X, y)
        out.append({"k": k, "coef": o.coef_.tolist(), "intercept": float(o.intercept_)})
    return out


def forward_exact(X, y, intercept, T):
    if intercept:
        X = X - X.mean(axis=0)
        y = y - y.mean()
    chosen, rss = [], []
    for t in range(T):
        best, bj = np.inf, -1
        for j in range(X.shape[1]):
            if j in chosen:
                continue
            A = X[:, chosen + [j]]
            w = np.linalg.lstsq(A, y, rcond=None)[0]
            r = float(np.sum((y - A @ w) ** 2))
            if r < best:
                best, bj = r, j
        chosen.append(bj)
        rss.append(best)
    return {"order": chosen, "rss": rss}


def order_of(path):
    # order of entry from nested supports of the path k = 1..d
    order = []
    for p in path:
        for j, c in enumerate(p["coef"]):
            if c != 0 and j not in order:
                order.append(j)
    return order


def main():
    out = {}
    X, y = load("../../../datasets/diabetes.csv")
    rng = np.random.default_rng(11)
    m, d = 80, 12
    Xs = rng.standard_normal((m, d))
    Xs[:, 3] = Xs[:, 1] + 0.3 * rng.standard_normal(m)   # correlated pair
    Xs[:, 7] *= 5.0                                        # unequal scales
    Xs += 2.0                                              # non-zero means
    ws = np.zeros(d)
    ws[[1, 3, 5, 8]] = [2.0, -1.5, 1.0, 0.5]
    ys = Xs @ ws + 0.5 * rng.standard_normal(m) + 3.0
    np.savetxt("synth_omp.csv", np.column_stack([Xs, ys]), delimiter=",",
               header=",".join([f"x{j+1}" for j in range(d)] + ["y"]), comments="", fmt="%.17g")
    for name, (A, b) in {"diabetes": (X, y), "synth": (Xs, ys)}.items():
        for intercept in (False, True):
            for normalize in (False, True):
                key = f"{name}/intercept={intercept}/normalize={normalize}"
                path = sk_path(A, b, intercept, normalize)
                out[key] = {"path": path, "order": order_of(path)}
            out[f"{name}/exact/intercept={intercept}"] = forward_exact(A, b, intercept, A.shape[1])
    # batch: unit-norm atoms, signals as rows
    m, K, n = 30, 60, 25
    D = rng.standard_normal((m, K))
    D /= np.linalg.norm(D, axis=0)
    codes = np.zeros((n, K))
    for i in range(n):
        idx = rng.choice(K, 4, replace=False)
        codes[i, idx] = rng.standard_normal(4)
    Y = codes @ D.T + 0.01 * rng.standard_normal((n, m))
    np.savetxt("batch_D.csv", D, delimiter=",", fmt="%.17g")
    np.savetxt("batch_Y.csv", Y, delimiter=",", fmt="%.17g")
    G = D.T @ D
    for T in (1, 3, 6):
        C = orthogonal_mp_gram(G, D.T @ Y.T, n_nonzero_coefs=T)  # K x n
        out[f"batch/T={T}"] = C.T.tolist()
    tol = 0.05
    C = orthogonal_mp_gram(G, D.T @ Y.T, tol=tol, norms_squared=np.sum(Y**2, axis=1))
    out["batch/tol=0.05"] = C.T.tolist()
    # orthogonal_mp_gram on diabetes (raw units, no intercept): the Gram
    # matrix of the columns and X^T y, n_nonzero_coefs = 1..d.
    G, Xy = X.T @ X, X.T @ y
    out["diabetes/gram"] = [orthogonal_mp_gram(G, Xy, n_nonzero_coefs=k).tolist() for k in range(1, X.shape[1] + 1)]
    with open("golden_omp.json", "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
