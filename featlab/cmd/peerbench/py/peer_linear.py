"""scikit-learn peers of featlab/linear (see cases_linear.go)."""
from sklearn.linear_model import Lasso, LassoCV
from sklearn.linear_model import lasso_path as sk_lasso_path


def lasso_path(data):
    X, y, lambdas = data["X"], data["y"], data["lambdas"]

    def run():
        # The intercept, as LassoCV does it: centre, then the path.
        Xc = X - X.mean(axis=0)
        yc = y - y.mean()
        return sk_lasso_path(Xc, yc, alphas=lambdas, tol=1e-4)

    return run


def _fit(k):
    def peer(data):
        X, y, lam = data["X"], data["y"], data["lambdas"][k]
        return lambda: Lasso(alpha=lam, tol=1e-4).fit(X, y)

    return peer


lasso_fit_50 = _fit(50)
lasso_fit_90 = _fit(90)


def lasso_cv(data):
    X, y = data["X"], data["y"]
    return lambda: LassoCV(cv=5, n_alphas=100, eps=1e-3, tol=1e-4, n_jobs=1).fit(X, y)
