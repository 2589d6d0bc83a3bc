package greedy

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func scaleProblem(m, d int, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = 3*X.At(i, 1) - 2*X.At(i, 4) + X.At(i, d-1) + 0.3*rng.NormFloat64()
	}
	return X, y
}

// TestSelectionsScaleFree: OMP (both rules), OMPTextbook, Forward and
// Backward choose the same features in the same order when X is scaled by
// 1e+-150 or 1e+-300, every RSS is finite, and the coefficients are those
// of the unscaled fit divided by the scale.
func TestSelectionsScaleFree(t *testing.T) {
	X, y := scaleProblem(50, 8, 1)
	type fit struct {
		order []int
		coef  []float64
		rss   []float64
	}
	run := func(name string, X mat.Matrix) (fit, error) {
		var f fit
		if name == "Backward" {
			r, err := Backward(X, y, BackwardConfig{K: 2, Intercept: true})
			if err != nil {
				return f, err
			}
			f.order, f.coef = r.Removed, r.Coef
			for _, st := range r.Steps {
				f.rss = append(f.rss, st.RSS)
			}
			return f, nil
		}
		var r *OMPResult
		var err error
		switch name {
		case "OMP":
			r, err = OMP(X, y, OMPConfig{T: 4, Intercept: true})
		case "OMP correlation":
			r, err = OMP(X, y, OMPConfig{T: 4, Rule: Correlation})
		case "OMPTextbook":
			r, err = OMPTextbook(X, y, OMPConfig{T: 4})
		case "Forward":
			r, err = Forward(X, y, ForwardConfig{T: 4, Intercept: true})
		}
		if err != nil {
			return f, err
		}
		f.order, f.coef = r.Support, r.Coef
		for _, rd := range r.Rounds {
			f.rss = append(f.rss, rd.Residual*rd.Residual)
		}
		return f, nil
	}
	for _, name := range []string{"OMP", "OMP correlation", "OMPTextbook", "Forward", "Backward"} {
		ref, err := run(name, X)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range []float64{1e-300, 1e-150, 1e150, 1e300} {
			Xc := mat.DenseCopyOf(X)
			Xc.Scale(c, Xc)
			got, err := run(name, Xc)
			if err != nil {
				t.Errorf("%s, X x %g: %v", name, c, err)
				continue
			}
			if fmt.Sprint(got.order) != fmt.Sprint(ref.order) {
				t.Errorf("%s, X x %g: order %v, unscaled %v", name, c, got.order, ref.order)
				continue
			}
			for k, v := range got.rss {
				if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v-ref.rss[k]) > 1e-8*math.Max(1, ref.rss[k]) {
					t.Errorf("%s, X x %g: RSS %d = %v, unscaled %v", name, c, k, v, ref.rss[k])
					break
				}
			}
			for j, v := range got.coef {
				if w := ref.coef[j]; math.Abs(v*c-w) > 1e-8*math.Max(1, math.Abs(w)) {
					t.Errorf("%s, X x %g: coef %d = %g (x c = %g), unscaled %g", name, c, j, v, v*c, w)
					break
				}
			}
		}
	}
}
