"""scikit-learn peers of featlab/transform (see cases_transform.go)."""
from sklearn.preprocessing import MinMaxScaler, Normalizer, PolynomialFeatures, StandardScaler


def standard_scaler(data):
    X = data["X"]
    return lambda: StandardScaler().fit_transform(X)


def polynomial2(data):
    X = data["X"]
    return lambda: PolynomialFeatures(2).fit_transform(X)


def minmax_scaler(data):
    X = data["X"]
    return lambda: MinMaxScaler().fit_transform(X)


def normalizer(data):
    X = data["X"]
    return lambda: Normalizer().fit_transform(X)
