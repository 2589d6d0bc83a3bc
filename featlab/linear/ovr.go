package linear

import (
	"context"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// OneVsRestConfig wraps a binary learner into a k-class classifier.
// OneVsRestConfig is a featlab.Learner.
type OneVsRestConfig struct {
	// Learner is the binary learner fitted once per class on labels 1
	// (the class) and 0 (every other class); it must accept {0, 1}
	// targets (LogisticConfig, SparseSVMConfig and LassoConfig do).
	// Required.
	Learner featlab.Learner
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Workers bounds the classes fitted in parallel (<= 0: all cores);
	// the result does not depend on it.
	Workers int
}

// OneVsRestResult holds one binary model per class. It implements
// featlab.Predictor: each row goes to the class whose model scores it
// highest.
type OneVsRestResult struct {
	// Classes are the class labels, sorted; Models[k] separates
	// Classes[k] (label 1) from the rest (label 0).
	Classes []float64
	Models  []featlab.Predictor

	names []string
	d     int
}

// OneVsRest fits cfg.Learner once per class of y (any finite labels,
// at least two distinct), class k against the rest, as scikit-learn's
// OneVsRestClassifier. The score of class k at x is the model's
// Decision (the signed margin of a logistic model or an SVM) when it has
// one, else its Proba, else its prediction; the predicted class is the
// one of largest score (the smallest label among ties). With two classes
// the two models are fitted all the same.
func OneVsRest(X mat.Matrix, y []float64, cfg OneVsRestConfig) (*OneVsRestResult, error) {
	return OneVsRestContext(context.Background(), X, y, cfg)
}

// OneVsRestContext is OneVsRest with a context: once ctx is done no new
// class is fitted and the error wraps ctx.Err().
func OneVsRestContext(ctx context.Context, X mat.Matrix, y []float64, cfg OneVsRestConfig) (*OneVsRestResult, error) {
	if featlab.IsNilValue(cfg.Learner) {
		return nil, featlab.Errorf(featlab.ErrParam, "OneVsRest needs a binary Learner")
	}
	_, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	classes, yi, err := multiClasses(y)
	if err != nil {
		return nil, err
	}
	K := len(classes)
	res := &OneVsRestResult{Classes: classes, Models: make([]featlab.Predictor, K), names: cfg.Names, d: d}
	err = par.Do(ctx, K, cfg.Workers, nil, func(k int) error {
		yk := make([]float64, len(y))
		for i, c := range yi {
			if c == k {
				yk[i] = 1
			}
		}
		p, err := featlab.FitContext(ctx, cfg.Learner, X, yk)
		if err != nil {
			return fmt.Errorf("linear: OneVsRest, class %v against the rest: %w", classes[k], err)
		}
		if featlab.IsNilValue(p) {
			return featlab.Errorf(featlab.ErrParam, "linear: OneVsRest, class %v: the learner returned a nil predictor", classes[k])
		}
		res.Models[k] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// Fit makes OneVsRestConfig a featlab.Learner.
func (cfg OneVsRestConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return OneVsRest(X, y, cfg)
}

// Scores returns the score of every class at every row of X (m x K,
// column k from Models[k]; see OneVsRest).
func (r *OneVsRestResult) Scores(X mat.Matrix) (*mat.Dense, error) {
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	if d != r.d {
		return nil, featlab.Errorf(featlab.ErrShape, "X has %d columns, the model %d features", d, r.d)
	}
	S := mat.NewDense(m, len(r.Models), nil)
	for k, p := range r.Models {
		var s []float64
		var err error
		switch q := p.(type) {
		case interface {
			Decision(mat.Matrix) ([]float64, error)
		}:
			s, err = q.Decision(X)
		case interface {
			Proba(mat.Matrix) ([]float64, error)
		}:
			s, err = q.Proba(X)
		default:
			s, err = p.Predict(X)
		}
		if err != nil {
			return nil, err
		}
		if len(s) != m {
			return nil, featlab.Errorf(featlab.ErrShape, "model of class %v returned %d scores for %d rows", r.Classes[k], len(s), m)
		}
		for i, v := range s {
			if math.IsNaN(v) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "model of class %v scored row %d NaN", r.Classes[k], i)
			}
		}
		S.SetCol(k, s)
	}
	return S, nil
}

// Predict returns, per row of X, the class of largest score.
func (r *OneVsRestResult) Predict(X mat.Matrix) ([]float64, error) {
	S, err := r.Scores(X)
	if err != nil {
		return nil, err
	}
	return argmaxLabels(S, r.Classes), nil
}

// Selection returns the union of the features the class models select
// (those with a Selection method; a model without one selects every
// feature), ranked by the number of classes that select each feature
// (its score), ties by index.
func (r *OneVsRestResult) Selection() *featlab.Selection {
	votes := make([]float64, r.d)
	for _, p := range r.Models {
		sp, ok := p.(interface{ Selection() *featlab.Selection })
		if !ok {
			for j := range votes {
				votes[j]++
			}
			continue
		}
		for _, j := range sp.Selection().Chosen {
			votes[j]++
		}
	}
	return weightSelection(fmt.Sprintf("one-vs-rest union over %d classes", len(r.Classes)), votes, r.names)
}
