package validate

import (
	"context"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// HoldoutConfig configures HoldoutScore. Learner and Metric are required.
type HoldoutConfig struct {
	// Learner is fitted once, on the training rows.
	Learner featlab.Learner
	// Columns are the features the model uses (nil: all of them).
	Columns []int
	// Metric scores the test rows as Metric(test.Y, predictions).
	Metric Metric
}

// HoldoutScore fits cfg.Learner on the columns cfg.Columns of train and
// returns cfg.Metric(test.Y, yhat), yhat its predictions on the same
// columns of test: the score, on data that took no part in the fit, of
// one model (the lecture's "select on validation data, report on test
// data", for a subset chosen beforehand). train and test must have the
// same features; a Learner or Predictor that panics gives an error
// wrapping featlab.ErrPanic, a nil Predictor one wrapping featlab.ErrParam.
func HoldoutScore(train, test *featlab.Dataset, cfg HoldoutConfig) (float64, error) {
	if train == nil || test == nil || train.X == nil || test.X == nil {
		return 0, featlab.Errorf(featlab.ErrEmpty, "validate: HoldoutScore needs a training and a test set")
	}
	if cfg.Learner == nil || cfg.Metric == nil {
		return 0, featlab.Errorf(featlab.ErrParam, "validate: HoldoutScore needs a Learner and a Metric")
	}
	_, d := train.X.Dims()
	if _, dt := test.X.Dims(); dt != d {
		return 0, featlab.Errorf(featlab.ErrShape, "validate: HoldoutScore: train has %d features, test %d", d, dt)
	}
	tr, te := train, test
	if cfg.Columns != nil {
		var err error
		if tr, err = train.Columns(cfg.Columns); err != nil {
			return 0, err
		}
		if te, err = test.Columns(cfg.Columns); err != nil {
			return 0, err
		}
	}
	var score float64
	err := par.Call(0, func() (err error) {
		score, err = fitScore(context.Background(), cfg.Learner, cfg.Metric, tr.X, tr.Y, te.X, te.Y)
		return err
	})
	if err != nil {
		return 0, featlab.Wrap(err, "validate: HoldoutScore")
	}
	return score, nil
}

// CountFits wraps l so that every call of Fit adds one to n (atomically:
// cross-validation fits its folds in parallel), to count what a selection
// method pays in model fits. The wrapped learner fits exactly as l; l
// and n must not be nil.
func CountFits(l featlab.Learner, n *atomic.Int64) featlab.Learner {
	return featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		n.Add(1)
		return l.Fit(X, y)
	})
}
