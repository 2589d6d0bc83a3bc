"""scikit-learn peers of featlab/represent (see cases_represent.go)."""
import warnings

from sklearn.cluster import KMeans
from sklearn.decomposition import PCA, DictionaryLearning, MiniBatchDictionaryLearning, SparseCoder

warnings.simplefilter("ignore")


def dictionary_learning(data):
    X = data["X"]
    return lambda: DictionaryLearning(n_components=64, alpha=1, max_iter=20, transform_algorithm="omp", random_state=0).fit(X)


def minibatch_dictionary_learning(data):
    X = data["X"]
    return lambda: MiniBatchDictionaryLearning(n_components=64, alpha=1, transform_algorithm="omp", random_state=0).fit(X)


def kmeans10(data):
    X = data["X"]
    return lambda: KMeans(n_clusters=10, n_init=10, algorithm="lloyd", random_state=0).fit(X)


def kmeans64(data):
    X = data["X"]
    return lambda: KMeans(n_clusters=64, n_init=10, algorithm="lloyd", random_state=0).fit(X)


def pca(data):
    X = data["X"]
    return lambda: PCA(svd_solver="full").fit(X)


def sparse_coder_omp(data):
    X, D = data["X"], data["D"]
    coder = SparseCoder(dictionary=D, transform_algorithm="omp", transform_n_nonzero_coefs=10)
    return lambda: coder.transform(X)
