"""scikit-learn peers of featlab/search."""
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import KFold


def sfs_forward(data):
    X, y = data["X"], data["y"]

    def run():
        SequentialFeatureSelector(LinearRegression(), n_features_to_select=10, direction="forward",
                                  cv=KFold(5), scoring="neg_mean_squared_error").fit(X, y)
    return run
