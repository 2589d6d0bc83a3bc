package main

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
)

// linearData is scikit-learn's make_regression design (synth.Regression):
// X ~ N(0, 1) m x d, 20 informative features with weights 100 U(0, 1),
// noise 1; and the lambdas of the default 100-value grid (eps 1e-3) of the
// lasso with intercept, so that both sides fit the same values.
func linearData(m, d int) map[string]*mat.Dense {
	ds, _, err := synth.Regression(m, synth.RegressionConfig{Features: d, Informative: 20, Noise: 1}, 0)
	if err != nil {
		panic(err)
	}
	grid, err := linear.LassoGrid(ds.X, ds.Y, 100, 1e-3, true)
	if err != nil {
		panic(err)
	}
	return map[string]*mat.Dense{
		"X":       ds.X,
		"y":       mat.NewDense(m, 1, ds.Y),
		"lambdas": mat.NewDense(len(grid), 1, grid),
	}
}

func init() {
	for _, sz := range [][2]int{{2000, 500}, {10000, 1000}, {200, 5000}} {
		m, d := sz[0], sz[1]
		data := func() map[string]*mat.Dense { return linearData(m, d) }
		Register(Case{
			Group: "linear",
			Name:  fmt.Sprintf("lasso path, 100 lambdas, m=%d d=%d", m, d),
			Data:  data,
			Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
				X, y := data["X"], col(data["y"])
				return func() error {
					p, err := linear.LassoPath(X, y, linear.LassoPathConfig{Intercept: true})
					if err == nil && !p.Converged {
						return fmt.Errorf("path did not converge")
					}
					return err
				}, nil
			},
			Python: "peer_linear:lasso_path",
			R:      "peer_linear.R:glmnet_path",
			Note: "intercept on both sides (sklearn: centring inside the timed call, then lasso_path on the same grid, " +
				"tol 1e-4, precompute='auto'); glmnet: standardize=FALSE, same lambdas, default thresh 1e-7 " +
				"(its own criterion), fdev=0 so that it does not stop the path early",
		})
		if d > m {
			continue // the wide case: path only
		}
		for _, k := range []int{50, 90} {
			k := k
			Register(Case{
				Group: "linear",
				Name:  fmt.Sprintf("lasso fit at grid[%d], tol 1e-4, m=%d d=%d", k, m, d),
				Data:  data,
				Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
					X, y := data["X"], col(data["y"])
					lam := data["lambdas"].At(k, 0)
					return func() error {
						r, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: lam, Intercept: true})
						if err == nil && !r.Converged {
							return fmt.Errorf("lasso did not converge")
						}
						return err
					}, nil
				},
				Python: fmt.Sprintf("peer_linear:lasso_fit_%d", k),
				Note:   "sklearn Lasso(alpha, tol=1e-4), fit_intercept=True, from zero on both sides",
			})
		}
	}
	Register(Case{
		Group:    "linear",
		Name:     "lasso 5-fold CV over 100 lambdas, m=2000 d=500",
		Data:     func() map[string]*mat.Dense { return linearData(2000, 500) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				_, err := linear.LassoCV(X, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Folds: 5, Workers: workers})
				return err
			}, nil
		},
		Python: "peer_linear:lasso_cv",
		R:      "peer_linear.R:glmnet_cv",
		Note:   "sklearn LassoCV(cv=5, n_jobs=1) and cv.glmnet(nfolds=5): the same work (path on the full data plus five fold paths), different fold assignments",
	})
}
