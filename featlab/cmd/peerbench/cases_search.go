package main

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
)

// searchData is make_regression-style data (synth.Regression): X ~ N(0, 1)
// m x d, 10 informative features with weights 100 U(0, 1), noise sd 10.
func searchData(m, d int) map[string]*mat.Dense {
	ds, _, err := synth.Regression(m, synth.RegressionConfig{Features: d, Informative: 10, Noise: 10}, 0)
	if err != nil {
		panic(err)
	}
	return map[string]*mat.Dense{"X": ds.X, "y": mat.NewDense(m, 1, ds.Y)}
}

func init() {
	fwdData := func() map[string]*mat.Dense { return searchData(2000, 50) }
	forward := func(crit search.Criterion) func(map[string]*mat.Dense, int) (func() error, error) {
		return func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				r, err := search.Select(X, y, search.Config{Strategy: search.Forward{K: 10, Rule: search.ExactK}, Criterion: crit, Workers: workers})
				if err == nil && len(r.Subset) != 10 {
					return fmt.Errorf("forward chose %d features", len(r.Subset))
				}
				return err
			}, nil
		}
	}
	Register(Case{
		Group:    "search",
		Name:     "forward 10 of 50, least squares 5-fold CV MSE (Gram), m=2000",
		Data:     fwdData,
		Go:       forward(search.LeastSquares{Score: search.CVMSE}),
		Parallel: true,
		Python:   "peer_search:sfs_forward",
		Note: "sklearn SequentialFeatureSelector(LinearRegression(), n_features_to_select=10, cv=KFold(5), " +
			"scoring='neg_mean_squared_error'): 455 candidate subsets x 5 fits; featlab: the same 455 subsets " +
			"scored from per-fold Gram matrices with Cholesky extensions (same selections and scores: golden test)",
	})
	Register(Case{
		Group:    "search",
		Name:     "forward 10 of 50, generic CV wrapper (LeastSquares learner), m=2000",
		Data:     fwdData,
		Go:       forward(search.CV{Learner: linear.LeastSquaresConfig{Intercept: true}}),
		Parallel: true,
		Python:   "peer_search:sfs_forward",
		Note: "the same search through search.CV: each of the 455 subsets is copied out and fitted 5 times by " +
			"linear.LeastSquares (QR), as sklearn does; evaluations/s = 455 / time",
	})
	for _, d := range []int{20, 30} {
		d := d
		Register(Case{
			Group: "search",
			Name:  fmt.Sprintf("best subset of every size, least squares, d=%d m=1000", d),
			Data:  func() map[string]*mat.Dense { return searchData(1000, d) },
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["y"])
				return func() error {
					_, err := search.BestSubsets(X, y, search.BestSubsetsConfig{})
					return err
				}, nil
			},
			R:    "peer_search.R:leaps_exhaustive",
			Note: "leaps::regsubsets(x, y, nvmax = d, method = \"exhaustive\") (nbest 1, intercept); featlab: BestSubsets, branch and bound (same subsets: golden test on other data)",
		})
	}
}
