package importance

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
)

// RFECVConfig configures RFECV. Learner is required; every other field's
// zero value is the documented default. RFECVConfig is a featlab.Selector.
type RFECVConfig struct {
	// Learner, Importance and Step are as in RFEConfig.
	Learner    featlab.Learner
	Importance Getter
	Step       float64
	// MinFeatures is the smallest number of features tried, in [1, d];
	// default 0: 1.
	MinFeatures int
	// Folds are the cross-validation splits (default nil: validate.KFold
	// with K folds drawn from Seed).
	Folds []validate.Fold
	// K is the number of folds when Folds is nil; default 0: 5.
	K int
	// Seed seeds the default folds.
	Seed uint64
	// Metric scores a model's predictions on a test fold, as
	// Metric(yTest, yhat); default nil: validate.Accuracy (scikit-learn's
	// default score for a classifier). Higher is better unless
	// LowerIsBetter.
	Metric        validate.Metric
	LowerIsBetter bool
	// Workers is the number of folds run at once; 0 means all cores. The
	// result does not depend on it.
	Workers int
	// Names names the features (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, is told after each fold's elimination and
	// after the final RFE: done of len(Folds) + 1.
	Progress featlab.Progress
}

// RFECVResult is the outcome of RFECV: the cross-validation curve and the
// final elimination on all the data.
type RFECVResult struct {
	// Sizes are the numbers of features tried, increasing (from
	// MinFeatures to d).
	Sizes []int
	// Scores[f][t] is the score on test fold f of the model with Sizes[t]
	// features of the elimination run on fold f's training rows.
	Scores [][]float64
	// Mean and Std are the mean and the standard deviation (divisor the
	// number of folds, numpy's np.std) of Scores over the folds, per size:
	// scikit-learn's cv_results_ "mean_test_score" and "std_test_score".
	Mean, Std []float64
	// NFeatures is the chosen number of features: the size with the best
	// summed score over the folds, the smallest such size on a tie.
	NFeatures int
	// RFE is the elimination on all the data down to NFeatures features.
	*RFEResult
}

// RFECV chooses the number of features of RFE by cross-validation, as
// scikit-learn's RFECV: on the training rows of every fold, RFE runs from
// d features down to MinFeatures, and the model fitted at each step is
// scored on the fold's test rows; the number of features n* maximises
// the sum (equivalently the mean) of the fold scores,
//
//	n* = argmax_n sum_f score_f(n)    (the smallest n on a tie)
//
// and RFE on all the data keeps n* features. The learner is fitted
// (d - MinFeatures)/step + 1 times per fold (rounded up), plus the final
// RFE's fits. Folds run in parallel on Workers goroutines; the Learner and
// its predictors must be safe for concurrent use (featlab's are).
func RFECV(X mat.Matrix, y []float64, cfg RFECVConfig) (*RFECVResult, error) {
	return RFECVContext(context.Background(), X, y, cfg)
}

