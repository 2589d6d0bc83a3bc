package greedy

import (
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// Select runs OMP and returns its Selection: OMPConfig is a
// featlab.Selector.
func (cfg OMPConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := OMP(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Fit runs OMP and returns the fitted linear model: OMPConfig is a
// featlab.Learner.
func (cfg OMPConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	r, err := OMP(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Predict returns X w + b for the fitted weights: OMPResult is a
// featlab.Predictor.
func (r *OMPResult) Predict(X mat.Matrix) ([]float64, error) {
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	if d != len(r.Coef) {
		return nil, featlab.Errorf(featlab.ErrShape, "greedy.OMPResult.Predict: X has %d columns, fitted on %d", d, len(r.Coef))
	}
	raw := matx.RowMajor(X)
	out := make([]float64, m)
	for i := range out {
		row := matx.Row(raw, i)
		s := r.Intercept
		for _, j := range r.Support {
			s += r.Coef[j] * row[j]
		}
		out[i] = s
	}
	return out, nil
}

// Select runs Forward: ForwardConfig is a featlab.Selector.
func (cfg ForwardConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := Forward(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Select runs Backward: BackwardConfig is a featlab.Selector.
func (cfg BackwardConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := Backward(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Select runs CoordinateGreedy: CoordinateConfig is a featlab.Selector.
func (cfg CoordinateConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := CoordinateGreedy(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Select runs AdaBoostGreedy: AdaBoostConfig is a featlab.Selector.
func (cfg AdaBoostConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := AdaBoostGreedy(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

var (
	_ featlab.Selector  = OMPConfig{}
	_ featlab.Learner   = OMPConfig{}
	_ featlab.Predictor = (*OMPResult)(nil)
	_ featlab.Selector  = ForwardConfig{}
	_ featlab.Selector  = BackwardConfig{}
	_ featlab.Selector  = CoordinateConfig{}
	_ featlab.Selector  = AdaBoostConfig{}
)
