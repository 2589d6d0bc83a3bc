package synth

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// streamDrifting is the PCG stream of DriftingMissing: 0, the stream of the
// generator notebook 10 first wrote inline, so its numbers are unchanged.
const streamDrifting = 0

// DriftingMissing samples m days in time order whose first feature drifts
// and is often missing (notebook 10's case for imputing inside each fold):
// for day i, t = i/m in [0, 1),
//
//	x1 = 4 t + 0.1 e1,   x2 = e2,   y = 2 x1 + x2 + 0.1 e3,   e1, e2, e3 ~ N(0, 1),
//
// and x1 is replaced by NaN with probability 0.4, independently per day (y
// is computed from the value before it goes missing). Draws per day, in
// order: e1, e2, e3, then the uniform that decides the hole. Rows are in
// time order (not shuffled): contiguous folds are stretches of days. m must
// be at least 2 (featlab.ErrParam).
func DriftingMissing(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamDrifting)
	X, y := mat.NewDense(m, 2, nil), make([]float64, m)
	for i := range m {
		x1, x2 := 4*float64(i)/float64(m)+0.1*r.NormFloat64(), r.NormFloat64()
		y[i] = 2*x1 + x2 + 0.1*r.NormFloat64()
		X.SetRow(i, []float64{x1, x2})
		if r.Float64() < 0.4 {
			X.Set(i, 0, math.NaN())
		}
	}
	return &featlab.Dataset{X: X, Y: y, Names: []string{"x1", "x2"}, Target: "y"}, nil
}