// RFECVContext is RFECV with a context: once ctx is done no new fold and
// no new fit starts, and the call returns nil and an error wrapping
// ctx.Err() (a partial curve chooses nothing). A featlab.ContextLearner
// is fitted through FitContext, so a cancel stops inside a fit too.
func RFECVContext(ctx context.Context, X mat.Matrix, y []float64, cfg RFECVConfig) (*RFECVResult, error) {
	if cfg.Learner == nil || featlab.IsNilValue(cfg.Learner) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: RFECVConfig needs a Learner")
	}
	m, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: RFECV")
	}
	minF := cfg.MinFeatures
	if minF == 0 {
		minF = 1
	}
	if minF < 1 || minF > d {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: MinFeatures = %d must be in [1, %d]", cfg.MinFeatures, d)
	}
	step, err := stepCount(cfg.Step, d)
	if err != nil {
		return nil, err
	}
	folds := cfg.Folds
	if folds == nil {
		k := cfg.K
		if k == 0 {
			k = 5
		}
		if folds, err = validate.KFold(m, k, cfg.Seed); err != nil {
			return nil, err
		}
	} else if err := validate.CheckFolds(m, folds); err != nil {
		return nil, err
	}
	metric := cfg.Metric
	if metric == nil {
		metric = validate.Accuracy
	}
	Xd := dense(X)
	e := &eliminator{learner: cfg.Learner, get: cfg.Importance, step: step, keep: minF}
	nfit := e.fits(d)
	scores := make([][]float64, len(folds))
	var prog func(done, total int)
	if cfg.Progress != nil {
		prog = func(done, _ int) { cfg.Progress(done, len(folds)+1) }
	}
	err = par.Do(ctx, len(folds), cfg.Workers, prog, func(f int) error {
		fold := folds[f]
		Xtr, ytr := matx.Rows(Xd, fold.Train), matx.Take(y, fold.Train)
		Xte, yte := matx.Rows(Xd, fold.Test), matx.Take(y, fold.Test)
		sc := make([]float64, 0, nfit)
		fe := *e // one per fold: the warm start is per elimination
		_, err := fe.run(ctx, Xtr, ytr, func(p featlab.Predictor, feats []int) error {
			Xs := Xte
			if len(feats) < d {
				Xs = matx.Cols(Xte, feats)
			}
			yhat, err := p.Predict(Xs)
			if err != nil {
				return err
			}
			s, err := metric(yte, yhat)
			if err != nil {
				return err
			}
			if math.IsNaN(s) || math.IsInf(s, 0) {
				return featlab.Errorf(featlab.ErrNotFinite, "importance: the metric gave %v", s)
			}
			sc = append(sc, s)
			return nil
		})
		if err != nil {
			return featlab.Wrap(err, "importance: RFECV fold %d", f)
		}
		scores[f] = sc
		return nil
	})
	if err != nil {
		var pe *par.PanicError
		if errors.As(err, &pe) {
			return nil, featlab.Wrap(err, "importance: RFECV")
		}
		return nil, err
	}
	// scores[f][t] is for d - t*step features (the last one MinFeatures);
	// reverse to increasing sizes.
	res := &RFECVResult{Sizes: make([]int, nfit), Scores: make([][]float64, len(folds)), Mean: make([]float64, nfit), Std: make([]float64, nfit)}
	for t := range nfit {
		res.Sizes[t] = max(d-(nfit-1-t)*step, minF)
	}
	for f, sc := range scores {
		res.Scores[f] = make([]float64, nfit)
		for t := range nfit {
			res.Scores[f][t] = sc[nfit-1-t]
		}
	}
	best, bestSum := 0, math.Inf(-1)
	nf := float64(len(folds))
	for t := range nfit {
		sum := 0.0
		for f := range folds {
			sum += res.Scores[f][t]
		}
		res.Mean[t] = sum / nf
		v := 0.0
		for f := range folds {
			r := res.Scores[f][t] - res.Mean[t]
			v += r * r
		}
		res.Std[t] = math.Sqrt(v / nf)
		key := sum
		if cfg.LowerIsBetter {
			key = -sum
		}
		if key > bestSum {
			best, bestSum = t, key
		}
	}
	res.NFeatures = res.Sizes[best]
	rfe, err := RFEContext(ctx, Xd, y, RFEConfig{Learner: cfg.Learner, Importance: cfg.Importance, NFeatures: res.NFeatures, Step: float64(step), Names: cfg.Names})
	if err != nil {
		return nil, err
	}
	res.RFEResult = rfe
	if cfg.Progress != nil {
		if err := par.Report(cfg.Progress, len(folds)+1, len(folds)+1); err != nil {
			return nil, featlab.Wrap(err, "importance: RFECV")
		}
	}
	return res, nil
}

// Select makes RFECVConfig a featlab.Selector: RFECV(X, y,
// cfg).Selection().
func (cfg RFECVConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := RFECV(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Selection is the final RFE's selection, its method naming the
// cross-validated choice.
func (r *RFECVResult) Selection() *featlab.Selection {
	s := r.RFEResult.Selection()
	s.Method = fmt.Sprintf("RFECV, %d of %d features (best CV score over %d sizes)", r.NFeatures, len(r.Ranking), len(r.Sizes))
	return s
}
