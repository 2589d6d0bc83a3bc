package main

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/represent"
)

func digitsData() map[string]*mat.Dense { return map[string]*mat.Dense{"X": datasets.Digits().X} }

// codingData returns 10000 samples in R^64, each a combination of 10 of
// 256 random unit atoms plus noise, and the atoms (seeded).
func codingData() map[string]*mat.Dense {
	r := rand.New(rand.NewPCG(2026, 12))
	k, d, m, s := 256, 64, 10000, 10
	D := mat.NewDense(k, d, nil)
	for j := 0; j < k; j++ {
		row := D.RawRowView(j)
		n := 0.0
		for t := range row {
			row[t] = r.NormFloat64()
			n += row[t] * row[t]
		}
		for t := range row {
			row[t] /= math.Sqrt(n)
		}
	}
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		x := X.RawRowView(i)
		for _, j := range r.Perm(k)[:s] {
			c := r.NormFloat64()
			for t, v := range D.RawRowView(j) {
				x[t] += c * v
			}
		}
		for t := range x {
			x[t] += 0.01 * r.NormFloat64()
		}
	}
	return map[string]*mat.Dense{"X": X, "D": D}
}

func init() {
	dl := func(data map[string]*mat.Dense, workers int) (func() error, error) {
		X := data["X"]
		return func() error {
			_, err := represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Seed: 1, Workers: workers})
			return err
		}, nil
	}
	Register(Case{
		Group:    "represent",
		Name:     "dictionary learning, digits 1797x64, 64 atoms, 20 iterations",
		Data:     digitsData,
		Parallel: true,
		Go:       dl,
		Python:   "peer_represent:dictionary_learning",
		Note: "K-SVD with 6-sparse OMP codes (LearnDictionary{K: 64, S: 6, MaxIter: 20}) vs DictionaryLearning(n_components=64, alpha=1, max_iter=20, transform_algorithm=\"omp\").fit; " +
			"goal >= 10x on 1 core. Reconstruction error of OMP codes with 6 nonzeros on all digits: featlab K-SVD 241025 vs scikit-learn 391300 (MiniBatch 389704) " +
			"(testdata/sklearn_dl.json, TestNotebook08Updates)",
	})
	Register(Case{
		Group:    "represent",
		Name:     "dictionary learning vs mini-batch, digits, 64 atoms",
		Data:     digitsData,
		Parallel: true,
		Go:       dl,
		Python:   "peer_represent:minibatch_dictionary_learning",
		Note:     "the same K-SVD run vs MiniBatchDictionaryLearning(n_components=64, alpha=1, transform_algorithm=\"omp\").fit (its defaults: batch_size 256, 1000 iterations)",
	})
	for _, k := range []int{10, 64} {
		k := k
		Register(Case{
			Group:    "represent",
			Name:     "k-means digits, k=" + map[int]string{10: "10", 64: "64"}[k] + ", 10 restarts",
			Data:     digitsData,
			Parallel: true,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X := data["X"]
				return func() error {
					_, err := represent.FitKMeans(X, represent.KMeansConfig{K: k, NInit: 10, Seed: 1, Workers: workers})
					return err
				}, nil
			},
			Python: "peer_represent:kmeans" + map[int]string{10: "10", 64: "64"}[k],
			Note: "FitKMeans (k-means++ pruned by bounds from the Gram matrix of the centred rows, Lloyd with Elkan's bounds (kernel.SubClampMask), full assignments as blocked distances; kernel.DotRows, DotRows2) vs KMeans(n_clusters=k, n_init=10, algorithm=\"lloyd\"); " +
				"goal >= 1.5x on 1 core at equal inertia: mean inertia over 5 seeds featlab 1165191 / 661456 (k=10 / 64) vs scikit-learn 1165199 / 661357 (TestKMeansInertiaVsSklearn)",
		})
	}
	Register(pcaCase("PCA digits 1797x64, all components", digitsData,
		"FitPCA (C^T C by kernel.Gram, eigen.Sym over the 61 non-constant columns: Householder tridiagonalisation, divide and conquer, Q Z by kernel.MulABt) vs PCA(svd_solver=\"full\").fit; goal >= 2x"))
	Register(pcaCase("PCA 10000x1000 (correlated Gaussian), all components", pcaData,
		"FitPCA (C^T C by kernel.Gram, about 0.6 s CPU, then eigen.Sym of the 1000 x 1000 covariance, about 0.5 s: blocked Householder tridiagonalisation 0.17 s, Cuppen divide and conquer 0.15 s, Q applied in compact WY blocks 0.16 s, all on kernel.DotRows/MulABt; gonum's EigenSym took 3.1 s) vs PCA(svd_solver=\"full\").fit (LAPACK gesdd); goal >= 2x"))
	Register(Case{
		Group:    "represent",
		Name:     "sparse coding OMP, 10000 samples, 256 atoms in R^64, s=10",
		Data:     codingData,
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, D := data["X"], data["D"]
			return func() error {
				_, err := represent.SparseEncode(X, represent.SparseCodeConfig{Atoms: D, S: 10, Rule: greedy.Correlation, Workers: workers})
				return err
			}, nil
		},
		Python: "peer_represent:sparse_coder_omp",
		Note:   "SparseEncode (greedy.OMPBatch, Correlation rule) vs SparseCoder(D, transform_algorithm=\"omp\", transform_n_nonzero_coefs=10).transform; goal >= 2x on 1 core",
	})
}

// pcaData returns a 10000 x 1000 matrix Z A + 0.1 N with Z (10000 x 50)
// and A (50 x 1000) standard normal, seeded: a few strong directions above
// a noise floor, the covariance well conditioned.
func pcaData() map[string]*mat.Dense {
	rng := rand.New(rand.NewPCG(2026, 25))
	const m, d, r = 10000, 1000, 50
	Z, A := mat.NewDense(m, r, nil), mat.NewDense(r, d, nil)
	for _, g := range []*mat.Dense{Z, A} {
		raw := g.RawMatrix().Data
		for i := range raw {
			raw[i] = rng.NormFloat64()
		}
	}
	X := mat.NewDense(m, d, nil)
	X.Mul(Z, A)
	raw := X.RawMatrix().Data
	for i := range raw {
		raw[i] += 0.1 * rng.NormFloat64()
	}
	return map[string]*mat.Dense{"X": X}
}

// pcaCase times FitPCA with every component on the data set against
// scikit-learn's full-SVD PCA.
func pcaCase(name string, data func() map[string]*mat.Dense, note string) Case {
	return Case{
		Group: "represent",
		Name:  name,
		Data:  data,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := represent.FitPCA(X, represent.PCAConfig{})
				return err
			}, nil
		},
		Python: "peer_represent:pca",
		Note:   note,
	}
}
