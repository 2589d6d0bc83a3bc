"""NumPy peer of filter.MRMR (see cases_mrmr.go): Peng, Long and Ding's
FCQ criterion, F(j) / mean_{s in S} |r(j, s)|, chosen greedily."""
import numpy as np
from sklearn.feature_selection import f_regression


def fcq(data):
    X, y = data["X"], data["y"]

    def run():
        rel = f_regression(X, y)[0]
        Z = (X - X.mean(axis=0)) / X.std(axis=0)
        m, d = X.shape
        red = np.zeros(d)
        chosen = np.zeros(d, dtype=bool)
        order = [int(np.argmax(rel))]
        chosen[order[0]] = True
        for step in range(1, 50):
            red += np.abs(Z.T @ Z[:, order[-1]]) / m
            score = rel / np.maximum(red / step, 1e-12)
            score[chosen] = -np.inf
            j = int(np.argmax(score))
            order.append(j)
            chosen[j] = True
        return order

    return run
