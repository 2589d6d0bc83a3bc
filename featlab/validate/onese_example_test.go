package validate_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/validate"
)

// The one-standard-error rule: model 4 has the smallest error, 0.57 with
// standard error 0.06; the simplest model within 0.63 is model 2.
func ExampleOneSE() {
	r, _ := validate.OneSE(validate.Curve{
		Mean:   []float64{1.5, 0.9, 0.62, 0.58, 0.57, 0.60},
		StdErr: []float64{0.2, 0.1, 0.08, 0.07, 0.06, 0.06},
	})
	fmt.Printf("best %d, threshold %.2f, chosen %d\n", r.Best, r.Threshold, r.Chosen)
	// Output:
	// best 4, threshold 0.63, chosen 2
}

// Ten-fold cross-validation of PLS with 0..8 directions on ESL's prostate
// training rows (ESL Fig. 3.7), and the number of directions the
// one-standard-error rule chooses: 2, ESL's choice in Table 3.3 (its
// folds differ, so its curve does too).
func ExampleCrossValidatePath() {
	ds := datasets.Prostate()
	train, _ := datasets.ProstateSplit()
	X, y := matx.Rows(ds.X, train), matx.Take(ds.Y, train)
	folds, _ := validate.KFold(len(y), 10, 1)
	res, _ := validate.CrossValidatePath(X, y, validate.PathCVConfig{
		Fit: func(X mat.Matrix, y []float64) (validate.PathPredictor, error) {
			return represent.FitPLS(X, y, represent.PLSConfig{})
		},
		Folds: folds, Metric: validate.MSE,
	})
	for k, e := range res.Curve.Mean {
		fmt.Printf("%d directions: CV error %.3f (se %.3f)\n", k, e, res.Curve.StdErr[k])
	}
	fmt.Printf("best %d, one-SE choice %d\n", res.OneSE.Best, res.OneSE.Chosen)
	// Output:
	// 0 directions: CV error 1.442 (se 0.242)
	// 1 directions: CV error 0.720 (se 0.086)
	// 2 directions: CV error 0.644 (se 0.080)
	// 3 directions: CV error 0.618 (se 0.100)
	// 4 directions: CV error 0.607 (se 0.107)
	// 5 directions: CV error 0.598 (se 0.097)
	// 6 directions: CV error 0.593 (se 0.098)
	// 7 directions: CV error 0.594 (se 0.098)
	// 8 directions: CV error 0.594 (se 0.098)
	// best 6, one-SE choice 2
}
