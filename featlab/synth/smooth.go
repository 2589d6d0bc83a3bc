package synth

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// streamSmooth is 11: notebook 05's Tikhonov problem (seed 5) predates the
// package's stream constants.
const streamSmooth = 11

// Smooth returns notebook 05's Tikhonov test problem: m examples of d
// features ordered along a line, x_ij ~ N(0, 1) independent, the smooth
// true weights w*_j = sin(2 pi j / d) and y = X w* + e, e ~ N(0, 1). For
// such weights a first-difference penalty (linear.DifferenceOperator as
// Tikhonov's Gamma) beats ridge's pull towards 0. It returns the data set
// (features x1..xd) and w*. m >= 1, d >= 2.
func Smooth(m, d int, seed uint64) (*featlab.Dataset, []float64, error) {
	if err := checkM(m, 1); err != nil {
		return nil, nil, err
	}
	if d < 2 {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "synth: Smooth: d = %d features, need at least 2", d)
	}
	if err := featlab.CheckCells("synth: Smooth X", "", m, d, 0); err != nil {
		return nil, nil, err
	}
	r := newRand(seed, streamSmooth)
	X, w, y := mat.NewDense(m, d, nil), make([]float64, d), make([]float64, m)
	for j := range w {
		w[j] = math.Sin(2 * math.Pi * float64(j) / float64(d))
	}
	for i := range y {
		for j := range w {
			X.Set(i, j, r.NormFloat64())
			y[i] += X.At(i, j) * w[j]
		}
		y[i] += r.NormFloat64()
	}
	ds, err := featlab.NewDataset(X, y, nil, "y")
	return ds, w, err
}
