package greedy

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// prescaled returns s X with s an exact power of two when X's entries lie
// far outside the ordinary range (matx.Prescale), and s = 1 otherwise.
// Squared norms and Gram entries of X near 1e+-300 underflow or overflow;
// on s X they do not, every choice is the one exact arithmetic makes on X,
// and the fitted coefficients are 1/s times those on X.
func prescaled(X mat.Matrix) (mat.Matrix, float64) {
	if featlab.IsNil(X) {
		return X, 1
	}
	if r, c := X.Dims(); r == 0 || c == 0 {
		return X, 1
	}
	return matx.Prescale(X)
}

// unscale turns an OMP, OMPTextbook or Forward result computed on s X
// into the result on X: coefficients times s; under the Correlation rule
// without Normalize the criterion |<X_j, r>| is divided by s (every other
// criterion, gain, residual and Theta is scale-free).
func (r *OMPResult) unscale(s float64, corr bool) error {
	ok := matx.Unscale(r.Coef, s)
	for t := range r.Rounds {
		rd := &r.Rounds[t]
		ok = matx.Unscale(rd.Coef, s) && ok
		if corr {
			rd.Criterion /= s
			for j, v := range rd.Scores {
				rd.Scores[j] = v / s
			}
		}
	}
	if !ok {
		return featlab.Errorf(featlab.ErrNotFinite, "greedy: %s: a coefficient overflows float64 on X of scale %g", r.Method, 1/s)
	}
	return nil
}

func (r *BackwardResult) unscale(s float64) error {
	ok := matx.Unscale(r.Coef, s)
	for t := range r.Steps {
		ok = matx.Unscale(r.Steps[t].Coef, s) && ok
	}
	if !ok {
		return featlab.Errorf(featlab.ErrNotFinite, "greedy: %s: a coefficient overflows float64 on X of scale %g", r.Method, 1/s)
	}
	return nil
}

// unscale turns a CoordinateGreedy result computed on s X into the result
// on X: w_j on X is s times w_j on s X (X w = (s X)(w / s)), so
// coefficients and steps are multiplied by s and derivatives dR/dw_j
// divided by s; risks (and line-search criteria) do not change.
func (r *CoordinateResult) unscale(s float64, grad bool) error {
	ok := matx.Unscale(r.Coef, s)
	for t := range r.Rounds {
		rd := &r.Rounds[t]
		ok = matx.Unscale(rd.Coef, s) && ok
		rd.Eta *= s
		rd.Gradient /= s
		if grad {
			rd.Criterion /= s
			for j, v := range rd.Scores {
				rd.Scores[j] = v / s
			}
		}
	}
	if !ok {
		return featlab.Errorf(featlab.ErrNotFinite, "greedy: %s: a coefficient overflows float64 on X of scale %g", r.Method, 1/s)
	}
	return nil
}
