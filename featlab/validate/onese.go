package validate

import (
	"context"
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
)

// Curve is a cross-validation curve: the estimated prediction error of a
// family of models and its standard error, one entry per model.
type Curve struct {
	// Mean[i] is the cross-validated error of model i (smaller is better).
	Mean []float64
	// StdErr[i] is its standard error (MeanStdErr: s/sqrt(K) over K folds).
	StdErr []float64
	// Complexity[i] orders the models from simple to complex (a number of
	// components, features or degrees of freedom; for a penalty, minus
	// lambda). nil: the index order, model 0 the simplest.
	Complexity []float64
}

// OneSEResult is the choice of the one-standard-error rule on a Curve.
type OneSEResult struct {
	// Best is the index of the smallest Mean (the simplest among ties).
	Best int
	// Threshold is Mean[Best] + StdErr[Best].
	Threshold float64
	// Chosen is the index of the simplest model whose Mean is at most
	// Threshold (the smallest Mean among equally simple ones).
	Chosen int
}

// OneSE applies the one-standard-error rule (Hastie, Tibshirani and
// Friedman, ESL 2nd ed., sec. 3.3 and 7.10, Fig. 3.7; Breiman et al. 1984)
// to a cross-validation curve: with b the model of smallest mean error,
// choose the least complex model i with
//
//	Mean[i] <= Mean[b] + StdErr[b],
//
// the most parsimonious model whose error is within one standard error of
// the best. Least complex means smallest Complexity (index order when it
// is nil); ties go to the smaller Mean, then the smaller index. Every
// model of the curve is a candidate, whether it lies before or after b.
// (linear.LassoCV's Index1SE is this rule with Complexity = -lambda.)
//
// Errors: an empty curve (ErrEmpty); Mean, StdErr and a non-nil
// Complexity of different lengths (ErrShape); a NaN or infinite entry
// (ErrNotFinite); a negative StdErr (ErrParam).
func OneSE(c Curve) (*OneSEResult, error) {
	n := len(c.Mean)
	if n == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "validate: OneSE of an empty curve")
	}
	if len(c.StdErr) != n || (c.Complexity != nil && len(c.Complexity) != n) {
		return nil, featlab.Errorf(featlab.ErrShape, "validate: OneSE: %d means, %d standard errors, %d complexities", n, len(c.StdErr), len(c.Complexity))
	}
	cx := func(i int) float64 {
		if c.Complexity == nil {
			return float64(i)
		}
		return c.Complexity[i]
	}
	for i := 0; i < n; i++ {
		for _, v := range [...]float64{c.Mean[i], c.StdErr[i], cx(i)} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "validate: OneSE: model %d has %v", i, v)
			}
		}
		if c.StdErr[i] < 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "validate: OneSE: model %d has standard error %v < 0", i, c.StdErr[i])
		}
	}
	// simpler reports whether model i is preferred to model j: less
	// complex, then smaller mean, then smaller index.
	simpler := func(i, j int) bool {
		if cx(i) != cx(j) {
			return cx(i) < cx(j)
		}
		if c.Mean[i] != c.Mean[j] {
			return c.Mean[i] < c.Mean[j]
		}
		return i < j
	}
	best := 0
	for i := 1; i < n; i++ {
		if c.Mean[i] < c.Mean[best] || (c.Mean[i] == c.Mean[best] && simpler(i, best)) {
			best = i
		}
	}
	res := &OneSEResult{Best: best, Threshold: c.Mean[best] + c.StdErr[best], Chosen: best}
	for i := 0; i < n; i++ {
		if c.Mean[i] <= res.Threshold && simpler(i, res.Chosen) {
			res.Chosen = i
		}
	}
	return res, nil
}

// PathPredictor is a fitted family of models indexed by complexity:
// PredictPath returns one prediction vector per model, out[i][r] the
// prediction of model i for row r of X. represent's PCR and PLS results
// (models with 0..M components) and any path that can predict are ones.
type PathPredictor interface {
	PredictPath(X mat.Matrix) ([][]float64, error)
}

