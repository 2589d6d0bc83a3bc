package prox

import (
	"math"
	"testing"
)

// separable is min over x of sum_j (1/2)(x_j - a_j)^2 + l |x_j|, whose
// solution is soft(a, l): A = I, z = x.
func separable(a []float64, l float64) Problem {
	n := len(a)
	soft := func(v, t float64) float64 {
		switch {
		case v > t:
			return v - t
		case v < -t:
			return v + t
		}
		return 0
	}
	return Problem{N: n, M: n,
		Apply: func(z, x []float64) { copy(z, x) },
		Grad: func(g, x, z []float64) {
			for j := range g {
				g[j] = z[j] - a[j]
			}
		},
		Prox: func(x []float64, L float64) {
			for j := range x {
				x[j] = soft(x[j], l/L)
			}
		},
		Value: func(x, z []float64) float64 {
			f := 0.0
			for j := range x {
				f += 0.5*(z[j]-a[j])*(z[j]-a[j]) + l*math.Abs(x[j])
			}
			return f
		},
		Done: func(x, z, g []float64) (float64, bool) {
			e := 0.0
			for j := range x {
				e = math.Max(e, math.Abs(x[j]-soft(a[j], l)))
			}
			return e, e <= 1e-12
		},
	}
}

// TestMinimize: with L = 2 (an overestimate of the true 1) every variant
// reaches soft(a, l); the history starts at the starting point and never
// increases for plain proximal gradient; Stop ends the loop at once.
func TestMinimize(t *testing.T) {
	a := []float64{3, -0.2, 0.5, -4, 0}
	for _, o := range []Options{
		{L: 2, MaxIter: 1000},
		{L: 2, MaxIter: 1000, Accelerate: true, CheckEvery: 3},
		{L: 2, MaxIter: 1000, Accelerate: true, Restart: true},
	} {
		x := make([]float64, len(a))
		r := Minimize(separable(a, 1), x, o)
		if !r.Converged || r.Gap > 1e-12 {
			t.Errorf("%+v: converged %v, gap %v after %d", o, r.Converged, r.Gap, r.Iter)
		}
		if len(r.History) != r.Iter+1 || r.History[0] != 0.5*(9+0.04+0.25+16) {
			t.Errorf("%+v: history %v", o, r.History)
		}
		if !o.Accelerate {
			for k := 1; k < len(r.History); k++ {
				if r.History[k] > r.History[k-1] {
					t.Errorf("ISTA objective went up at %d", k)
				}
			}
		}
	}
	calls := 0
	x := make([]float64, len(a))
	r := Minimize(separable(a, 1), x, Options{L: 2, MaxIter: 1000, Accelerate: true, Stop: func() bool { calls++; return calls > 3 }})
	if r.Iter != 3 || r.Converged {
		t.Errorf("stopped after %d iterations (converged %v)", r.Iter, r.Converged)
	}
}
