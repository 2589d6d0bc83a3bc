package validate

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
)

// CVResult holds the per-fold scores of a cross-validation and their
// summary.
type CVResult struct {
	Scores []float64 // score of each fold, in fold order
	Mean   float64   // mean of Scores
	// StdErr is the standard error of the mean, s/sqrt(k) with s the
	// sample standard deviation (divisor k-1) of the k fold scores; 0 for
	// a single fold. The folds share training data, so it understates the
	// true uncertainty; read it as a scale, not a confidence interval.
	StdErr float64
}

// CVConfig configures CrossValidate. Learner, Folds and Metric are
// required; the other fields' zero values use all cores and report no
// progress.
type CVConfig struct {
	// Learner is fitted on the training rows of every fold. Folds run in
	// parallel, so Fit and the Predictors it returns must be safe to call
	// from several goroutines at once, as featlab's learners are (Fit must
	// not keep or modify X or y).
	Learner featlab.Learner
	// Folds are the train/test splits (KFold, StratifiedKFold, Bootstrap,
	// or the caller's own).
	Folds []Fold
	// Metric scores a fold as Metric(yTest, predictions).
	Metric Metric
	// Workers is the number of folds fitted at once; 0 means all cores
	// (GOMAXPROCS), 1 runs the folds one after the other in the calling
	// goroutine.
	Workers int
	// Progress, if not nil, is told after each fold finishes (done folds
	// of total), from the calling goroutine, in order.
	Progress featlab.Progress
}

// CrossValidate fits cfg.Learner on the training rows of every fold and
// scores its predictions on the test rows with cfg.Metric(yTest, yhat).
//
// Each fold writes only its own score, so the result is the same for any
// number of workers. If folds fail, the error of the first failing fold
// (in fold order) is returned, naming the fold; a Learner or Predictor
// that panics gives an error wrapping featlab.ErrPanic, and a Learner that
// returns a nil Predictor an error wrapping featlab.ErrParam.
//
// y must be finite, with one value per row. X may hold missing cells
// (NaN), so that a Learner that imputes inside each fold (a transform.Model
// whose first step is an Imputer) sees only its training rows; a Learner
// that cannot take them fails with an error naming the cell. An infinity
// in X is an error. Every fold index must be in [0, m) and every fold's
// training and test sets non-empty.
func CrossValidate(X mat.Matrix, y []float64, cfg CVConfig) (*CVResult, error) {
	return CrossValidateContext(context.Background(), X, y, cfg)
}

// CrossValidateContext is CrossValidate with a context: once ctx is
// cancelled no new fold starts, and the scores of the folds that finished
// are returned (NaN for the others, Mean and StdErr over the finished ones)
// with an error wrapping ctx.Err().
func CrossValidateContext(ctx context.Context, X mat.Matrix, y []float64, cfg CVConfig) (*CVResult, error) {
	if cfg.Learner == nil || cfg.Metric == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: CVConfig needs a Learner and a Metric")
	}
	if err := featlab.CheckMatrixMissing(X, nil); err != nil {
		return nil, err
	}
	m, _ := X.Dims()
	if len(y) != m {
		return nil, featlab.Errorf(featlab.ErrShape, "validate: X has %d rows but y has %d values", m, len(y))
	}
	if err := featlab.CheckVector(y, "target"); err != nil {
		return nil, err
	}
	folds := cfg.Folds
	if err := CheckFolds(m, folds); err != nil {
		return nil, err
	}
	Xd := matx.RowMajor(X)
	Xm := &mat.Dense{}
	Xm.SetRawMatrix(Xd)
	scores := make([]float64, len(folds))
	for f := range scores {
		scores[f] = math.NaN()
	}
	run := func(f int) error {
		fold := folds[f]
		s, err := fitScore(ctx, cfg.Learner, cfg.Metric, matx.Rows(Xm, fold.Train), matx.Take(y, fold.Train),
			matx.Rows(Xm, fold.Test), matx.Take(y, fold.Test))
		if err != nil {
			return err
		}
		scores[f] = s
		return nil
	}
	err := par.Do(ctx, len(folds), cfg.Workers, cfg.Progress, func(f int) error {
		if err := run(f); err != nil {
			if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
				// A fit that stopped because ctx was cancelled while it ran is
				// the cancel, not a failing fold: the folds that finished are
				// still reported below.
				return err
			}
			return &foldError{fold: f, err: err}
		}
		return nil
	})
	if err != nil {
		var fe *foldError
		var pe *par.PanicError
		switch {
		case errors.As(err, &fe):
			return nil, featlab.Wrap(fe.err, "validate: fold %d", fe.fold)
		case errors.As(err, &pe) && pe.Index >= 0:
			return nil, featlab.Wrap(err, "validate: fold %d", pe.Index)
		case errors.As(err, &pe):
			return nil, featlab.Wrap(err, "validate")
		default:
			err = featlab.Wrap(err, "validate: cross-validation stopped")
			mean, se, serr := MeanStdErr(finite(scores))
			if serr != nil {
				return nil, err // no fold finished
			}
			return &CVResult{Scores: scores, Mean: mean, StdErr: se}, err
		}
	}
	mean, se, err := MeanStdErr(scores)
	if err != nil {
		return nil, err
	}
	return &CVResult{Scores: scores, Mean: mean, StdErr: se}, nil
}