// PathCVConfig configures CrossValidatePath. Fit, Folds and Metric are
// required.
type PathCVConfig struct {
	// Fit fits the whole family on the training rows of a fold. It must
	// return the same number of models on every fold and, as the folds run
	// in parallel, be safe for concurrent use (not keep or modify X, y).
	Fit func(X mat.Matrix, y []float64) (PathPredictor, error)
	// Folds are the train/test splits (KFold, or the caller's own).
	Folds []Fold
	// Metric scores model i on a fold as Metric(yTest, predictions).
	Metric Metric
	// Complexity orders the models for the one-standard-error rule (see
	// Curve); nil: the index order.
	Complexity []float64
	// Workers is the number of folds fitted at once; 0: all cores.
	Workers int
	// Progress, if not nil, is told after each fold finishes.
	Progress featlab.Progress
}

// PathCVResult is K-fold cross-validation of a family of models.
type PathCVResult struct {
	// Scores holds the score of model i on fold f in row f, column i.
	Scores *mat.Dense
	// Curve has the mean over the folds of each model's score and its
	// standard error (MeanStdErr), and the config's Complexity.
	Curve Curve
	// OneSE is the one-standard-error choice on Curve (OneSE).
	OneSE *OneSEResult
}

// CrossValidatePath cross-validates every model of a family at once: on
// each fold cfg.Fit fits the family on the training rows, and model i is
// scored on the test rows by cfg.Metric; the curve is the mean score of
// each model over the folds with its standard error, and the model is
// chosen by the one-standard-error rule. The result does not depend on
// the number of workers. Errors: those of cfg.Fit, PredictPath and Metric,
// naming the first failing fold; families of different sizes on two
// folds (ErrShape); as CrossValidate for X, y and the folds.
func CrossValidatePath(X mat.Matrix, y []float64, cfg PathCVConfig) (*PathCVResult, error) {
	return CrossValidatePathContext(context.Background(), X, y, cfg)
}

// CrossValidatePathContext is CrossValidatePath with a context: once ctx
// is cancelled no new fold starts and the error wraps ctx.Err().
func CrossValidatePathContext(ctx context.Context, X mat.Matrix, y []float64, cfg PathCVConfig) (*PathCVResult, error) {
	if cfg.Fit == nil || cfg.Metric == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "validate: PathCVConfig needs Fit and Metric")
	}
	m, _, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if err := CheckFolds(m, cfg.Folds); err != nil {
		return nil, err
	}
	Xm := &mat.Dense{}
	Xm.SetRawMatrix(matx.RowMajor(X))
	scores := make([][]float64, len(cfg.Folds))
	err = par.Do(ctx, len(cfg.Folds), cfg.Workers, cfg.Progress, func(f int) error {
		fold := cfg.Folds[f]
		pp, err := cfg.Fit(matx.Rows(Xm, fold.Train), matx.Take(y, fold.Train))
		if err == nil && featlab.IsNilValue(pp) {
			err = featlab.Errorf(featlab.ErrParam, "validate: Fit returned a nil PathPredictor and no error")
		}
		var preds [][]float64
		if err == nil {
			preds, err = pp.PredictPath(matx.Rows(Xm, fold.Test))
		}
		if err == nil && len(preds) == 0 {
			err = featlab.Errorf(featlab.ErrEmpty, "validate: PredictPath returned no models")
		}
		yt := matx.Take(y, fold.Test)
		s := make([]float64, len(preds))
		for i := 0; i < len(preds) && err == nil; i++ {
			s[i], err = cfg.Metric(yt, preds[i])
		}
		if err != nil {
			return &foldError{fold: f, err: err}
		}
		scores[f] = s
		return nil
	})
	if err != nil {
		var fe *foldError
		if errors.As(err, &fe) {
			return nil, featlab.Wrap(fe.err, "validate: fold %d", fe.fold)
		}
		return nil, featlab.Wrap(err, "validate: path cross-validation")
	}
	n := len(scores[0])
	S := mat.NewDense(len(scores), n, nil)
	for f, s := range scores {
		if len(s) != n {
			return nil, featlab.Errorf(featlab.ErrShape, "validate: fold %d has %d models, fold 0 has %d", f, len(s), n)
		}
		S.SetRow(f, s)
	}
	c := Curve{Mean: make([]float64, n), StdErr: make([]float64, n), Complexity: cfg.Complexity}
	for i := 0; i < n; i++ {
		c.Mean[i], c.StdErr[i], _ = MeanStdErr(mat.Col(nil, i, S))
	}
	one, err := OneSE(c)
	if err != nil {
		return nil, err
	}
	return &PathCVResult{Scores: S, Curve: c, OneSE: one}, nil
}
