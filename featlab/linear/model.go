package linear

import (
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Model is a fitted linear predictor x -> w.x + b.
type Model struct {
	Coef      []float64 // w, one weight per feature
	Intercept float64   // b; 0 when no intercept was fitted
}

// Predict returns X w + b, one value per row of X. X must have len(Coef)
// columns and finite values.
func (md *Model) Predict(X mat.Matrix) ([]float64, error) {
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	if d != len(md.Coef) {
		return nil, featlab.Errorf(featlab.ErrShape, "X has %d columns, the model %d coefficients", d, len(md.Coef))
	}
	raw := matx.RowMajor(X)
	out := make([]float64, m)
	for i := range out {
		out[i] = md.Intercept
	}
	blas64.Gemv(blas.NoTrans, 1, raw, blas64.Vector{N: d, Inc: 1, Data: md.Coef}, 1, blas64.Vector{N: m, Inc: 1, Data: out})
	return out, nil
}

// Support returns the indices of the non-zero coefficients, in increasing
// order: the features the model selects.
func (md *Model) Support() []int { return support(md.Coef) }
