"""scikit-learn peers of featlab/greedy (see cases_greedy.go)."""
import warnings

from sklearn.linear_model import OrthogonalMatchingPursuit, orthogonal_mp_gram

warnings.simplefilter("ignore")


def omp20(data):
    X, y = data["X"], data["y"]
    return lambda: OrthogonalMatchingPursuit(n_nonzero_coefs=20).fit(X, y)


def omp_batch10(data):
    D, Y = data["D"], data["Y"]

    def run():
        G = D.T @ D
        return orthogonal_mp_gram(G, D.T @ Y.T, n_nonzero_coefs=10)

    return run
