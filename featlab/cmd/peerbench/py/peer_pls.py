"""scikit-learn peer of featlab/represent's PLS (see cases_pls.go)."""
from sklearn.cross_decomposition import PLSRegression


def pls1(data):
    X, y = data["X"], data["y"].ravel()
    return lambda: PLSRegression(n_components=20, scale=True).fit(X, y)
