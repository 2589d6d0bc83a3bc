package main

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
)

// plsData is 5000 x 100 with AR(1)-correlated columns, x_j = z_j + 0.9
// x_{j-1} with z ~ N(0, I), and y = X w + N(0, 1), w ~ U(0, 1): the
// data of represent's BenchmarkPLS1, on which PLS extracts all 20
// directions (with independent columns it reaches least squares in 14).
func plsData() map[string]*mat.Dense {
	const m, d = 5000, 100
	rng := rand.New(rand.NewPCG(5, 5))
	w := make([]float64, d)
	for j := range w {
		w[j] = rng.Float64()
	}
	X, y := mat.NewDense(m, d, nil), mat.NewDense(m, 1, nil)
	for i := 0; i < m; i++ {
		row, s := X.RawRowView(i), 0.0
		for j := range row {
			if row[j] = rng.NormFloat64(); j > 0 {
				row[j] += 0.9 * row[j-1]
			}
			s += w[j] * row[j]
		}
		y.Set(i, 0, s+rng.NormFloat64())
	}
	return map[string]*mat.Dense{"X": X, "y": y}
}

func init() {
	Register(Case{
		Group: "represent",
		Name:  "PLS1, 20 components, m=5000 d=100",
		Data:  plsData,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				r, err := represent.FitPLS(X, y, represent.PLSConfig{Components: 20})
				if err == nil && r.Directions != 20 {
					err = fmt.Errorf("%d directions, want 20", r.Directions)
				}
				return err
			}, nil
		},
		Python: "peer_pls:pls1",
		R:      "peer_pls.R:plsr1",
		Note: "PLS1 with X standardized, coefficients of all 20 component counts on our side; sklearn PLSRegression(n_components=20, " +
			"scale=True) (NIPALS, coefficients for 20 only); R pls plsr(ncomp=20, scale=TRUE, method='kernelpls', validation='none'), " +
			"the R column being pls, not glmnet",
	})
	Register(Case{
		Group: "represent",
		Name:  "PCR, 20 components, m=5000 d=100",
		Data:  plsData,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				_, err := represent.FitPCR(X, y, represent.PCRConfig{Components: 20})
				return err
			}, nil
		},
		R:    "peer_pls.R:pcr20",
		Note: "PCR with X standardized: R pls pcr(ncomp=20, scale=TRUE, validation='none') (svdpc), the R column being pls",
	})
}
