package validate

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
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

// CVConfig configures CrossValidate. The zero value uses all cores and
// reports no progress.
type CVConfig struct {
	// Workers is the number of folds fitted at once; 0 means all cores
	// (GOMAXPROCS), 1 runs the folds one after the other in the calling
	// goroutine.
	Workers int
	// Progress, if not nil, is told after each fold finishes (done folds
	// of total), from the calling goroutine, in order.
	Progress featlab.Progress
}

// CrossValidate fits learner on the training rows of every fold and scores
// its predictions on the test rows with metric, running folds in parallel
// on all cores. It is CVConfig{}.Run.
func CrossValidate(learner featlab.Learner, X mat.Matrix, y []float64, folds []Fold, metric Metric) (*CVResult, error) {
	return CVConfig{}.Run(learner, X, y, folds, metric)
}

// Run fits learner on the training rows of every fold and scores its
// predictions on the test rows with metric(yTest, predictions).
//
// Folds run in parallel (see Workers), so learner.Fit and the Predictors
// it returns must be safe to call from several goroutines at once, as
// featlab's learners are (Fit must not keep or modify X or y). Each fold
// writes only its own score, so the result is the same for any number of
// workers. If folds fail, the error of the first failing fold (in fold
// order) is returned, naming the fold.
//
// X and y must be finite, with one y per row; every fold index must be in
// [0, m) and every fold's training and test sets non-empty.
func (c CVConfig) Run(learner featlab.Learner, X mat.Matrix, y []float64, folds []Fold, metric Metric) (*CVResult, error) {
	if learner == nil || metric == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: nil learner or metric")
	}
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if len(folds) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "validate: no folds")
	}
	for f, fold := range folds {
		if len(fold.Train) == 0 || len(fold.Test) == 0 {
			return nil, featlab.Errorf(featlab.ErrEmpty, "validate: fold %d has %d training and %d test examples", f, len(fold.Train), len(fold.Test))
		}
		for _, set := range [][]int{fold.Train, fold.Test} {
			for _, i := range set {
				if i < 0 || i >= m {
					return nil, featlab.Errorf(featlab.ErrParam, "validate: fold %d holds index %d outside [0, %d)", f, i, m)
				}
			}
		}
	}
	Xd := mat.DenseCopyOf(X)
	scores := make([]float64, len(folds))
	errs := make([]error, len(folds))
	run := func(f int) {
		fold := folds[f]
		Xtr, ytr := rows(Xd, y, fold.Train, d)
		Xte, yte := rows(Xd, y, fold.Test, d)
		pred, err := learner.Fit(Xtr, ytr)
		if err != nil {
			errs[f] = err
			return
		}
		yhat, err := pred.Predict(Xte)
		if err != nil {
			errs[f] = err
			return
		}
		scores[f], errs[f] = metric(yte, yhat)
	}
	if c.Progress == nil {
		par.For(len(folds), c.Workers, run)
	} else {
		// Workers report finished folds on a channel; this goroutine
		// counts them and calls Progress, so Progress runs in one
		// goroutine, in order.
		done := make(chan struct{}, len(folds))
		go func() {
			par.For(len(folds), c.Workers, func(f int) {
				run(f)
				done <- struct{}{}
			})
		}()
		for k := 1; k <= len(folds); k++ {
			<-done
			c.Progress(k, len(folds))
		}
	}
	for f, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("featlab: validate: fold %d: %w", f, err)
		}
	}
	mean, se := meanStdErr(scores)
	return &CVResult{Scores: scores, Mean: mean, StdErr: se}, nil
}

// rows copies the given rows of X and y.
func rows(X *mat.Dense, y []float64, idx []int, d int) (*mat.Dense, []float64) {
	out := mat.NewDense(len(idx), d, nil)
	raw := out.RawMatrix()
	yo := make([]float64, len(idx))
	for k, i := range idx {
		copy(raw.Data[k*raw.Stride:k*raw.Stride+d], X.RawRowView(i))
		yo[k] = y[i]
	}
	return out, yo
}

// meanStdErr returns the mean of v and its standard error s/sqrt(k), with
// s the sample standard deviation (0 for a single value).
func meanStdErr(v []float64) (mean, se float64) {
	k := float64(len(v))
	for _, x := range v {
		mean += x
	}
	mean /= k
	if len(v) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/(k-1)) / math.Sqrt(k)
}