// fitScore fits l on (Xtr, ytr) (through featlab.FitContext) and returns
// metric(yte, yhat), yhat the predictions on Xte: one model scored on rows
// that took no part in its fit, as each fold of CrossValidate and
// HoldoutScore do. A nil Predictor without an error is an error wrapping
// featlab.ErrParam.
func fitScore(ctx context.Context, l featlab.Learner, metric Metric, Xtr mat.Matrix, ytr []float64, Xte mat.Matrix, yte []float64) (float64, error) {
	pred, err := featlab.FitContext(ctx, l, Xtr, ytr)
	if err != nil {
		return 0, err
	}
	if featlab.IsNilValue(pred) {
		return 0, featlab.Errorf(featlab.ErrParam, "validate: the Learner returned a nil Predictor and no error")
	}
	yhat, err := pred.Predict(Xte)
	if err != nil {
		return 0, err
	}
	return metric(yte, yhat)
}

type foldError struct {
	fold int
	err  error
}

func (e *foldError) Error() string { return fmt.Sprintf("fold %d: %v", e.fold, e.err) }
func (e *foldError) Unwrap() error { return e.err }

// CheckFolds returns an error unless folds is non-empty and every fold has
// non-empty training and test sets with indices in [0, m). The folds
// configure the call, so every error wraps featlab.ErrParam (the rule of
// its doc); no folds or an empty training or test set wraps
// featlab.ErrEmpty as well.
func CheckFolds(m int, folds []Fold) error {
	if len(folds) == 0 {
		return emptyFolds("validate: no folds")
	}
	for f, fold := range folds {
		if len(fold.Train) == 0 || len(fold.Test) == 0 {
			return emptyFolds(fmt.Sprintf("validate: fold %d has %d training and %d test examples", f, len(fold.Train), len(fold.Test)))
		}
		for _, set := range [][]int{fold.Train, fold.Test} {
			for _, i := range set {
				if i < 0 || i >= m {
					return featlab.Errorf(featlab.ErrParam, "validate: fold %d holds index %d outside [0, %d)", f, i, m)
				}
			}
		}
	}
	return nil
}

// emptyFolds is the error of an empty set of folds or an empty fold: a
// parameter (ErrParam) that is empty (ErrEmpty).
func emptyFolds(msg string) error {
	return fmt.Errorf("%w (%w)", featlab.Errorf(featlab.ErrParam, "%s", msg), featlab.ErrEmpty)
}

func finite(v []float64) []float64 {
	var out []float64
	for _, x := range v {
		if !math.IsNaN(x) {
			out = append(out, x)
		}
	}
	return out
}

// MeanStdErr returns the mean of v and its standard error s/sqrt(k), with
// s the sample standard deviation (divisor k-1; 0 for a single value): the
// summary of k fold scores that CrossValidate and linear.LassoCV report.
// An empty v has no mean: the error wraps featlab.ErrEmpty.
func MeanStdErr(v []float64) (mean, se float64, err error) {
	if len(v) == 0 {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "validate: the mean of no scores")
	}
	k := float64(len(v))
	for _, x := range v {
		mean += x
	}
	mean /= k
	if len(v) < 2 {
		return mean, 0, nil
	}
	ss := 0.0
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/(k-1)) / math.Sqrt(k), nil
}
