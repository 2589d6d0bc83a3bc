package main

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/synth"
)

// greedyData is scikit-learn's make_regression design (synth.Regression):
// X ~ N(0, 1) m x d, 20 informative features, noise 1.
func greedyData(m, d int) map[string]*mat.Dense {
	ds, _, err := synth.Regression(m, synth.RegressionConfig{Features: d, Informative: 20, Noise: 1}, 0)
	if err != nil {
		panic(err)
	}
	return map[string]*mat.Dense{"X": ds.X, "y": mat.NewDense(m, 1, ds.Y)}
}

func init() {
	for _, sz := range [][2]int{{2000, 500}, {10000, 1000}} {
		m, d := sz[0], sz[1]
		data := func() map[string]*mat.Dense { return greedyData(m, d) }
		Register(Case{
			Group: "greedy",
			Name:  fmt.Sprintf("OMP 20 nonzeros, m=%d d=%d", m, d),
			Data:  data,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["y"])
				cfg := greedy.OMPConfig{T: 20, Rule: greedy.Correlation, Intercept: true, Workers: workers}
				return func() error {
					r, err := greedy.OMP(X, y, cfg)
					if err == nil && len(r.Support) != 20 {
						return fmt.Errorf("OMP chose %d features", len(r.Support))
					}
					return err
				}, nil
			},
			Python: "peer_greedy:omp20",
			Note: "the same algorithm on both sides: scikit-learn OrthogonalMatchingPursuit(n_nonzero_coefs=20), " +
				"fit_intercept=True, precompute='auto' (it forms X^T X since m > d); featlab OMP Rule Correlation, " +
				"Intercept, no Gram matrix (one pass over X per round, single-threaded: the pass is memory-bound)",
		})
		Register(Case{
			Group: "greedy",
			Name:  fmt.Sprintf("OMP 20 nonzeros, book rule, m=%d d=%d", m, d),
			Data:  data,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["y"])
				cfg := greedy.OMPConfig{T: 20, Intercept: true, Workers: workers}
				return func() error { _, err := greedy.OMP(X, y, cfg); return err }, nil
			},
			Python: "peer_greedy:omp20",
			Note:   "featlab OMP with the book's Exact rule (same cost as the Correlation rule); peer as above",
		})
		Register(Case{
			Group: "greedy",
			Name:  fmt.Sprintf("OMP textbook (SVD every round), 20 nonzeros, m=%d d=%d", m, d),
			Data:  data,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["y"])
				cfg := greedy.OMPConfig{T: 20, Intercept: true, Workers: workers}
				return func() error { _, err := greedy.OMPTextbook(X, y, cfg); return err }, nil
			},
			Parallel: true,
			Python:   "peer_greedy:omp20",
			Note: "the pseudocode of 25.1.2 as printed (an SVD of X_I and all d projections every round): " +
				"what the efficient form buys; the sklearn column is the same OrthogonalMatchingPursuit run, for scale",
		})
	}
	// Batch OMP: sparse coding of many signals against one dictionary.
	Register(Case{
		Group: "greedy",
		Name:  "OMPBatch 10 nonzeros, 5000 signals, 64x256 dictionary",
		Data: func() map[string]*mat.Dense {
			ds, _, err := synth.Regression(5000+64, synth.RegressionConfig{Features: 256, Informative: 20, Noise: 1}, 1)
			if err != nil {
				panic(err)
			}
			D := mat.DenseCopyOf(ds.X.Slice(0, 64, 0, 256))
			for j := 0; j < 256; j++ {
				c := D.ColView(j)
				n := mat.Norm(c, 2)
				for i := 0; i < 64; i++ {
					D.Set(i, j, D.At(i, j)/n)
				}
			}
			Y := mat.DenseCopyOf(ds.X.Slice(64, 5064, 0, 64))
			return map[string]*mat.Dense{"D": D, "Y": Y}
		},
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			cfg := greedy.OMPConfig{T: 10, Rule: greedy.Correlation, Workers: workers}
			return func() error { _, err := greedy.OMPBatch(data["D"], data["Y"], cfg); return err }, nil
		},
		Parallel: true,
		Python:   "peer_greedy:omp_batch10",
		Note:     "scikit-learn orthogonal_mp_gram(D^T D, D^T Y^T, n_nonzero_coefs=10) with the Gram product inside the timed call",
	})
}
