package main

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/importance"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// Importance-based selection (featlab/importance) against scikit-learn's
// RFE and permutation_importance, with LogisticRegression(C=1) on the
// standardized breast cancer data.

// sklearnC1 is scikit-learn's LogisticRegression(C=1): the l2 logistic
// regression with lambda = 1/m on the m rows it is fitted on, and
// tolerance 1e-7 on the gradient of the average loss (scikit-learn's
// newton-cg with tol=1e-7 stops on the same measure).
var sklearnC1 = featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	m, _ := X.Dims()
	return linear.Logistic(X, y, linear.LogisticConfig{Lambda: 1 / float64(m), Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-7})
})

func init() {
	Register(Case{
		Group: "importance",
		Name:  "RFE to 15 features, step 1, logistic C=1, breast cancer 569x30",
		Data:  classifBreastCancer,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			m, _ := X.Dims()
			// RFE fits every model on all m rows, so C = 1 is lambda = 1/m
			// throughout; as a LogisticConfig it is warm-started.
			lc := linear.LogisticConfig{Lambda: 1 / float64(m), Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-7}
			return func() error {
				_, err := importance.RFE(X, y, importance.RFEConfig{Learner: lc, NFeatures: 15})
				return err
			}, nil
		},
		Python: "peer_importance:rfe",
		Note:   "RFE with linear.Logistic (l2, lambda = 1/m, Newton with exact Cholesky steps, warm-started from step to step, tol 1e-7) vs RFE(LogisticRegression(C=1, newton-cg, tol=1e-7)); 16 fits each; goal >= 5x on 1 core",
	})
	Register(Case{
		Group:    "importance",
		Name:     "permutation importance, 10 repeats, logistic, breast cancer test rows 400-568",
		Data:     classifBreastCancer,
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			tr := make([]int, 400)
			te := make([]int, len(y)-400)
			for i := range tr {
				tr[i] = i
			}
			for i := range te {
				te[i] = 400 + i
			}
			p, err := sklearnC1.Fit(matx.Rows(X, tr), matx.Take(y, tr))
			if err != nil {
				return nil, err
			}
			Xt, yt := matx.Rows(X, te), matx.Take(y, te)
			return func() error {
				_, err := importance.Permutation(Xt, yt, importance.PermutationConfig{Predictor: p, Metric: validate.Accuracy, Repeats: 10, Workers: workers})
				return err
			}, nil
		},
		Python: "peer_importance:permutation",
		Note:   "Permutation (accuracy) vs permutation_importance(scoring=\"accuracy\", n_repeats=10, n_jobs=1) on the same fitted-model setting; goal >= 3x on 1 core",
	})
}
