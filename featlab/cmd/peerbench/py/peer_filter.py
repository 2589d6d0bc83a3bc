"""scikit-learn peers of featlab/filter (see cases_filter.go)."""
from scipy import stats
from sklearn import feature_selection as fs
from sklearn.metrics import roc_auc_score


def r_regression(data):
    X, y = data["X"], data["y"]
    return lambda: fs.r_regression(X, y)


def f_regression(data):
    X, y = data["X"], data["y"]
    return lambda: fs.f_regression(X, y)


def f_classif(data):
    X, y = data["X"], data["yc"]
    return lambda: fs.f_classif(X, y)


def chi2(data):
    A, y = data["A"], data["yc"]
    return lambda: fs.chi2(A, y)


def mi_regression(data):
    X, y = data["X"], data["y"]
    return lambda: fs.mutual_info_regression(X, y, n_neighbors=3, random_state=0)


def mi_classif(data):
    X, y = data["X"], data["yc"]
    return lambda: fs.mutual_info_classif(X, y, n_neighbors=3, random_state=0)


def auc(data):
    X, y = data["X"], data["yc"]
    return lambda: [roc_auc_score(y, X[:, j]) for j in range(X.shape[1])]


def spearman(data):
    X, y = data["X"], data["y"]
    return lambda: [stats.spearmanr(X[:, j], y) for j in range(X.shape[1])]
