package main

import (
	"fmt"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/importance"
	"github.com/featlab/course/featlab/knockoff"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// Model choice along a path (issue 21): information criteria for the
// lasso, leave-one-out ridge, OMP by CV and RFECV against their
// scikit-learn peers; the knockoff filter, which has no packaged peer,
// timed alone (per simulation).

func init() {
	Register(Case{
		Group: "beyond",
		Name:  "LassoIC (BIC) exact LARS path, m=5000 d=200",
		Data:  func() map[string]*mat.Dense { return greedyData(5000, 200) },
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				_, err := linear.LassoIC(X, y, linear.LassoICConfig{Criterion: linear.BIC, Intercept: true})
				return err
			}, nil
		},
		Python: "peer_beyond:lasso_lars_ic",
		Note:   "LassoIC(BIC, Intercept) vs LassoLarsIC(criterion=\"bic\"): the same LARS-lasso path (Gram of X, one Cholesky per step)",
	})
	Register(Case{
		Group: "beyond",
		Name:  "RidgeCV leave-one-out, 20 alphas, m=2000 d=200",
		Data:  func() map[string]*mat.Dense { return greedyData(2000, 200) },
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			al := floats.LogSpan(make([]float64, 20), 1e-2, 1e4)
			return func() error {
				_, err := linear.RidgeCV(X, y, linear.RidgeCVConfig{Alphas: al, Intercept: true})
				return err
			}, nil
		},
		Python: "peer_beyond:ridge_cv",
		Note:   "RidgeCV (exact LOO by one SVD) vs RidgeCV(alphas=logspace(-2, 4, 20)) (gcv mode, eigendecomposition of X^T X)",
	})
	Register(Case{
		Group: "beyond",
		Name:  "OMPCV 5 folds, up to 20 nonzeros, m=2000 d=200",
		Data:  func() map[string]*mat.Dense { return greedyData(2000, 200) },
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			m, _ := X.Dims()
			folds, err := validate.KFoldUnshuffled(m, 5)
			if err != nil {
				return nil, err
			}
			cfg := greedy.OMPCVConfig{OMP: greedy.OMPConfig{Rule: greedy.Correlation, Intercept: true}, Splits: folds}
			return func() error {
				_, err := greedy.OMPCV(X, y, cfg)
				return err
			}, nil
		},
		Python: "peer_beyond:omp_cv",
		Note:   "OMPCV (Correlation rule, Intercept, T = 20) vs OrthogonalMatchingPursuitCV(cv=5) (max_iter 20 for d = 200, unshuffled folds on both sides)",
	})
	Register(Case{
		Group:    "beyond",
		Name:     "RFECV step 1, 5 stratified folds, logistic C=1, breast cancer 569x30",
		Data:     classifBreastCancer,
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			folds, err := validate.StratifiedKFoldUnshuffled(y, 5)
			if err != nil {
				return nil, err
			}
			// C = 1: lambda = 1/m of the rows each model is fitted on;
			// a LogisticConfig, so RFE warm-starts it from step to step
			learner := linear.LogisticConfig{C: 1, Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-7}
			return func() error {
				_, err := importance.RFECV(X, y, importance.RFECVConfig{Learner: learner, Folds: folds, Workers: workers})
				return err
			}, nil
		},
		Python: "peer_beyond:rfecv",
		Note:   "RFECV with linear.Logistic (l2, lambda = 1/m per fold, tol 1e-7, C = 1, warm-started within each fold) vs RFECV(LogisticRegression(C=1, newton-cg, tol=1e-7), cv=StratifiedKFold(5), scoring=\"accuracy\", n_jobs=1): 5 x 30 + 30 fits each",
	})
	Register(Case{
		Group: "beyond",
		Name:  "knockoff+ fixed-X filter, one simulation, m=1000 d=200",
		Data:  func() map[string]*mat.Dense { return map[string]*mat.Dense{} },
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			cfg := knockoff.SimulateConfig{M: 1000, D: 200, K: 20, Runs: 1, Seed: 1, Workers: 1,
				Filter: knockoff.FilterConfig{Q: 0.1}}
			return func() error {
				r, err := knockoff.Simulate(cfg)
				if err == nil && len(r.FDP) != 1 {
					return fmt.Errorf("knockoff: %d runs", len(r.FDP))
				}
				return err
			}, nil
		},
		Note: "no packaged peer: the time of one simulation (draw X and y, equicorrelated fixed-X knockoffs, lasso statistic, knockoff+ threshold at q = 0.1)",
	})
}
