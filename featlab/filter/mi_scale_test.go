package filter

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

// MutualInfo is scale-free: the k-NN estimators see the data only after
// scaling to unit variance. Before the fix its variance over- or
// underflowed beyond |x| of about 1e152 or below 1e-162 and every score
// silently became 0 (issue 9).
func TestMutualInfoScaleFree(t *testing.T) {
	ds := datasets.Diabetes()
	m, d := ds.X.Dims()
	scaled := func(c float64) (*mat.Dense, []float64) {
		X := mat.NewDense(m, d, nil)
		X.Scale(c, ds.X)
		y := make([]float64, m)
		for i, v := range ds.Y {
			y[i] = v * c
		}
		return X, y
	}
	for _, discrete := range []bool{false, true} {
		y0 := ds.Y
		if discrete {
			// median split of the target: Ross's estimator
			y0 = make([]float64, m)
			for i, v := range ds.Y {
				if v > 140 {
					y0[i] = 1
				}
			}
		}
		cfg := MIConfig{DiscreteTarget: discrete, Seed: 3}
		ref, err := MutualInfo(ds.X, y0, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []float64{0x1p900, 0x1p-1000, 1e300, 1e-300, 1e152, 1e-162} {
			X, y := scaled(c)
			if discrete {
				y = y0
			}
			got, err := MutualInfo(X, y, cfg)
			if err != nil {
				t.Fatalf("scale %g: %v", c, err)
			}
			tol := 1e-9
			if c == 0x1p900 || c == 0x1p-1000 {
				tol = 0 // a power of two scales exactly: same bits
			}
			for j := range ref.Values {
				if math.Abs(got.Values[j]-ref.Values[j]) > tol {
					t.Errorf("discrete target %v, X*%g: MI(%s) = %v, unscaled %v", discrete, c, ds.Names[j], got.Values[j], ref.Values[j])
				}
			}
		}
	}
}
